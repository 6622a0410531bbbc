import { describe, expect, it } from 'vitest';
import { exactInteger } from '../../src/json/exact-integer.js';

describe('exactInteger', () => {
  it.each([
    ['0', 0n], ['-0', 0n], ['42', 42n], ['-7', -7n], ['1.0', 1n], ['1e3', 1000n], ['1.5e1', 15n], ['120e-1', 12n],
    ['9223372036854775807', 2n ** 63n - 1n], ['9223372036854775808', 2n ** 63n], ['-9223372036854775808', -(2n ** 63n)],
    ['0.000e5', 0n],
  ])('reads %s as the integer %s', (text, value) => {
    expect(exactInteger(text)).toEqual({ kind: 'integer', value });
  });

  it.each(['1.5', '1.0000000000000000001', '1e-1', '-0.5', 'abc', '', '1.', '0x10'])('reads %s as no integer', (text) => {
    expect(exactInteger(text)).toEqual({ kind: 'not-integer' });
  });

  it('answers "huge" for integers too long to build, instead of building them', () => {
    expect(exactInteger('1e400000000')).toEqual({ kind: 'huge', negative: false });
    expect(exactInteger('-1e401')).toEqual({ kind: 'huge', negative: true });
  });
});
