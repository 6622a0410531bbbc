import fc from 'fast-check';
import { API_KEY_ENV } from '../core/api-key-variable.js';
import { inOtherAlphabet } from '../core/base64-alphabets.js';
import { shellLiteral, type Token } from '../http/credential.js';
import { knownShapes } from './known-shape.js';

/**
 * Shell pieces of the key: all of it, a substring, one character's letter case swapped. POSIX sh, not bash: a
 * reproduction is pasted into whatever shell is at hand (`${KEY:0:7}` fails under dash). `cut -c` counts bytes in
 * some implementations, which are the key's characters: a key is visible ASCII only (core/header-text.ts).
 */
const KEY = `\${${API_KEY_ENV}}`; // braced: a character appended after it must not extend the name
const part = (from: number, length?: number) => (length === 0 ? ''
  : `$(printf %s "${KEY}" | cut -c${from + 1}-${length === undefined ? '' : from + length})`);
const swapped = (word: string) => `$(printf %s "${word}" | tr a-zA-Z A-Za-z)`;
const otherAlphabet = (word: string) => `$(printf %s "${word}" | tr -- '+/_-' '-_/+')`;
const percentEncoded = (word: string) => `$(printf %s "${word}" | od -An -tx1 | tr -d ' \\n' | sed 's/../%&/g' | tr a-f A-F)`;

/**
 * A change to the valid key, as data: generated cases, counterexamples and reports hold the description,
 * never the key. Positions are fractions of the key's length so that one mutation applies to any key.
 */
export type KeyMutation =
  | { readonly kind: 'append'; readonly text: string }
  | { readonly kind: 'prepend'; readonly text: string }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'replace'; readonly at: number; readonly by: string }
  | { readonly kind: 'recase'; readonly at: number }
  | { readonly kind: 'recase-all' }
  | { readonly kind: 'truncate'; readonly keep: number }
  | { readonly kind: 'percent-encode'; readonly at: number }
  | { readonly kind: 'wrap'; readonly before: string; readonly after: string }
  | { readonly kind: 'other-alphabet' };

/**
 * Applies a mutation; undefined when it does not change this key (e.g. re-casing a digit). The token's shell form
 * rebuilds it from $PETSTORE_API_KEY (substrings count characters, as the mutation does).
 */
