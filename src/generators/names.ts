import fc from 'fast-check';

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

/** Pieces names are made of: every script, marks, emoji, spaces. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).filter((g) => !LINE_BREAKING.test(g)) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.oneof(char(0x0621, 0x064a), char(0x05d0, 0x05ea)) }, // Arabic, Hebrew: right to left
  { weight: 1, arbitrary: char(0x4e00, 0x9fff) }, // CJK
  // A base letter with one to three combining marks.
  { weight: 2, arbitrary: fc.tuple(char(0x61, 0x7a), fc.array(char(0x0300, 0x036f), { minLength: 1, maxLength: 3 })).map(([b, m]) => b + m.join('')) },
  { weight: 2, arbitrary: fc.constantFrom('🐕', '🐈‍⬛', '👩🏽‍🔬', '🏳️‍🌈', '🇯🇵', '𓃠', '𝔇𝔬𝔤', '🦎') }, // astral, ZWJ sequences, flags
  { weight: 2, arbitrary: fc.constantFrom(' ', '  ', '\u00a0', '\u3000') }, // inner spaces
);

/** Cuts a string to at most `max` UTF-16 code units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  let out = '';
  for (const c of text) {
    if (out.length + c.length > max) break;
    out += c;
  }
  return out;
}

/**
 * Exactly `length` code units (or one less, where a surrogate pair would not fit) made of the pieces, repeated
 * as needed: fast-check keeps arrays short, so the length is chosen first and then filled.
 */
function filled(pieces: readonly string[], length: number): string {
  const unit = pieces.join('') || 'x';
  return cut(unit.repeat(Math.ceil(length / unit.length)), length);
}

/**
 * Lengths across the whole range. fast-check's integers come out at the edges (1 and 100) often already, and
 * shrink towards the smallest failing length, which a set of constants would not.
 */
const nameLength = fc.integer({ min: 1, max: MAX_NAME_LENGTH });

/** Names a few cases share, so that a name already in use comes up. */
const REPEATED = ['Dog', 'Cat', 'Rabbit', 'Guinea pig'];

/** Names that read as JSON or as numbers: a server that parses text again turns them into something else. */
const LITERAL_LOOKING = ['0', '7', '-1', '1.5', '1e3', '007', 'true', 'false', 'null', '[]', '{}'];

/** What a name may start with: nothing, spaces, or what spreadsheet-minded servers escape as a formula. */
const LEADS = ['', ' ', '  ', '=', '+', '-', '@'];

/**
 * Names a conformant server must accept (CREATE-1): any script, combining sequences, emoji and other astral
 * characters, right-to-left text, leading, trailing and inner spaces, formula-like leads, every length from 1 to
 * 100 code units, and now and then a name already in use or one that reads as a number or a JSON literal. Never blank and without control characters or line breaks: blank,
 * control, line-breaking and longer names are INFO cases the contract leaves open.
 */
export const validName: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: fc.record({
    lead: fc.constantFrom(...LEADS),
    pieces: fc.array(piece, { minLength: 1, maxLength: 12 }),
    trail: fc.constantFrom('', ' ', '  '),
    length: nameLength,
  }).map(({ lead, pieces, trail, length }) => {
    const core = filled(pieces, Math.max(1, length - lead.length - trail.length));
    return cut(lead + core + trail, length);
  }) },
  { weight: 1, arbitrary: fc.constantFrom(...REPEATED) },
  { weight: 1, arbitrary: fc.constantFrom(...LITERAL_LOOKING) },
).filter((name) => name.trim().length > 0);

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
  fc.record({ pieces: fc.array(piece, { minLength: 1, maxLength: 12 }), length: nameLength })
    .map(({ pieces, length }) => filled(pieces, length)),
// Blank ones too are open, as the example of spaces only has it (kept as sent, or refused).
).filter((description) => description === undefined || description.trim().length > 0);

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
