import fc from 'fast-check';
import type { KnownShape } from './known-shape.js';

/**
 * The longest name CREATE-1 promises a server accepts, in UTF-16 code units: the strictest of the usual
 * measures (code units, code points, grapheme clusters), so that no conformant server is condemned over how
 * it counts.
 */
export const MAX_NAME_LENGTH = 100;

const char = (from: number, to: number) => fc.integer({ min: from, max: to }).map((c) => String.fromCodePoint(c));

/**
 * Line and paragraph separators (U+2028, U+2029): fast-check's graphemes include them, but they break lines
 * as a line feed does, and what a server does with line breaks in a name is INFO-3's open question.
 */
const LINE_BREAKING = /[\p{Zl}\p{Zp}]/u;

/** Right-to-left scripts, as code point ranges: Arabic letters, Hebrew letters. */
export const RIGHT_TO_LEFT: readonly (readonly [number, number])[] = [[0x0621, 0x064a], [0x05d0, 0x05ea]];

/** CJK unified ideographs, as a code point range. */
export const CJK: readonly [number, number] = [0x4e00, 0x9fff];

/** Combining diacritical marks, as a code point range: one to three follow a base letter. */
export const COMBINING_MARKS: readonly [number, number] = [0x0300, 0x036f];

/** Astral characters, ZWJ sequences, a skin tone, flags, mathematical letters: what code-unit counting and naive slicing break. */
export const EMOJI = ['🐕', '🐈‍⬛', '👩🏽‍🔬', '🏳️‍🌈', '🇯🇵', '𓃠', '𝔇𝔬𝔤', '🦎'];

/** Spaces inside a name: one, two (a server that collapses runs of them), no-break, ideographic. */
export const INNER_SPACES = [' ', '  ', '\u00a0', '\u3000'];

/**
 * Text real systems mishandle: quotes and apostrophes (SQL and shell commands built by concatenation), backslashes
 * and escape sequences (text unescaped twice), percent signs (format strings, URL decoding), SQL, HTML and template
 * metacharacters. Generation explores around them; the catalogue of text hazards (text-hazards.ts) sends each kind on
 * every run, in every text property.
 */
export const TROUBLE = ["'", '"', "O'Brien", '\\', '\\n', '\\u0041', '%', '%s', '%d', '%25', '%00', "'; DROP TABLE categories; --", '" OR "1"="1',
  '<b>', '</script>', '&amp;', '&', '${x}', '{{x}}', '`', '--', ';'];

/** Pieces names are made of: every script, marks, emoji, spaces, troublesome text. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).filter((g) => !LINE_BREAKING.test(g)) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.oneof(...RIGHT_TO_LEFT.map(([from, to]) => char(from, to))) },
  { weight: 1, arbitrary: char(...CJK) },
  // A base letter with one to three combining marks.
  { weight: 2, arbitrary: fc.tuple(char(0x61, 0x7a), fc.array(char(...COMBINING_MARKS), { minLength: 1, maxLength: 3 })).map(([b, m]) => b + m.join('')) },
  { weight: 2, arbitrary: fc.constantFrom(...EMOJI) },
  { weight: 2, arbitrary: fc.constantFrom(...INNER_SPACES) },
  { weight: 2, arbitrary: fc.constantFrom(...TROUBLE) },
);

/** Cuts a string to at most `max` UTF-16 code units without splitting a surrogate pair. */
function cut(text: string, max: number, perCodePoint = false): string {
  let out = '';
  let count = 0;
  for (const c of text) {
    count += perCodePoint ? 1 : c.length;
    if (count > max) break;
    out += c;
  }
  return out;
}

/**
 * Exactly `length` code units (or code points), or one less where a surrogate pair would not fit, made of the pieces,
 * repeated as needed: fast-check keeps arrays short, so the length is chosen first and then filled.
 */
function filled(pieces: readonly string[], length: number, perCodePoint = false): string {
  const unit = pieces.join('') || 'x';
  return cut(unit.repeat(Math.ceil(length / unit.length)), length, perCodePoint);
}

/**
 * How long a text may be: at least `minLength` code points (what JSON Schema's minLength counts, the fewest of the usual
 * measures) and at most `maxLength` UTF-16 code units (the most: see MAX_NAME_LENGTH), so that every way of counting
 * finds it within bounds; or, where a spec states the bound (`perCodePoint`), at most `maxLength` code points, as
 * JSON Schema counts it: a server that counts UTF-16 units or bytes against a spec's maxLength does not keep it.
 */
