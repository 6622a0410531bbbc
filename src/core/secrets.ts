/**
 * Redaction of credentials from everything the suite writes. The primary defence is that requests record a
 * description of their credential instead of its value (see http/credential.ts); this is the safety net for
 * what a target sends back (a server that echoes the token in an error message) and for any path we missed.
 */

import { inOtherAlphabet } from './base64-alphabets.js';
import { escapeRegExp } from './regexp.js';

/** What replaces a secret in written output. */
export const REDACTED = '[REDACTED]';

/**
 * Runs of a secret shorter than this are never redacted on their own: they are ordinary words and numbers
 * ("petstore", "20260101"). It only decides for secrets shorter than twice its length; see {@link fragmentLength}.
 * A secret shorter than this is itself as short as an ordinary word: see {@link redactedOnlyAsAWord}.
 */
export const SHORTEST_FRAGMENT = 8;

/**
 * Whether a secret is too short to be told apart from ordinary text (`test`, `nope`, `1234`, as development setups
 * give): shorter than {@link SHORTEST_FRAGMENT}. Its fragments, and the secret with a character changed, are in
 * ordinary words (`tst` of `petstore`, `ope` of `operation`): redacted as a longer secret's are, they would cut up
 * every line written. Such a secret is redacted only where it, or one of its encoded forms, stands whole as a word of
 * its own: neither a letter, a digit, `_` nor `-` next to it (`Bearer test`, `"test"`, `?key=test&`, but not
 * `test-run` or `contest`). That is where a target that echoes the key shows it: the suite itself never writes it
 * (see http/credential.ts).
 */
export function redactedOnlyAsAWord(secret: string): boolean {
  return secret.length < SHORTEST_FRAGMENT;
}

/** A character of a word: a secret redacted only as a word (see {@link redactedOnlyAsAWord}) is not where one is next to it. */
const WORD_CHARACTER = '[\\p{L}\\p{N}_-]';

/**
 * How many characters of a form of a secret are redacted wherever they appear: half of the form, rounded down
 * (at least {@link SHORTEST_FRAGMENT}, at most all of it).
 *
 * Why half. What a server can echo is what the suite sent it (generators/key-mutations.ts): the key with
 * something added around it (append, prepend, wrap), the key in another letter case, the key with one character
 * removed, replaced, re-cased or percent-encoded (its two sides keep n - 1 characters, so the longer side keeps at
 * least floor(n / 2)), or a prefix of it (the truncation tried on every run keeps floor(n / 2) characters). A run of
 * half the key is in every one of them, so every one is redacted. The key in the other base64 alphabet changes as many
 * characters as it holds of `+/-_`: the redactor holds it as a secret of its own. A shorter run is not redacted: what a report
 * still shows is less than half of a key (of a random key, at least half of its characters stay unknown), and an 8-character
 * piece of a readable key (`petstore` of `petstore-staging-key-7f3a9c21`) is no longer taken for the key wherever the
 * word appears. A longer run would miss the echoed halves. The price: text that holds half a readable key is
 * redacted even when that half is public (a host `petstore-staging.example.com` loses `petstore-stagi`).
 *
 * An echo of a key with one character changed is redacted whole, not only its longer side: the side shorter than
 * half may be the part of a readable key that holds its entropy (`[REDACTED]x` + `f3a9c21` would show 7 of the 8
 * random characters). See {@link Redactor.extend}. Truncations shorter than half the key (the property-based cases
 * draw any length) are not redacted: they are less than half of it, as above, and no length would catch a 3-character
 * prefix without also redacting ordinary words.
 *
 * In an encoded form (percent-encoded, JSON-escaped, base64) one character of the key takes up to `width` characters,
 * so one change breaks up to that many, and the longer side keeps at least half, rounded up, of the other m - width
 * characters of the form (for the key itself, width 1: floor(n / 2), as above).
 */
function fragmentLength(formLength: number, width: number): number {
  return Math.min(formLength, Math.max(SHORTEST_FRAGMENT, Math.floor((formLength - width + 1) / 2)));
}

/** A form of a secret, folded (see {@link fold}), and how much of it is redacted on its own. */
interface Form {
  readonly text: string;
  /** The fewest characters of the form a match must hold unchanged, in one run (at most {@link least}). */
  readonly anchor: number;
  /** The fewest characters of the form a match must cover to be redacted. */
  readonly least: number;
  /** Whether the form is the secret itself, character for character: a match extends over one changed character. */
  readonly editable: boolean;
}

/**
 * Removes every secret from text: each secret case-insensitively, in the forms it travels or is echoed in
 * (base64 as in Basic credentials, at any byte alignment; percent-encoded as in a query string; escaped as in a JSON
 * string), any run of half (see {@link fragmentLength}) of those forms, and echoes of the secret with one character
 * changed; a secret too short for that, only where it stands as a word (see {@link redactedOnlyAsAWord}).
 */
