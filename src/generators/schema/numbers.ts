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
    facts.minimum === undefined ? undefined : ceil(facts.minimum),
    facts.exclusiveMinimum === undefined ? undefined : floor(facts.exclusiveMinimum) + 1n,
    format?.min,
  ].filter((v) => v !== undefined);
  const highs = [
    facts.maximum === undefined ? undefined : floor(facts.maximum),
    facts.exclusiveMaximum === undefined ? undefined : ceil(facts.exclusiveMaximum) - 1n,
    format?.max,
  ].filter((v) => v !== undefined);
  // An open side is OPEN_INTEGERS' side, or as wide a range beyond the other side's bound when that is past it.
  const span = OPEN_INTEGERS.max - OPEN_INTEGERS.min;
  let min = lows.length > 0 ? lows.reduce((a, b) => (a > b ? a : b)) : OPEN_INTEGERS.min;
  let max = highs.length > 0 ? minOf(highs) : OPEN_INTEGERS.max;
  if (highs.length === 0 && max < min) max = min + span;
  if (lows.length === 0 && min > max) min = max - span;
  const step = multipleOf(facts);
  if (step !== undefined) {
    min = ceilDiv(min, step) * step;
    max = floorDiv(max, step) * step;
  }
  return min <= max ? { min, max } : undefined;
}

/** The integer multipleOf, when the schema has one (a fractional one is not followed). */
function multipleOf(facts: NumberFacts): bigint | undefined {
  const m = facts.multipleOf;
  return m !== undefined && Number.isInteger(m) && m > 1 ? BigInt(m) : undefined;
}

/** An integer as JSON values hold it: a number within the doubles' exact range, a bigint beyond (see json/write.ts). */
export function integerValue(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** Integers the schema allows, across its whole range (fast-check's bigInt comes out at the edges often). */
export function validInteger(facts: NumberFacts): fc.Arbitrary<number | bigint> | undefined {
  const range = integerRange(facts);
  if (!range) return undefined;
  const step = multipleOf(facts) ?? 1n;
  return fc.bigInt({ min: range.min / step, max: range.max / step }).map((k) => integerValue(k * step));
}

/**
 * Numbers the schema allows beyond integers: quarters (x.25, x.5, x.75), which every float type holds exactly and
 * every JSON writer writes the same, within its bounds and, where unbounded, within ±10^9.
 */
export function validNumber(facts: NumberFacts): fc.Arbitrary<number> | undefined {
  const quarters = quarterRange(facts);
  if (!quarters || facts.multipleOf !== undefined) return undefined;
  return fc.integer({ min: quarters.min, max: quarters.max }).map((k) => k / 4);
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

const ceil = (n: number) => BigInt(Math.ceil(n));
const floor = (n: number) => BigInt(Math.floor(n));
const minOf = (values: bigint[]) => values.reduce((a, b) => (a < b ? a : b));
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);