export interface TextBounds {
  readonly minLength: number;
  readonly maxLength: number;
  readonly perCodePoint?: boolean;
}

/** The bounds CREATE-1 promises for a name or a description where the spec states none (see INFO-1, INFO-2). */
export const OPEN_TEXT: TextBounds = { minLength: 1, maxLength: MAX_NAME_LENGTH };

/** How many code points a text has: what JSON Schema's lengths count. */
export const codePoints = (text: string): number => [...text].length;

/** Names a few cases share, so that a name already in use comes up. */
export const REPEATED = ['Dog', 'Cat', 'Rabbit', 'Guinea pig'] as const;

/**
 * Names that read as JSON or as numbers: a server that parses text again turns them into something else. Only the
 * whole name reads so: each is a name of its own, never part of one.
 */
export const LITERAL_LOOKING = ['0', '7', '-1', '1.5', '1e3', '007', 'true', 'false', 'null', '[]', '{}'];

/** What a name may start with: nothing, spaces, or what spreadsheet-minded servers escape as a formula. */
export const LEADS = ['', ' ', '  ', '=', '+', '-', '@'];

/** What a name may end with: nothing, or spaces (which a server must not trim). */
export const TRAILS = ['', ' ', '  '];

/**
 * Text a conformant server must accept wherever the spec allows any text within these bounds: any script, combining
 * sequences, emoji and other astral characters, right-to-left text, leading, trailing and inner spaces, formula-like
 * leads, troublesome text (TROUBLE), every length the bounds allow (fast-check's integers come out at the edges often,
 * and shrink towards the smallest failing length), and now and then a name already in use or one that reads as a number
 * or a JSON literal; empty only where the bounds allow it. Never blank otherwise, and without control characters or
 * line breaks: those are INFO cases the contract leaves open, unless a pattern of the spec decides them.
 */
export function plainText({ minLength, maxLength, perCodePoint = false }: TextBounds): fc.Arbitrary<string> {
  const fits = (text: string) => (perCodePoint ? codePoints(text) : text.length) <= maxLength && codePoints(text) >= minLength;
  const constants = [...REPEATED, ...LITERAL_LOOKING].filter(fits);
  const made = fc.record({
    lead: fc.constantFrom(...LEADS),
    pieces: fc.array(piece, { minLength: 1, maxLength: 12 }),
    trail: fc.constantFrom(...TRAILS),
    length: fc.integer({ min: Math.max(1, minLength), max: Math.max(1, maxLength) }),
  }).map(({ lead, pieces, trail, length }) => {
    const core = filled(pieces, Math.max(1, length - lead.length - trail.length), perCodePoint);
    return cut(lead + core + trail, length, perCodePoint);
  });
  return fc.oneof(
    { weight: 9, arbitrary: made },
    ...(constants.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...constants) }] : []),
    ...(minLength === 0 ? [{ weight: 1, arbitrary: fc.constant('') }] : []),
  ).filter((text) => (text === '' ? minLength === 0 : text.trim().length > 0 && fits(text)));
}

/** Names a conformant server must accept where the spec bounds them in no way (CREATE-1): {@link plainText} of OPEN_TEXT. */
export const validName: fc.Arbitrary<string> = plainText(OPEN_TEXT);

/** A valid name tried by example, as data: see {@link nameOf}. */
export interface NameShape {
  /** What the name starts with (see {@link LEADS}). */
  readonly lead: string;
  /**
   * Whether the run's marker follows the lead, so that the category is found as the run's: not where the exact name is
   * the point (a literal, outer spaces, one character).
   */
  readonly marked: boolean;
  /** The rest of the name, trailing spaces included (see {@link TRAILS}). */
  readonly text: string;
}

/** The name a shape describes, with this marker where it is marked. */
export function nameOf(shape: NameShape, marker: string): string {
  return shape.lead + (shape.marked ? marker : '') + shape.text;
}

const marked = (text: string, lead = ''): NameShape => ({ lead, marked: true, text });
const exact = (lead: string, text: string): NameShape => ({ lead, marked: false, text });