export class Redactor {
  /** Where each seed (see {@link addSeeds}) is in which form. */
  private readonly seeds = new Map<string, { form: Form; at: number }[]>();
  /** The lengths of the seeds, each once. */
  private readonly seedLengths: number[] = [];
  /** Finds (in folded text) the next place where any seed starts: text without one is passed over in one scan. */
  private readonly anySeed?: RegExp;
  /** Finds the secrets redacted only as words (see {@link redactedOnlyAsAWord}), in each of their whole forms. */
  private readonly asWords?: RegExp;

  /**
   * @param secrets every value the run must never print or write. They are the redactor's data as much as its own
   * (see RunSettings.secrets): a worker builds its redactor from the same list, since an instance does not cross to it.
   * @param wholeSecrets values that must never be printed or written either, but are redacted only where one appears
   * whole (itself, or whole in one of its encoded forms), never by fragments or with a character changed: a value the
   * user chose, such as a header's (`--header 'X-Tenant: petstore-staging'`), is often made of ordinary words, which
   * fragments would cut out of every report.
   */
  constructor(readonly secrets: readonly string[], readonly wholeSecrets: readonly string[] = []) {
    const seen = new Set<string>();
    for (const secret of wholeSecrets) {
      for (const { text } of formsOf(secret)) {
        const folded = fold(text);
        if (seen.has(folded) || folded.length < SHORTEST_FRAGMENT) continue;
        seen.add(folded);
        this.addSeeds({ text: folded, anchor: folded.length, least: folded.length, editable: false });
      }
    }
    const words = new Set<string>();
    // A key in the other base64 alphabet is the key to a server that decodes it (AUTH-2 sends it so): its echo is
    // redacted as the key's is, a secret of its own.
    for (const secret of new Set(secrets.flatMap((s) => [s, inOtherAlphabet(s)]))) {
      if (secret.length === 0) continue;
      if (redactedOnlyAsAWord(secret)) {
        // Whole forms only: a base64 run that depends on its alignment is a piece of a longer word.
        for (const { text, piece } of formsOf(secret)) if (!piece) words.add(text);
        continue;
      }
      for (const { text, width } of formsOf(secret)) {
        const folded = fold(text);
        const editable = folded === fold(secret);
        // An encoded form shorter than a word (the base64 of a 5-character key) would be found in ordinary text.
        if (seen.has(folded) || (!editable && folded.length < SHORTEST_FRAGMENT)) continue;
        seen.add(folded);
        const n = folded.length;
        // The secret itself: runs of half of it are looked for even when shorter than SHORTEST_FRAGMENT, so that a
        // short key with one character changed (two sides of less than 8) is found; such a run alone is not redacted.
        const least = fragmentLength(n, width);
        const anchor = editable ? Math.min(least, Math.max(1, Math.floor(n / 2))) : least;
        this.addSeeds({ text: folded, anchor, least: editable ? Math.max(anchor, Math.min(least, n - 1)) : least, editable });
      }
    }
    if (this.seeds.size) this.anySeed = new RegExp([...this.seeds.keys()].map(escapeRegExp).join('|'), 'g');
    // The longest first: where one form holds another (`dGVzdA==` and `dGVzdA`), the whole of it is redacted.
    const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
    if (words.size) this.asWords = new RegExp(`(?<!${WORD_CHARACTER})(?:${alternatives})(?!${WORD_CHARACTER})`, 'giu');
  }

  /**
   * Looks for the form by seeds: its runs of `length` (half its anchor, rounded up) that start every `step`
   * characters, `step` being `anchor - length + 1`. A run of the form as long as its anchor, wherever it starts, holds
   * the seed that starts in its first `step` characters whole, so text that holds no seed holds no such run; and a
   * seed found is only where such a run may be (see {@link extend}). Two or three needles a form, where every run of
   * the anchor's length would be dozens, make the scan of text that holds no secret, the usual case, faster.
   */
  private addSeeds(form: Form): void {
    const length = Math.ceil(form.anchor / 2);
    const step = form.anchor - length + 1;
    for (let at = 0; at + length <= form.text.length; at += step) {
      const seed = form.text.slice(at, at + length);
      const places = this.seeds.get(seed) ?? [];
      places.push({ form, at });
      this.seeds.set(seed, places);
    }
    if (!this.seedLengths.includes(length)) this.seedLengths.push(length);
  }

  /** The text with every secret and sensitive fragment replaced by {@link REDACTED}. */
  redact(text: string): string {
    return this.replace(text, this.spans(text, true));
  }

