import fc from 'fast-check';
import { INTEGER_FORMATS } from '../../json/exact-integer.js';
import type { NumberFacts } from '../../spec/schema-node.js';

/** A closed range of integers. */
export interface IntegerRange {
  readonly min: bigint;
  readonly max: bigint;
}

/**
 * The integers an integer schema may be sure a server takes where it bounds them in no way (no bound, no format): the
 * int32 range, which every integer column and type holds. JSON Schema allows any integer there, but a server storing a
 * 64-bit or a 32-bit integer keeps that schema alike: which one it does, no schema says.
 */
export const OPEN_INTEGERS: IntegerRange = INTEGER_FORMATS['int32'] as IntegerRange;

/** The range of integers the schema allows: its bounds, its format's range, else OPEN_INTEGERS; undefined when empty. */
export function integerRange(facts: NumberFacts): IntegerRange | undefined {
  const format = facts.format === undefined ? undefined : INTEGER_FORMATS[facts.format];
  const lows = [
    facts.minimum === undefined ? undefined : ceil(lowerBound(facts.minimum)),
    facts.exclusiveMinimum === undefined ? undefined : floor(lowerBound(facts.exclusiveMinimum)) + 1n,
    format?.min,
  ].filter((v) => v !== undefined);
  const highs = [
    facts.maximum === undefined ? undefined : floor(upperBound(facts.maximum, true)),
    facts.exclusiveMaximum === undefined ? undefined : ceil(upperBound(facts.exclusiveMaximum, false)) - 1n,
    format?.max,
  ].filter((v) => v !== undefined);
  // An open side is OPEN_INTEGERS' side, or as wide a range beyond the other side's bound when that is past it.
  const span = OPEN_INTEGERS.max - OPEN_INTEGERS.min;
  let min = lows.length > 0 ? lows.reduce((a, b) => (a > b ? a : b)) : OPEN_INTEGERS.min;
  let max = highs.length > 0 ? minOf(highs) : OPEN_INTEGERS.max;
  if (highs.length === 0 && max < min) max = min + span;
  if (lows.length === 0 && min > max) min = max - span;
  const step = integerStep(facts);
  if (step !== undefined) {
    min = ceilDiv(min, step) * step;
    max = floorDiv(max, step) * step;
  }
  return min <= max ? { min, max } : undefined;
}

/**
 * The integers of {@link integerRange} that are sent as valid: all of them, but that multiples of a multipleOf stay
 * within the doubles' exact integers (±2^53): beyond them most validators judge a multiple by dividing a double that is
 * not the number written (ajv too, where an anyOf hides the suite's exact check), and what a server must take is
 * sent only where every way of checking agrees (as {@link decimalMultiples}).
 */
export function sendableIntegers(facts: NumberFacts): IntegerRange | undefined {
  const range = integerRange(facts);
  const step = integerStep(facts);
  if (!range || step === undefined) return range;
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  const min = range.min < -safe ? ceilDiv(-safe, step) * step : range.min;
  const max = range.max > safe ? floorDiv(safe, step) * step : range.max;
  return min <= max ? { min, max } : undefined;
}

/**
 * The step between the integers that are multiples of the schema's multipleOf, when it has one: the multipleOf
 * itself, or for a fractional one p / 10^d the least integer it divides (0.5: 1; 0.3: 3; 1.5: 3).
 */
