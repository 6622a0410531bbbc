import fc from 'fast-check';
import type { StringFacts } from '../../spec/schema-node.js';
import { codePoints, OPEN_TEXT, plainText, type TextBounds } from '../names.js';
import { patternRegExp } from '../../spec/pattern.js';
import { filtered, firstKept } from './probe.js';

/**
 * Ordinary values of the string formats ajv-formats checks, one arbitrary a format: shapes every validator of the
 * format takes (an address at example.com, not every form RFC 5322 allows), so that a refusal is the server's fault.
 * Each is made when a schema asks for it: a `stringMatching` is slow to make, and every run's worker would make them
 * at its start for formats most specs never use.
 */
const FORMATS: Readonly<Record<string, () => fc.Arbitrary<string>>> = {
  'date-time': () => fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  date: () => fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  time: () => fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
    .map((parts) => `${parts.map((p) => String(p).padStart(2, '0')).join(':')}Z`),
  email: () => fc.stringMatching(/^[a-z][a-z0-9]{0,15}(?:\.[a-z0-9]{1,8})?@example\.(?:com|org|net)$/),
  uuid: () => fc.uuid(),
  uri: () => fc.stringMatching(/^https:\/\/example\.com\/[a-z0-9]{0,12}$/),
  url: () => fc.stringMatching(/^https:\/\/example\.com\/[a-z0-9]{0,12}$/),
  hostname: () => fc.stringMatching(/^[a-z][a-z0-9]{0,10}\.example\.com$/),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  byte: () => fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes).toString('base64')),
};

/** The values of a format FORMATS knows; undefined for any other. */
function formatValues(format: string | undefined): fc.Arbitrary<string> | undefined {
  return format !== undefined && Object.hasOwn(FORMATS, format) ? FORMATS[format]?.() : undefined;
}

/**
 * A text that breaks each string format ajv-formats checks (as the spec's validators do), shaped as a client's mistake:
 * a date written as people write it, an address without its @, a URL without its scheme, an address one past its range.
 * For a run whose servers assert formats (--assert-formats); any other format stays an annotation.
 */
const FORMAT_BREAKERS: Readonly<Record<string, string>> = {
  'date-time': '15/01/2024 10:30', 'iso-date-time': '15/01/2024 10:30', date: '15/01/2024', time: '10:30 pm', 'iso-time': '10:30 pm',
  duration: '3 days', email: 'someone.example.com', uri: 'example.com/pets', url: 'example.com/pets', 'uri-reference': 'https://example.com/a b',
  'uri-template': 'https://example.com/{pet', hostname: 'pets example.com', ipv4: '256.1.1.1', ipv6: '2001:db8::g1',
  uuid: '123e4567-e89b-12d3-a456-42661417400', byte: 'not base64!', regex: '[unclosed', 'json-pointer': 'pets/0',
  'json-pointer-uri-fragment': 'pets/0', 'relative-json-pointer': '/pets',
};

/**
 * A text that breaks the schema's format and nothing else of it (its lengths, its patterns); undefined for a format
 * FORMAT_BREAKERS does not know, or where its text would break more than the format.
 */
export function formatBreaker(facts: StringFacts): string | undefined {
  const text = facts.format !== undefined && Object.hasOwn(FORMAT_BREAKERS, facts.format) ? FORMAT_BREAKERS[facts.format] : undefined;
  return text !== undefined && keepsStringFacts(facts, text) ? text : undefined;
}

/** Formats that say nothing of which strings are valid: annotations, for which any text will do. */
const ANNOTATIONS = new Set(['password', 'binary']);

/** The format of a string schema, when the generators know what its values are; `annotation` when any text is one. */
export function formatKind(format: string | undefined): 'none' | 'known' | 'annotation' | 'unknown' {
  if (format === undefined) return 'none';
  if (Object.hasOwn(FORMATS, format)) return 'known';
  return ANNOTATIONS.has(format) ? 'annotation' : 'unknown';
}

/**
 * The bounds a string schema sets, filled in with the suite's own (OPEN_TEXT) where it sets none; a maxLength it
 * states counts code points, as JSON Schema counts it.
 */
export function textBounds(facts: StringFacts): TextBounds {
  const stated = facts.maxLength !== undefined;
  return { minLength: facts.minLength ?? OPEN_TEXT.minLength, maxLength: facts.maxLength ?? OPEN_TEXT.maxLength, ...(stated ? { perCodePoint: true } : {}) };
}

