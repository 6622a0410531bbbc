import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalPlaces, integerRange, integerStep, numberCount, sendableIntegers, validNumber } from '../../../src/generators/schema/numbers.js';

describe('integerRange', () => {
  it('reads the integer limits a spec spells beyond the doubles as those limits, not as the doubles they round to', () => {
    // The parser reads 9223372036854775807 as 2^63 and 18446744073709551615 as 2^64.
    expect(integerRange({ minimum: 0, maximum: 9223372036854775807 })).toEqual({ min: 0n, max: 2n ** 63n - 1n });
    expect(integerRange({ minimum: -9223372036854775808, maximum: 18446744073709551615 })).toEqual({ min: -(2n ** 63n), max: 2n ** 64n - 1n });
    expect(integerRange({ minimum: 0, exclusiveMaximum: 9223372036854775808 })).toEqual({ min: 0n, max: 2n ** 63n - 1n });
  });

  it('keeps an imprecise bound that is no power of two on its inner side: whatever literal the double came from, no sent value is beyond it', () => {
    // 2^60 + 1536: doubles there are 256 apart, so the literal was within 128 of it.
    const read = 2 ** 60 + 1536;
    expect(integerRange({ minimum: 0, maximum: read })?.max).toBe(2n ** 60n + 1536n - 128n);
    expect(integerRange({ minimum: -read, maximum: 0 })?.min).toBe(-(2n ** 60n + 1536n - 128n));
  });

  it('follows exact bounds, formats and integer multiples as written', () => {
    expect(integerRange({ minimum: 1, maximum: 10, multipleOf: 3 })).toEqual({ min: 3n, max: 9n });
    expect(integerRange({ format: 'int64', minimum: 0 })).toEqual({ min: 0n, max: 2n ** 63n - 1n });
    expect(integerRange({ exclusiveMinimum: 0.5, exclusiveMaximum: 2 })).toEqual({ min: 1n, max: 1n });
    expect(integerRange({ minimum: 5, maximum: 4 })).toBeUndefined();
  });
});

describe('integerStep', () => {
  it('is the least integer a fractional multipleOf divides, so that integers sent are its multiples too', () => {
    expect(integerStep({ multipleOf: 0.5 })).toBeUndefined();
    expect(integerStep({ multipleOf: 0.3 })).toBe(3n);
    expect(integerStep({ multipleOf: 1.5 })).toBe(3n);
    expect(integerStep({ multipleOf: 0.25 })).toBeUndefined();
    expect(integerStep({ multipleOf: 5 })).toBe(5n);
    expect(integerRange({ minimum: 1, maximum: 10, multipleOf: 0.3 })).toEqual({ min: 3n, max: 9n });
  });
});

describe('sendableIntegers', () => {
  it('keeps multiples of a multipleOf within ±2^53, where every validator divides the number written', () => {
    expect(sendableIntegers({ format: 'int64', multipleOf: 10 })).toEqual({ min: -9007199254740990n, max: 9007199254740990n });
    expect(sendableIntegers({ format: 'int64' })).toEqual({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
  });
});

describe('validNumber and numberCount', () => {
  it('draws finer decimals where no quarter is within the bounds, and counts the values it draws where they are few', () => {
    const narrow = { exclusiveMinimum: 0, maximum: 0.01 };
    const drawn = fc.sample(validNumber(narrow) as fc.Arbitrary<number>, { seed: 1, numRuns: 100 });
    expect(drawn.every((v) => v > 0 && v <= 0.01 && decimalPlaces(v) <= 3)).toBe(true);
    expect(numberCount(narrow)).toBe(10);
    expect(numberCount({ minimum: 0, maximum: 1 })).toBe(5);
    expect(numberCount({ exclusiveMinimum: -0.01, maximum: 1.54, multipleOf: 0.5 })).toBe(4);
    expect(numberCount({ minimum: 0 })).toBeGreaterThan(1e9);
    expect(numberCount({ minimum: 0, multipleOf: 0.01 })).toBe(Infinity);
  });

  it('has no values where a double division agrees on no multiple in the bounds, instead of a filter that never ends', () => {
    // 0.7 is the one multiple of 0.1 there, and 0.7 / 0.1 is 6.999999999999999 as doubles divide (0.8 / 0.1 is 8).
    expect(validNumber({ minimum: 0.65, maximum: 0.75, multipleOf: 0.1 })).toBeUndefined();
    expect(validNumber({ minimum: 0.55, maximum: 0.85, multipleOf: 0.1 })).toBeDefined();
  });
});