export function mutateKey(key: string, mutation: KeyMutation): Token | undefined {
  const chars = [...key];
  const index = (at: number) => Math.min(chars.length - 1, Math.floor(at * chars.length));
  let value: string;
  let shown: string;
  let shell: string;
  switch (mutation.kind) {
    case 'append':
      value = key + mutation.text;
      shown = `valid key with ${JSON.stringify(mutation.text)} appended`;
      shell = KEY + shellLiteral(mutation.text);
      break;
    case 'prepend':
      value = mutation.text + key;
      shown = `valid key with ${JSON.stringify(mutation.text)} prepended`;
      shell = shellLiteral(mutation.text) + KEY;
      break;
    case 'remove': {
      const i = index(mutation.at);
      value = [...chars.slice(0, i), ...chars.slice(i + 1)].join('');
      shown = `valid key without its character ${i + 1}`;
      shell = part(0, i) + part(i + 1);
      break;
    }
    case 'replace': {
      const i = index(mutation.at);
      // Replacing a character by itself would change nothing: take the next one instead.
      const by = mutation.by === chars[i] ? (mutation.by === 'x' ? 'y' : 'x') : mutation.by;
      value = [...chars.slice(0, i), by, ...chars.slice(i + 1)].join('');
      shown = `valid key with its character ${i + 1} replaced by ${JSON.stringify(by)}`;
      shell = part(0, i) + shellLiteral(by) + part(i + 1);
      break;
    }
    case 'recase': {
      const i = index(mutation.at);
      value = [...chars.slice(0, i), swapCase(chars[i] ?? ''), ...chars.slice(i + 1)].join('');
      shown = `valid key with the letter case of its character ${i + 1} changed`;
      shell = part(0, i) + swapped(part(i, 1)) + part(i + 1);
      break;
    }
    case 'recase-all':
      value = chars.map(swapCase).join('');
      shown = 'valid key with the letter case of every letter changed';
      shell = swapped(KEY);
      break;
    case 'truncate': {
      const keep = Math.floor(mutation.keep * chars.length);
      value = chars.slice(0, keep).join('');
      shown = `valid key truncated to its first ${keep} characters`;
      shell = part(0, keep);
      break;
    }
    // A server that URL-decodes the token (it came through a query-string parser) accepts "%41" for "A".
    case 'percent-encode': {
      const i = index(mutation.at);
      const encoded = [...Buffer.from(chars[i] ?? '', 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
      value = [...chars.slice(0, i), encoded, ...chars.slice(i + 1)].join('');
      shown = `valid key with its character ${i + 1} percent-encoded`;
      shell = part(0, i) + percentEncoded(part(i, 1)) + part(i + 1);
      break;
    }
    // A server that strips quotes or brackets around the token (docs show "Bearer <API_KEY>") accepts them.
    case 'wrap':
      value = mutation.before + key + mutation.after;
      shown = `valid key wrapped in ${JSON.stringify(mutation.before)} and ${JSON.stringify(mutation.after)}`;
      shell = shellLiteral(mutation.before) + KEY + shellLiteral(mutation.after);
      break;
    // A server that compares the bytes a key decodes to takes either base64 alphabet for the other. Where the key
    // holds none of `+/-_`, nothing changes, and the mutation is not sent.
    case 'other-alphabet':
      value = inOtherAlphabet(key);
      shown = 'valid key in the other base64 alphabet';
      shell = otherAlphabet(KEY);
      break;
  }
  return value === key || value.length === 0 ? undefined : { value, shown: `<${shown}>`, shell };
}

function swapCase(c: string): string {
  const upper = c.toUpperCase();
  return upper !== c ? upper : c.toLowerCase();
}

/** What clients put around a token by mistake, and lenient servers strip: quotes, brackets, braces. */
export const WRAPPINGS: readonly (readonly [string, string])[] = [['"', '"'], ["'", "'"], ['<', '>'], ['{', '}'], ['[', ']']];

const position = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const keyCharacter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=');

/** Every kind of key mutation, at any position, with any printable ASCII key character. */
export const keyMutation: fc.Arbitrary<KeyMutation> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), text: fc.string({ unit: keyCharacter, minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('prepend' as const), text: fc.string({ unit: keyCharacter, minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: position }),
  fc.record({ kind: fc.constant('replace' as const), at: position, by: keyCharacter }),
  fc.record({ kind: fc.constant('recase' as const), at: position }),
  fc.constant({ kind: 'recase-all' as const }),
  fc.record({ kind: fc.constant('truncate' as const), keep: position }),
  fc.record({ kind: fc.constant('percent-encode' as const), at: position }),
  fc.constantFrom(...WRAPPINGS.map(([before, after]) => ({ kind: 'wrap' as const, before, after }))),
  fc.constant({ kind: 'other-alphabet' as const }),
);

/**
 * Where the representative mutations are made, as fractions of the key's length: the first character, the middle
 * one, and the last (any fraction at or past (length - 1) / length is the last, for keys up to a billion characters).
 */
const FIRST = 0;
const MIDDLE = 0.5;
const LAST = 1 - 1e-9;

/**
 * Each kind of mutation where lenient comparisons miss it, and every wrapping: a compare that skips the last
 * character, looks at a prefix (the first 12, half the key) or ignores letter case; a key with padding ("=")
 * appended; the key in the other base64 alphabet, for a compare of decoded bytes. Recasing is at the first character, a letter in the usual keys ("psk_…", "sk_live_…"): a middle one may
 * be a digit, which has no case, and then the example would not apply. Typed by kind, so that a kind added to the
 * grammar does not compile until it has its examples.
 */
const REPRESENTATIVES: { readonly [K in KeyMutation['kind']]: readonly Extract<KeyMutation, { kind: K }>[] } = {
  append: [{ kind: 'append', text: 'x' }, { kind: 'append', text: '=' }],
  prepend: [{ kind: 'prepend', text: 'x' }],
  remove: [{ kind: 'remove', at: LAST }],
  replace: [FIRST, MIDDLE, LAST].map((at) => ({ kind: 'replace', at, by: 'x' })),
  recase: [{ kind: 'recase', at: FIRST }],
  'recase-all': [{ kind: 'recase-all' }],
  truncate: [{ kind: 'truncate', keep: MIDDLE }],
  'percent-encode': [{ kind: 'percent-encode', at: FIRST }],
  wrap: WRAPPINGS.map(([before, after]) => ({ kind: 'wrap', before, after })),
  'other-alphabet': [{ kind: 'other-alphabet' }],
};

/** How a description calls a position: by name where it has one. */
function characterAt(at: number): string {
  if (at === FIRST) return 'its first character';
  if (at === MIDDLE) return 'its middle character';
  if (at >= LAST) return 'its last character';
  return `its character at ${Math.round(at * 100)}% of its length`;
}

/** A mutation as words that hold for any key (unlike a token's `shown`, which counts this key's characters). */
export function describeMutation(mutation: KeyMutation): string {
  switch (mutation.kind) {
    case 'append':
      return `the valid key with ${JSON.stringify(mutation.text)} appended`;
    case 'prepend':
      return `the valid key with ${JSON.stringify(mutation.text)} prepended`;
    case 'remove':
      return `the valid key without ${characterAt(mutation.at)}`;
    case 'replace':
      return `the valid key with ${characterAt(mutation.at)} replaced`;
    case 'recase':
      return `the valid key with the letter case of ${characterAt(mutation.at)} changed`;
    case 'recase-all':
      return 'the valid key with the letter case of every letter changed';
    case 'truncate':
      return `the valid key truncated to ${mutation.keep === MIDDLE ? 'half' : `${Math.round(mutation.keep * 100)}% of`} its length`;
    case 'percent-encode':
      return `the valid key with ${characterAt(mutation.at)} percent-encoded`;
    case 'wrap':
      return `the valid key wrapped in ${mutation.before}${mutation.after}`;
    case 'other-alphabet':
      return 'the valid key in the other base64 alphabet ("-" and "+", "_" and "/" swapped)';
  }
}

/** The key mutations tried by example on every run: each kind at a representative position, every wrapping. */
export const KNOWN_MUTATIONS = knownShapes<KeyMutation>(Object.values(REPRESENTATIVES).flat(), describeMutation);