export function integerStep(facts: NumberFacts): bigint | undefined {
  const m = facts.multipleOf;
  if (m === undefined || !(m > 0)) return undefined;
  if (Number.isInteger(m)) return m > 1 ? BigInt(m) : undefined;
  const decimal = decimalStep(facts);
  if (!decimal) return undefined;
  const scale = 10n ** BigInt(decimal.places);
  const p = BigInt(Math.round(m * Number(scale)));
  const step = p / gcd(p, scale);
  return step > 1n ? step : undefined;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** An integer as JSON values hold it: a number within the doubles' exact range, a bigint beyond (see json/write.ts). */
export function integerValue(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** Integers the schema allows, across its whole range (fast-check's bigInt comes out at the edges often). */
export function validInteger(facts: NumberFacts): fc.Arbitrary<number | bigint> | undefined {
  const range = sendableIntegers(facts);
  if (!range) return undefined;
  const step = integerStep(facts) ?? 1n;
  return fc.bigInt({ min: range.min / step, max: range.max / step }).map((k) => integerValue(k * step));
}

/**
 * Numbers the schema allows beyond integers: quarters (x.25, x.5, x.75), which every float type holds exactly and
 * every JSON writer writes the same, within its bounds and, where unbounded, within ±10^9; where the schema has a
 * fractional multipleOf, its multiples (see {@link decimalMultiples}).
 */
export function validNumber(facts: NumberFacts): fc.Arbitrary<number> | undefined {
  if (facts.multipleOf !== undefined) return decimalStep(facts) === undefined ? undefined : decimalMultiples(facts);
  const quarters = quarterRange(facts);
  if (quarters) return fc.integer({ min: quarters.min, max: quarters.max }).map((k) => k / 4);
  const fine = fineRange(facts);
  return fine && fc.integer({ min: fine.min, max: fine.max }).map((k) => Number((k / 10 ** fine.places).toFixed(fine.places)));
}

/**
 * The least or the most value {@link validNumber} draws from a schema without a multipleOf: next to an exclusive
 * bound, the nearest value inside it that generation draws too (a quarter, else a finer decimal); undefined when
 * there is none.
 */
export function nearestInside(facts: NumberFacts, end: 'least' | 'most'): number | undefined {
  const quarters = quarterRange(facts);
  if (quarters) return (end === 'least' ? quarters.min : quarters.max) / 4;
  const fine = fineRange(facts);
  return fine && Number(((end === 'least' ? fine.min : fine.max) / 10 ** fine.places).toFixed(fine.places));
}

/**
 * Where no quarter is within the bounds (above 0 and at most 0.01), the range of k for which k × 10^−places is, with
 * one decimal place more than any bound is written in (0.001 to 0.01).
 */
function fineRange(facts: NumberFacts): { readonly min: number; readonly max: number; readonly places: number } | undefined {
  const bounds = [facts.minimum, facts.maximum, facts.exclusiveMinimum, facts.exclusiveMaximum].filter((b) => b !== undefined);
  if (bounds.length === 0) return undefined;
  const places = Math.max(...bounds.map(decimalPlaces)) + 1;
  if (places > 12) return undefined;
  // Scaled and rounded to whole units before the bound is applied: 0.01 × 1000 is 10, not 10.000000000000002.
  const scaled = (n: number) => Math.round(n * 10 ** places);
  const min = Math.max(facts.minimum === undefined ? -Infinity : scaled(facts.minimum), facts.exclusiveMinimum === undefined ? -Infinity : scaled(facts.exclusiveMinimum) + 1);
  const max = Math.min(facts.maximum === undefined ? Infinity : scaled(facts.maximum), facts.exclusiveMaximum === undefined ? Infinity : scaled(facts.exclusiveMaximum) - 1);
  return Number.isSafeInteger(min) && Number.isSafeInteger(max) && min <= max ? { min, max, places } : undefined;
}

/**
 * How many values {@link validNumber} draws from, where they are few (quarters between 0 and 1, multiples of 0.3 in a
 * narrow range); Infinity where they are many.
 */
export function numberCount(facts: NumberFacts): number {
  if (facts.multipleOf !== undefined) return decimalStep(facts) === undefined ? 0 : fewMultiples(facts)?.length ?? Infinity;
  const quarters = quarterRange(facts);
  const range = quarters ?? fineRange(facts);
  return range ? range.max - range.min + 1 : 0;
}

/** A fractional multipleOf with the decimal places it is written with (0.01: 2); undefined for any other. */
export function decimalStep(facts: NumberFacts): { readonly step: number; readonly places: number } | undefined {
  const m = facts.multipleOf;
  if (m === undefined || !(m > 0) || Number.isInteger(m)) return undefined;
  const places = decimalPlaces(m);
  return places <= 12 ? { step: m, places } : undefined;
}

/**
 * The multiples of a fractional multipleOf within the schema's bounds, written with its decimal places (0.07, not
 * 7 × 0.01 = 0.07000000000000001), and only those a double division finds whole (0.07 / 0.01 is 7.000000000000001):
 * JSON Schema's multiple is the decimal one, but validators that divide doubles are common (ajv's default), and what
 * a server must take is sent only where every way of checking agrees.
 */
export function decimalMultiples(facts: NumberFacts): fc.Arbitrary<number> | undefined {
  const range = multipleRange(facts);
  if (!range) return undefined;
  // Few multiples are listed, so that a range where a double division agrees on none has no values instead of a
  // filter that never lets one through.
  const few = fewMultiples(facts);
  if (few) return few.length === 0 ? undefined : fc.constantFrom(...few);
  return fc.integer({ min: range.min, max: range.max }).map((k) => multiple(facts, k)).filter((v) => agreedMultiple(facts, v));
}

/** Every multiple {@link decimalMultiples} draws from, where there are at most 1000 to look at; else undefined. */
export function fewMultiples(facts: NumberFacts): number[] | undefined {
  const range = multipleRange(facts);
  if (!range) return [];
  if (range.max - range.min >= 1000) return undefined;
  const values: number[] = [];
  for (let k = range.min; k <= range.max; k++) if (agreedMultiple(facts, multiple(facts, k))) values.push(multiple(facts, k));
  return values;
}

/** The range of k for which k × multipleOf is within the number schema's bounds (and, where unbounded, ±10^9). */
export function multipleRange(facts: NumberFacts): { readonly min: number; readonly max: number } | undefined {
  const decimal = decimalStep(facts);
  if (!decimal) return undefined;
  const { step } = decimal;
  const limit = Math.floor(1e9 / step);
  const ratio = (bound: number) => Number((bound / step).toFixed(6));
  const lows = [-limit, facts.minimum === undefined ? -Infinity : Math.ceil(ratio(facts.minimum)),
    facts.exclusiveMinimum === undefined ? -Infinity : Math.floor(ratio(facts.exclusiveMinimum)) + 1];
  const highs = [limit, facts.maximum === undefined ? Infinity : Math.floor(ratio(facts.maximum)),
    facts.exclusiveMaximum === undefined ? Infinity : Math.ceil(ratio(facts.exclusiveMaximum)) - 1];
  const min = Math.max(...lows);
  const max = Math.min(...highs);
  return min <= max ? { min, max } : undefined;
}

/** k × a fractional multipleOf, as its decimal places write it. */
export function multiple(facts: NumberFacts, k: number): number {
  const decimal = decimalStep(facts) as { readonly step: number; readonly places: number };
  return Number((k * decimal.step).toFixed(decimal.places));
}

/** Whether a double division finds the value a multiple too: see {@link decimalMultiples}. */
export function agreedMultiple(facts: NumberFacts, value: number): boolean {
  return Number.isInteger(value / (facts.multipleOf as number));
}

/** The decimal places a number is written with: 0.01 has 2, 1.5e-7 has 8, 3 has 0. */
export function decimalPlaces(n: number): number {
  const [digits = '', exponent = '0'] = Math.abs(n).toString().split('e');
  const fraction = digits.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/** The range of k for which k/4 is within the number schema's bounds. */
function quarterRange(facts: NumberFacts): { readonly min: number; readonly max: number } | undefined {
  const limit = facts.format === 'float' ? 2 ** 24 : 4e9;
  const lows = [-limit, facts.minimum === undefined ? -Infinity : Math.ceil(facts.minimum * 4),
    facts.exclusiveMinimum === undefined ? -Infinity : Math.floor(facts.exclusiveMinimum * 4) + 1];
  const highs = [limit, facts.maximum === undefined ? Infinity : Math.floor(facts.maximum * 4),
    facts.exclusiveMaximum === undefined ? Infinity : Math.ceil(facts.exclusiveMaximum * 4) - 1];
  const min = Math.max(...lows);
  const max = Math.min(...highs);
  return min <= max ? { min, max } : undefined;
}

/**
 * A bound beyond the doubles' exact integers as the spec most likely wrote it. The spec's parser reads
 * `maximum: 9223372036854775807` (int64's largest) as the double 2^63, one more than any int64: sent as the most the
 * schema allows, it is refused by every server that keeps the bound. A bound that reads as a power of two is taken as
 * the integer limit it spells: 2^k − 1 as an inclusive upper bound, 2^k itself as an exclusive one or a lower one
 * (−2^63 is int64's least). Any other imprecise bound is taken as the integer nearest its inner side that the double
 * could have been read from, so that what is sent is within the bound the spec wrote.
 */
function upperBound(n: number, inclusive: boolean): bigint | number {
  if (Number.isSafeInteger(n) || !Number.isInteger(n)) return n;
  const exact = BigInt(n);
  if (exact > 0n && isPowerOfTwo(exact)) return inclusive ? exact - 1n : exact;
  return exact - halfUlpBelow(n);
}

function lowerBound(n: number): bigint | number {
  if (Number.isSafeInteger(n) || !Number.isInteger(n)) return n;
  const exact = BigInt(n);
  if (exact < 0n && isPowerOfTwo(-exact)) return exact;
  return exact + halfUlpBelow(n);
}

/** Half the gap between a double beyond 2^53 in magnitude and the next double toward 0: the farthest a literal rounded. */
function halfUlpBelow(n: number): bigint {
  const magnitude = BigInt(Math.abs(n));
  const exponent = BigInt(magnitude.toString(2).length - 1); // magnitude is within [2^exponent, 2^(exponent+1))
  const gap = isPowerOfTwo(magnitude) ? 2n ** (exponent - 53n) : 2n ** (exponent - 52n);
  return gap / 2n;
}

const isPowerOfTwo = (n: bigint) => (n & (n - 1n)) === 0n;
const ceil = (n: bigint | number) => (typeof n === 'bigint' ? n : BigInt(Math.ceil(n)));
const floor = (n: bigint | number) => (typeof n === 'bigint' ? n : BigInt(Math.floor(n)));
const minOf = (values: bigint[]) => values.reduce((a, b) => (a < b ? a : b));
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);
