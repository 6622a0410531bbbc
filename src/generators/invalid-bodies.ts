import fc from 'fast-check';
import { jsonText } from '../json/write.js';
import { knownShapes } from './known-shape.js';
import type { Body } from './new-category.js';

/** A request body the contract says gets 400 (CREATE-2), and how it is wrong. */
export interface InvalidBody {
  /** How it is wrong, for check names and messages. */
  readonly label: string;
  /** The exact bytes to send. */
  readonly raw: string;
}

/**
 * Fields in place of "name": Go's encoding/json and ASP.NET bind field names case-insensitively ("Name" is not
 * "name"), and a careless server may take a synonym.
 */
export const OTHER_FIELDS = ['title', 'label', 'Name', 'NAME', 'names', 'tags', 'slug'];

/** Envelopes frameworks unwrap (JSON:API's "data", Rails' wrap_parameters): they would find a name where none is. */
export const ENVELOPES = ['data', 'category', 'Category', 'newCategory', 'body', 'payload', 'attributes'];

/** Bodies that are valid JSON but not an object. */
export const NOT_AN_OBJECT = [
  'an array of a valid NewCategory', 'an array of a string', 'a string',
  // A body parsed twice (a client that double-encodes, a server that obliges) must stay a string.
  'a string holding a valid NewCategory as JSON',
  'a number', 'a boolean', 'null',
] as const;

/** A shape of {@link NOT_AN_OBJECT}. */
type NotAnObject = (typeof NOT_AN_OBJECT)[number];

/** Characters and tokens that break a valid body where they are inserted. */
export const INSERTED = [...'{}[]":,\\\'x0\t\n\u0001', 'NaN', '//', '/*'];

/** What may follow a valid body: a decoder that reads only the first JSON value accepts it. */
export const DATA_AFTER = [' x', '{}', '[]', '1', ' {"name":"y"}', '\n--', ','];

/** What lenient parsers (Python's json, JSON5, Jackson's options) accept and JSON does not, in a valid body's text. */
export const LENIENT_SYNTAX = {
  'single quotes': (valid: string) => valid.replace(/"/g, "'"),
  'an unquoted key': (valid: string) => valid.replace(/^\{"([^"]*)":/, '{$1:'),
  'a trailing comma': (valid: string) => valid.replace(/\}$/, ',}'),
  'a comment': (valid: string) => valid.replace(/\}$/, ' /* a comment */}'),
  NaN: (valid: string) => valid.replace(/\}$/, ',"weight":NaN}'),
  Infinity: (valid: string) => valid.replace(/\}$/, ',"weight":Infinity}'),
} as const;

/** A kind of {@link LENIENT_SYNTAX}. */
type LenientSyntax = keyof typeof LENIENT_SYNTAX;
const LENIENT_KINDS = Object.keys(LENIENT_SYNTAX) as LenientSyntax[];

/**
 * Places in a valid body's text, as fractions of its length: before it; halfway. And one that is not a fraction: inside
 * a string (the marker, or else the first key), where white space breaks the body as it would not between tokens.
 */
const BEFORE_IT = 0;
const HALFWAY = 0.5;
const IN_A_STRING = -1;

/** A generated invalid body, as data (so that fast-check shows and shrinks it); see {@link renderInvalidBody}. */
export type InvalidBodyCase =
  /** Other fields in place of the name, each holding the marker, beside the rest of a valid body. */
  | { readonly kind: 'name missing'; readonly fields: readonly string[] }
  | { readonly kind: 'empty object' }
  | { readonly kind: 'wrapped'; readonly envelope: string }
  | { readonly kind: 'not an object'; readonly shape: NotAnObject; readonly number: number }
  | { readonly kind: 'valid body cut short'; readonly at: number }
  | { readonly kind: 'valid body with a character inserted'; readonly at: number; readonly char: string }
  | { readonly kind: 'valid body with data after it'; readonly data: string }
  | { readonly kind: 'lenient syntax'; readonly syntax: LenientSyntax }
  | { readonly kind: 'empty body' };

const position = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const otherFields = fc.uniqueArray(fc.constantFrom(...OTHER_FIELDS), { maxLength: 3 });

/**
 * The grammar of bodies CREATE-2 refuses whatever the spec says of a NewCategory's properties (the contract's own
 * shapes; the spec's are violations of its schema, see schema/violations.ts): the name missing (other fields in its
 * place), the empty object, bodies that are not objects, valid bodies cut short, broken by one character or followed
 * by more data, what only lenient parsers take, and the empty body. Each is made of a valid body of the spec's (see
 * {@link renderInvalidBody}). A case that happens to be a valid NewCategory after all is not sent (the suite asks the
 * spec's validator), so the grammar can be generous.
 */
export const invalidBodyCase: fc.Arbitrary<InvalidBodyCase> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('name missing' as const), fields: otherFields }) },
  fc.constant({ kind: 'empty object' as const }),
  fc.record({ kind: fc.constant('wrapped' as const), envelope: fc.constantFrom(...ENVELOPES) }),
  fc.record({ kind: fc.constant('not an object' as const), shape: fc.constantFrom(...NOT_AN_OBJECT), number: fc.integer() }),
  fc.record({ kind: fc.constant('valid body cut short' as const), at: position }),
  fc.record({ kind: fc.constant('valid body with a character inserted' as const), at: position, char: fc.constantFrom(...INSERTED) }),
  fc.record({ kind: fc.constant('valid body with data after it' as const), data: fc.constantFrom(...DATA_AFTER) }),
  fc.record({ kind: fc.constant('lenient syntax' as const), syntax: fc.constantFrom(...LENIENT_KINDS) }),
  fc.constant({ kind: 'empty body' as const }),
);

