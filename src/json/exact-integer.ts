/** The exact integer a JSON number text denotes, or why it denotes none. */
export type ExactInteger =
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'not-integer' }
  /** An integer with more than {@link MAX_DIGITS} digits: beyond any range a schema format names. */
  | { readonly kind: 'huge'; readonly negative: boolean };

const MAX_DIGITS = 400;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/**
 * Plain integers (every id of an ordinary target, and the int64 ids beyond 2^53 of others): read without the
 * general path, whose regular expressions were most of a run's time against a large target with random int64 ids.
 */
const PLAIN = /^-?(?:0|[1-9]\d{0,399})$/;

/**
 * Reads a JSON number text (`123`, `-0`, `1.0`, `12e3`, `9223372036854775808`) as an exact integer.
 * `1.0` and `1e3` are integers (JSON Schema's `integer` is a number with no fractional part); `1.5` is not.
 */
export function exactInteger(text: string): ExactInteger {
  if (PLAIN.test(text)) return { kind: 'integer', value: BigInt(text) };
  const match = DECIMAL.exec(text);
  if (!match) return { kind: 'not-integer' };
  const [, sign = '', whole = '', fraction = '', exponentText] = match;
  const exponent = Number(exponentText ?? 0);
  let digits = (whole + fraction).replace(/^0+/, '');
  let scale = exponent - fraction.length; // value = digits × 10^scale
  if (digits === '') return { kind: 'integer', value: 0n };
  const trailingZeros = digits.length - digits.replace(/0+$/, '').length;
  if (scale < 0) {
    if (-scale > trailingZeros) return { kind: 'not-integer' };
    digits = digits.slice(0, digits.length + scale);
    scale = 0;
  }
  if (digits.length + scale > MAX_DIGITS) return { kind: 'huge', negative: sign === '-' };
  const magnitude = BigInt(digits) * 10n ** BigInt(scale);
  return { kind: 'integer', value: sign === '-' ? -magnitude : magnitude };
}

/** The closed range of a JSON Schema integer format. */
export interface IntegerRange {
  readonly min: bigint;
  readonly max: bigint;
}

/** The ranges of the integer formats OpenAPI defines. */
export const INTEGER_FORMATS: Readonly<Record<string, IntegerRange>> = {
  int32: { min: -(2n ** 31n), max: 2n ** 31n - 1n },
  int64: { min: -(2n ** 63n), max: 2n ** 63n - 1n },
};

/**
 * The integers a bound read as a double may have been written as: exactly it, where the double is a safe integer
 * or not an integer; for one beyond 2^53 (`9223372036854775807` reads as 2^63), every integer within the spacing of
 * doubles there, which its text no longer tells apart. A bound is then judged by the widest of them, so that no
 * value the written bound allows is refused.
 */
export function boundLatitude(bound: number): bigint {
  if (!Number.isInteger(bound) || Number.isSafeInteger(bound)) return 0n;
  // The spacing of doubles above |bound|: 2^(e-52) for a double of exponent e.
  return 2n ** BigInt(Math.floor(Math.log2(Math.abs(bound))) - 52);
}

/**
 * A bound as the suite writes it: as read, and for one beyond 2^53, where the spec's text was rounded, as the integer
 * read, said to be about that (`about 9223372036854775808`, not the double's `9223372036854776000`).
 */
export function boundText(bound: number): string {
  return boundLatitude(bound) === 0n ? String(bound) : `about ${BigInt(bound)}`;
}