  /**
   * The JSON text of a value (a report file, a blob) with every string in it redacted (see {@link redact}), written in
   * one pass, without a copy of the value: its numbers, `true`, `false` and `null` are syntax, never a secret's echo,
   * which a secret redacted only as a word (`1234`, `true`) must not break. The keys of its objects are names of its
   * structure (`"name"`, `"type"`): from them only the longer secrets are removed.
   */
  jsonOf(value: unknown, indent?: number): string {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'string') return this.redact(item);
      if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
      // An object is returned as it is unless a key of it holds a secret; its values come through here one by one.
      const keys = Object.keys(item);
      if (!keys.some((key) => this.spans(key, false).length > 0)) return item;
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [this.replace(k, this.spans(k, false)), v]));
    }, indent);
  }

  /** The text with these spans replaced by {@link REDACTED}. */
  private replace(text: string, spans: readonly (readonly [number, number])[]): string {
    if (spans.length === 0) return text;
    let out = '';
    let from = 0;
    for (const [start, end] of spans) {
      out += text.slice(from, start) + REDACTED;
      from = end;
    }
    return out + text.slice(from);
  }

  /** Whether the text holds a secret or a sensitive fragment of one. */
  leaks(text: string): boolean {
    return this.spans(text, true).length > 0;
  }

  /** Where the text holds secrets, those redacted only as words too or not: sorted, disjoint [start, end) ranges. */
  private spans(text: string, words: boolean): [number, number][] {
    const found: [number, number][] = [];
    if (words && this.asWords) for (const match of text.matchAll(this.asWords)) found.push([match.index, match.index + match[0].length]);
    const anySeed = this.anySeed;
    if (anySeed && text.length > 0) this.fragments(text, anySeed, found);
    found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const merged: [number, number][] = [];
    for (const [start, end] of found) {
      const last = merged[merged.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    return merged;
  }

  /** Adds to `found` where the text holds a secret (but those redacted only as words) or a sensitive fragment of one. */
  private fragments(text: string, anySeed: RegExp, found: [number, number][]): void {
    const lower = fold(text);
    // Every place where a seed starts, overlapping ones too, and every seed that starts there.
    anySeed.lastIndex = 0;
    for (let match = anySeed.exec(lower); match; anySeed.lastIndex = match.index + 1, match = anySeed.exec(lower)) {
      const t = match.index;
      for (const length of this.seedLengths) {
        // Near the text's end the slice may be shorter, and then another length's seed: its own length is the seed's.
        const seed = lower.slice(t, t + length);
        for (const { form, at } of this.seeds.get(seed) ?? []) {
          const span = this.extend(lower, t, seed.length, form, at);
          if (span) found.push(span);
        }
      }
    }
  }

  /**
   * The range to redact around a seed of a form found at `t` (`at` in the form, `length` long): the seed extended as
   * far as the text goes on matching the form, which must then be a run as long as the form's anchor; for the secret
   * itself, on each side, further over one character changed (replaced, removed, added, percent-encoded) and as much of
   * the secret as follows it. Undefined when what matches is too short to be redacted.
   */
  private extend(lower: string, t: number, length: number, form: Form, at: number): [number, number] | undefined {
    const key = form.text;
    let start = t;
    let end = t + length;
    let keyStart = at;
    let keyEnd = at + length;
    while (start > 0 && keyStart > 0 && lower[start - 1] === key[keyStart - 1]) { start--; keyStart--; }
    while (end < lower.length && keyEnd < key.length && lower[end] === key[keyEnd]) { end++; keyEnd++; }
    let covered = keyEnd - keyStart;
    if (covered < form.anchor) return undefined;
    if (form.editable) {
      const right = bestEdit(lower, end, key, keyEnd, 1);
      const left = bestEdit(lower, start, key, keyStart, -1);
      if (right) { end = right.to; covered += right.covered; }
      if (left) { start = left.to; covered += left.covered; }
    }
    return covered >= form.least ? [start, end] : undefined;
  }
}

/**
 * Past position `p` of the text (before it, with `step` -1), where the secret's character `k` (k - 1) was due:
 * the change of one character after which most of the secret follows again, and where that stops. Undefined when
 * no change is followed by any of the secret.
 */
function bestEdit(lower: string, p: number, key: string, k: number, step: 1 | -1): { to: number; covered: number } | undefined {
  const forward = step === 1;
  const keyLeft = forward ? key.length - k : k;
  if (keyLeft === 0) return undefined;
  const due = key[forward ? k : k - 1] as string;
  // [characters of text skipped, characters of the key skipped]: replaced, removed, added, percent-encoded.
  const edits: [number, number][] = [[1, 1], [0, 1], [1, 0]];
  // The key was folded: its character may have been upper case when it was encoded. A server that percent-encodes
  // what it echoes (a URL in a header) encodes the '%' again.
  const encodings = [percentEncode(due), percentEncode(due.toUpperCase())].flatMap((e) => [e, e.replace(/%/g, '%25')]);
  for (const encoded of new Set(encodings.map(fold))) {
    const encodedAt = forward ? lower.slice(p, p + encoded.length) : lower.slice(Math.max(0, p - encoded.length), p);
    if (encodedAt === encoded) edits.push([encoded.length, 1]);
  }
  let best: { to: number; covered: number } | undefined;
  for (const [skipText, skipKey] of edits) {
    let q = forward ? p + skipText : p - skipText;
    let j = forward ? k + skipKey : k - skipKey;
    if (q < 0 || q > lower.length) continue;
    let covered = 0;
    if (forward) while (q < lower.length && j < key.length && lower[q] === key[j]) { q++; j++; covered++; }
    else while (q > 0 && j > 0 && lower[q - 1] === key[j - 1]) { q--; j--; covered++; }
    if (covered > 0 && (!best || covered > best.covered)) best = { to: q, covered };
  }
  return best;
}

/** Every UTF-8 byte of the text as %XX, as the suite's percent-encode mutation sends a character. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/**
 * The text in lower case, at the same positions, so that where a needle is in it the secret is in the text. A
 * character whose lower case is longer (İ, U+0130, gives "i̇") stays as it is, in the text and in the needles
 * alike; only a text holding one is lower-cased character by character, the slower way.
 */
function fold(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/[A-Z]|[^\x00-\x7f]/gu, (c) => {
    const folded = c.toLowerCase();
    return folded.length === c.length ? folded : c;
  });
}