/**
 * The valid names tried by example on every run (CREATE-1): every constant of the tables above and a piece of every
 * script. Each becomes a category that stays, so what may be part of a name shares one (every emoji in one name,
 * every kind of inner space in another, the names in use among them), and only what must be the whole name, or starts
 * it, has one of its own. Troublesome text (TROUBLE) goes in the text hazards' names (text-hazards.ts).
 */
export const KNOWN_NAMES: readonly KnownShape<NameShape>[] = [
  { label: 'a plain name', shape: marked(` ${REPEATED[0]}`) },
  { label: 'a name with a leading and a trailing space', shape: exact(' ', `${REPEATED[1]} `) },
  { label: 'a name with two leading and two trailing spaces', shape: exact('  ', `${REPEATED[2]}  `) },
  { label: 'a name with inner spaces of every kind', shape: marked(INNER_SPACES.map((space) => ` ${REPEATED[3].replace(' ', space)}`).join(',')) },
  { label: 'a name with emoji and other astral-plane characters', shape: marked(EMOJI.map((emoji) => ` ${emoji}`).join('')) },
  { label: 'a name with combining marks', shape: marked(' Cafe\u0301 N\u0303andu\u0301') },
  { label: 'a right-to-left name', shape: marked(' كلب כלב') },
  { label: 'a name in CJK characters', shape: marked(' 犬 ウサギ 토끼') },
  { label: 'a one-character name', shape: exact('', 'R') },
  ...LEADS.filter((lead) => lead.trim() !== '').map((lead) => ({ label: `a name starting with "${lead}"`, shape: marked('', lead) })),
  ...LITERAL_LOOKING.map((name) => ({ label: `the name ${JSON.stringify(name)}, which reads as a number or as JSON`, shape: exact('', name) })),
];

/** Text over 100 code units, into the thousands, in any script. */
const longText: fc.Arbitrary<string> = fc
  .record({ pieces: fc.array(piece, { minLength: 1, maxLength: 12 }), length: fc.integer({ min: MAX_NAME_LENGTH + 2, max: 5000 }) })
  .map(({ pieces, length }) => filled(pieces, length))
  .filter((text) => text.length > MAX_NAME_LENGTH);

/**
 * Descriptions CREATE-1 promises a server accepts: absent, or 1 to 100 code units in any script (the contract bounds
 * neither; the catalogue holds descriptions to the names' bound, longer ones are INFO-2's), not blank. An empty one is
 * INFO-1's, as an empty name is: many validators refuse empty strings (Joi's default), and the contract sets no lower
 * bound.
 */
export const optionalDescription: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((d) => cut(d, MAX_NAME_LENGTH)),
  fc.record({ pieces: fc.array(piece, { minLength: 1, maxLength: 12 }), length: fc.integer({ min: 1, max: MAX_NAME_LENGTH }) })
    .map(({ pieces, length }) => filled(pieces, length)),
// Blank ones too are open, as the example of spaces only has it (kept as sent, or refused); so are line breaks and
// control characters, as they are in names (INFO-3, which the text hazards send by example).
).filter((description) => description === undefined || (description.trim().length > 0 && !LINE_BREAKING.test(description) && !/\p{Cc}/u.test(description)));

/** Descriptions over 100 code units, into the thousands (INFO-2). */
export const longDescription: fc.Arbitrary<string> = longText;

/** Names over 100 code units, into the thousands (INFO-2). */
export const longName: fc.Arbitrary<string> = longText;

/**
 * Characters the contract says nothing about: C0 and C1 controls, DEL, U+0000, line and paragraph separators,
 * lone surrogates (INFO-3). A surrogate comes with a letter on its far side, so that two of them never pair up
 * into a valid character.
 */
const unusual = fc.oneof(
  char(0x00, 0x1f), char(0x7f, 0x9f), fc.constant('\u0000'), fc.constantFrom('\u2028', '\u2029'),
  fc.integer({ min: 0xd800, max: 0xdbff }).map((c) => `${String.fromCharCode(c)}x`), // JSON writes it as \uXXXX
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((c) => `x${String.fromCharCode(c)}`),
);

/** Names with at least one unusual character among ordinary ones (INFO-3). */
export const unusualName: fc.Arbitrary<string> = fc
  .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 10 }), fc.array(unusual, { minLength: 1, maxLength: 3 }), fc.string({ unit: 'grapheme-ascii', maxLength: 10 }))
  .map(([a, u, b]) => a + u.join('') + b);
