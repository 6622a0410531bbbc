import fc from 'fast-check';

/**
 * The longest name CREATE-1 promises a server accepts, in UTF-16 code units: the strictest of the usual
 * measures (code units, code points, grapheme clusters), so that no conformant server is condemned over how
 * it counts.
 */
export const MAX_NAME_LENGTH = 100;

const spaces = fc.constantFrom('', ' ', '  ');
const word = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom('Dog', 'كلب', 'כלב', '犬', 'Собака', 'Cafe\u0301', '🐕', '🐈‍⬛', '👩🏽‍🔬', 'Ñandú') },
);

/**
 * Names a conformant server must accept (CREATE-1): any script, combining sequences, emoji and other astral
 * characters, right-to-left text, leading, trailing and inner spaces; 1 to 100 code units, never blank and
 * without control characters (blank, control and longer names are INFO cases, left open by the contract).
 */
export const validName: fc.Arbitrary<string> = fc
  .tuple(spaces, fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom(' ', '  ', ' \u00a0 '), spaces)
  .map(([lead, words, gap, trail]) => lead + words.join(gap) + trail)
  .filter((name) => name.length <= MAX_NAME_LENGTH && name.trim().length > 0);

/** Descriptions: absent, short, long, or in any script. */
export const optionalDescription: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 1000 }),
);