/**
 * The secret as it may appear in text the suite writes, with the most characters one of its characters takes in
 * that form: itself; percent-encoded (a query string, a URL echoed in a header), only where it must be or every byte
 * of it (`%70%6b%5f…`, as a server that encodes all it echoes writes it), or twice; JSON-escaped (`\/` as PHP writes
 * it, and `\u00XX` for every character but letters and digits, as serializers that escape HTML-sensitive characters
 * do); its bytes in hex, bare or as `\xXX` escapes (a debugging dump of the header); base64 (Basic credentials,
 * `user:key` or `key:`), at each of the three byte alignments the key can start at.
 */
function formsOf(secret: string): { text: string; width: number; piece?: true }[] {
  const json = (text: string) => JSON.stringify(text).slice(1, -1);
  const unicode = (text: string) => [...text].map((c) => (/^[A-Za-z0-9]$/.test(c) ? c : jsonEscape(c))).join('');
  const form = (encode: (text: string) => string) => ({
    text: encode(secret),
    // The widest character of this secret, not of any: a wider width would take shorter runs of the secret itself
    // (those that no character in the form changes) for the secret.
    width: Math.max(1, ...[...secret].map((c) => encode(c).length)),
  });
  return [
    { text: secret, width: 1 },
    form(encodeURIComponent),
    form((text) => new URLSearchParams({ k: text }).toString().slice(2)),
    form(percentEncode),
    // Encoded again, as a server that echoes a URL it encoded in a header writes it: `%252B` for `+`.
    form((text) => encodeURIComponent(encodeURIComponent(text))),
    form((text) => Buffer.from(text, 'utf8').toString('hex')),
    form((text) => [...Buffer.from(text, 'utf8')].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')),
    form(json),
    form((text) => json(text).replace(/\//g, '\\/')),
    form(unicode),
    // Whole, with their padding, as Basic sends them; then the characters that are the secret's alone.
    { text: base64(secret), width: 4 }, { text: base64(`${secret}:`), width: 4 }, { text: base64(`:${secret}`), width: 4 },
    ...[0, 1, 2].map((offset) => ({ text: base64At(secret, offset), width: 4, piece: true as const })),
  ];
}

/** A character as JSON's `\uXXXX` escapes (two for a character outside the BMP). */
function jsonEscape(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * The base64 characters that depend only on the secret when it starts `offset` bytes into a group of three (after
 * `api:`, offset 1): those holding bits of bytes before it or after it, and padding, are left out.
 */
function base64At(secret: string, offset: number): string {
  const bytes = Buffer.concat([Buffer.alloc(offset), Buffer.from(secret, 'utf8')]);
  const encoded = bytes.toString('base64').replace(/=+$/, '');
  const first = [0, 2, 3][offset] as number;
  const rest = bytes.length % 3;
  const last = 4 * Math.floor(bytes.length / 3) + rest; // a partial group's last character holds bits of the next byte
  return encoded.slice(first, last);
}