/** How long a text is as its bounds count it (see TextBounds). */
const measured = (bounds: TextBounds, text: string) => (bounds.perCodePoint ? codePoints(text) : text.length);

/** Whether a string keeps the schema's lengths (code points, as JSON Schema counts them) and patterns. */
export function keepsStringFacts(facts: StringFacts, text: string): boolean {
  const length = codePoints(text);
  return (facts.minLength === undefined || length >= facts.minLength) && (facts.maxLength === undefined || length <= facts.maxLength)
    && keepsPatterns(facts, text);
}

/** Whether a string matches every pattern of the schema. */
export function keepsPatterns(facts: StringFacts, text: string): boolean {
  return facts.patterns.every((p) => patternRegExp(p).test(text));
}

/**
 * Strings the schema calls valid: its format's values, strings of its patterns, or else the name grammar's text
 * (plainText) within its lengths. Every value is within the lengths by every way of counting (see TextBounds). A
 * format of no known kind gets plain text, which its validator may refuse: see formatKind. Undefined when no string
 * of its format or patterns is found within its lengths.
 */
export function validString(facts: StringFacts): fc.Arbitrary<string> | undefined {
  const bounds = textBounds(facts);
  if (bounds.maxLength < bounds.minLength) return undefined;
  const fits = (text: string) => measured(bounds, text) <= bounds.maxLength && keepsStringFacts(facts, text);
  const format = formatValues(facts.format);
  if (format) return filtered(format, fits);
  const [first] = facts.patterns;
  if (first !== undefined) {
    // Long enough often enough for a minLength: fast-check keeps strings short unless asked.
    const small = matching(first, { maxLength: bounds.maxLength, size: 'small' });
    const large = matching(first, { maxLength: bounds.maxLength, size: 'max' });
    return small && large ? filtered(fc.oneof(small, large), fits) : undefined;
  }
  return plainText(facts.minLength === 0 ? { ...bounds, minLength: 0 } : bounds);
}

/** Strings of a pattern; undefined where fast-check finds its length cap leaves no string of it. */
function matching(pattern: string, constraints: fc.StringMatchingConstraints): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(patternRegExp(pattern), constraints);
  } catch {
    return undefined;
  }
}

/**
 * A string of exactly `length` code points that keeps the patterns, `avoid`ing the given texts; undefined when none is
 * found. ASCII letters where the schema has no pattern, so that every way of counting finds the same length.
 */
export function stringOfLength(facts: StringFacts, length: number, avoid: readonly string[] = []): string | undefined {
  const ok = (text: string) => codePoints(text) === length && keepsPatterns(facts, text) && !avoid.includes(text);
  const letters = 'Abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26) + 1).slice(0, length);
  if (ok(letters)) return letters;
  const [first] = facts.patterns;
  if (first === undefined) return ok('x'.repeat(length)) ? 'x'.repeat(length) : undefined;
  const strings = matching(first, { maxLength: length, size: 'max' });
  return strings && firstKept(strings, ok);
}

/** A string of the schema's lengths that breaks one of its patterns, and how it was made. */
export interface PatternBreaker {
  readonly text: string;
  readonly how: string;
}

const MARKS = ['!', '#', ' ', '0', 'A', 'a', '-', '_', '~', 'é', '🐕', '\t'];

/**
 * Strings of the schema's lengths that break one of its patterns, made of a text of the pattern where one is found:
 * its letters in the other case (a server that matches ignoring case takes it), a character after it and one before
 * it (a server whose pattern is not anchored takes them); else a text near `around`, or any string that breaks it.
 */
export function patternBreakers(facts: StringFacts, around: string): PatternBreaker[] {
  const bounds = { minLength: facts.minLength ?? 1, maxLength: facts.maxLength ?? OPEN_TEXT.maxLength };
  const lengthOk = (text: string) => codePoints(text) >= bounds.minLength && codePoints(text) <= bounds.maxLength;
  const breaks = (text: string) => lengthOk(text) && !keepsPatterns(facts, text);
  const valid = validString({ ...facts, maxLength: Math.max(bounds.minLength, bounds.maxLength - 1) });
  const recased = (text: string) => [text.toUpperCase(), text.toLowerCase()].find(breaks);
  const ofPattern = valid && firstKept(valid, (text) => recased(text) !== undefined);
  const shown = valid && firstKept(valid);
  const found: PatternBreaker[] = [];
  const add = (text: string | undefined, how: string) => {
    if (text !== undefined && !found.some((b) => b.text === text)) found.push({ text, how });
  };
  if (ofPattern !== undefined) add(recased(ofPattern), 'a text of it in the other letter case');
  if (shown !== undefined) {
    add(MARKS.map((m) => `${shown}${m}`).find(breaks), 'a text of it with a character after it');
    add(MARKS.map((m) => `${m}${shown}`).find(breaks), 'a text of it with a character before it');
  }
  if (found.length === 0) {
    const candidates = [...MARKS.map((m) => `${around}${m}`), ...MARKS.map((m) => `${m}${around}`), ...MARKS, ...MARKS.map((m) => m.repeat(bounds.minLength))];
    add(candidates.find(breaks) ?? firstKept(fc.string({ unit: 'grapheme', minLength: bounds.minLength, maxLength: bounds.minLength + 8 }), breaks), '');
  }
  return found;
}