/** Where in the valid body a place is, in words that hold for any marker. */
function place(at: number): string {
  if (at === BEFORE_IT) return 'before it';
  if (at === IN_A_STRING) return 'inside a string';
  if (at === HALFWAY) return 'halfway through it';
  return `${Math.round(at * 100)}% into it`;
}

/** The other fields of a case, for descriptions: `"title", "Name"`. */
const quoted = (fields: readonly string[]) => fields.map((f) => JSON.stringify(f)).join(', ');

/** A case as words that hold for any marker: for check names and messages. */
export function describeInvalidBody(c: InvalidBodyCase): string {
  switch (c.kind) {
    case 'name missing':
      return c.fields.length === 0 ? 'name missing' : `${quoted(c.fields)} instead of "name"`;
    case 'empty object':
      return 'an empty object';
    case 'wrapped':
      return `the NewCategory wrapped in a ${JSON.stringify(c.envelope)} object`;
    case 'not an object':
      return `the body is ${c.shape}${c.shape === 'a number' ? ` (${c.number})` : c.shape === 'a boolean' ? ` (${c.number % 2 === 0})` : ''}`;
    case 'valid body cut short':
      return `a valid body cut short ${place(c.at)}`;
    case 'valid body with a character inserted':
      return `a valid body with ${JSON.stringify(c.char)} inserted ${place(c.at)}`;
    case 'valid body with data after it':
      return `a valid body followed by ${JSON.stringify(c.data)}`;
    case 'lenient syntax':
      return `malformed JSON that lenient parsers take: ${c.syntax}`;
    case 'empty body':
      return 'an empty body';
  }
}

/**
 * The bytes of a case, made of `valid` (a valid NewCategory of the spec's, carrying the marker where a property takes
 * it), carrying the marker wherever a wrongly accepting server would store text.
 */
export function renderInvalidBody(c: InvalidBodyCase, marker: string, valid: Body): InvalidBody {
  const label = describeInvalidBody(c);
  const text = jsonText(valid);
  const at = (fraction: number) => (fraction === IN_A_STRING ? inAString(text, marker) : Math.floor(fraction * text.length));
  const marked = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, marker]));
  switch (c.kind) {
    case 'name missing': {
      const { name: _name, ...rest } = valid;
      return { label, raw: jsonText({ ...rest, ...marked(c.fields) }) };
    }
    case 'empty object':
      return { label, raw: '{}' };
    case 'wrapped':
      return { label, raw: jsonText({ [c.envelope]: valid }) };
    case 'not an object': {
      const bodies: Record<NotAnObject, unknown> = {
        'an array of a valid NewCategory': [valid], 'an array of a string': [marker], 'a string': marker,
        'a string holding a valid NewCategory as JSON': text,
        'a number': c.number, 'a boolean': c.number % 2 === 0, null: null,
      };
      return { label, raw: jsonText(bodies[c.shape]) };
    }
    case 'valid body cut short':
      return { label, raw: text.slice(0, at(c.at)) };
    case 'valid body with a character inserted':
      return { label, raw: text.slice(0, at(c.at)) + c.char + text.slice(at(c.at)) };
    case 'valid body with data after it':
      return { label, raw: text + c.data };
    case 'lenient syntax':
      return { label, raw: LENIENT_SYNTAX[c.syntax](text) };
    case 'empty body':
      return { label, raw: '' };
  }
}

/**
 * Where in a valid body's text a character lands inside a string: right after the marker, in the value that holds it
 * (so that a lenient parser that takes the body stores the marker whole), or else inside the first key.
 */
function inAString(text: string, marker: string): number {
  const found = marker === '' ? -1 : text.indexOf(marker);
  return found >= 0 ? found + marker.length : text.indexOf('"') + 1;
}

/** White space JSON allows between tokens: inserted before the body it changes nothing, inside a string it breaks it. */
const JSON_WHITE_SPACE = /^[ \t\n\r]+$/;

/**
 * The invalid bodies tried by example on every run (CREATE-2): every constant of every table above, each once, and
 * the cases without constants at a place where they always break the body (white space inside a string, where a raw
 * control character is not allowed; anything else before it). The name missing and the name or description of another
 * type are the spec's violations (schema/violations.ts), whose examples are the same for the bundled spec.
 */
export const KNOWN_INVALID_BODIES = knownShapes<InvalidBodyCase>([
  { kind: 'empty object' },
  ...OTHER_FIELDS.map((field) => ({ kind: 'name missing' as const, fields: [field] })),
  ...ENVELOPES.map((envelope) => ({ kind: 'wrapped' as const, envelope })),
  ...NOT_AN_OBJECT.map((shape) => ({ kind: 'not an object' as const, shape, number: 42 })),
  { kind: 'valid body cut short', at: HALFWAY },
  ...INSERTED.map((char) => ({ kind: 'valid body with a character inserted' as const, at: JSON_WHITE_SPACE.test(char) ? IN_A_STRING : BEFORE_IT, char })),
  ...DATA_AFTER.map((data) => ({ kind: 'valid body with data after it' as const, data })),
  ...LENIENT_KINDS.map((syntax) => ({ kind: 'lenient syntax' as const, syntax })),
  { kind: 'empty body' },
], describeInvalidBody);