/**
 * A valid string, the same on every run: for a body that must merely be valid. Plain text where the schema allows it,
 * else its format's or its pattern's first value; undefined when none is found.
 */
export function canonicalString(facts: StringFacts): string | undefined {
  if (formatKind(facts.format) === 'known' || facts.patterns.length > 0) {
    const valid = validString(facts);
    return valid && firstKept(valid);
  }
  const { minLength, maxLength } = textBounds(facts);
  if (maxLength < minLength) return undefined;
  const text = 'Sample'.slice(0, maxLength);
  return text.length >= minLength ? text : text.padEnd(minLength, 'x');
}

/** How a text may be counted otherwise than in code points: see {@link countedOtherwise}. */
export type OtherCounting = 'beyond the BMP' | 'in combining sequences';

const COMBINING_ACUTE = '\u0301';

/**
 * A text of `length` code points that keeps the schema's patterns and that other ways of counting find longer or
 * shorter: characters beyond the Basic Multilingual Plane (`𝐀`: 2 UTF-16 code units, 4 UTF-8 bytes each), or combining
 * sequences (`e` and a combining acute accent: 2 code points, 1 grapheme cluster). At a spec's length bound it tells a
 * server that counts as JSON Schema does (code points) from one that counts otherwise. Where the plain form (`𝐀𝐀𝐀`,
 * `éé`) breaks a pattern, a text of the pattern is made so: its letters and digits beyond the BMP, or its first
 * characters with combining accents, or its last character one. Undefined when none keeps the patterns.
 */
export function countedOtherwise(facts: StringFacts, kind: OtherCounting, length: number): string | undefined {
  const keeps = (text: string) => codePoints(text) === length && keepsPatterns(facts, text);
  const plain = kind === 'beyond the BMP' ? ASTRAL_A.repeat(length) : `e${COMBINING_ACUTE}`.repeat(Math.floor(length / 2)) + (length % 2 ? 'x' : '');
  if (keeps(plain)) return plain;
  if (facts.patterns.length === 0) return undefined;
  const of = (n: number) => (n > 0 ? stringOfLength(facts, n) : '');
  const candidates = kind === 'beyond the BMP'
    ? [beyondTheBmp(of(length)), (of(length)?.slice(0, 1) ?? '') + ASTRAL_A.repeat(length - 1), replaceLast(of(length), ASTRAL_A)]
    : [withAccents(of(Math.ceil(length / 2)), length), replaceLast(of(length), COMBINING_ACUTE)];
  return candidates.find((text): text is string => text !== undefined && keeps(text));
}

/** MATHEMATICAL BOLD CAPITAL A: a letter (Lu) beyond the BMP. */
const ASTRAL_A = '\u{1D400}';

/** The text with its ASCII letters and digits as their mathematical bold forms beyond the BMP (A: 𝐀, a: 𝐚, 0: 𝟎). */
function beyondTheBmp(text: string | undefined): string | undefined {
  return text?.replace(/[A-Za-z0-9]/g, (c) => String.fromCodePoint(
    c <= '9' ? 0x1d7ce + c.charCodeAt(0) - 48 : c <= 'Z' ? 0x1d400 + c.charCodeAt(0) - 65 : 0x1d41a + c.charCodeAt(0) - 97));
}

/** The text with a combining accent after each of its characters, cut to `length` code points. */
function withAccents(text: string | undefined, length: number): string | undefined {
  return text === undefined ? undefined : [...text].flatMap((c) => [c, COMBINING_ACUTE]).slice(0, length).join('');
}

function replaceLast(text: string | undefined, last: string): string | undefined {
  return text === undefined || text === '' ? undefined : [...text].slice(0, -1).join('') + last;
}
