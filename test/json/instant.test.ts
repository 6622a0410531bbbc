import { describe, expect, it } from 'vitest';
import { sameInstant } from '../../src/json/instant.js';

describe('sameInstant', () => {
  it('takes one instant in any of its RFC 3339 forms: fractions with trailing zeros, offsets, letter case', () => {
    expect(sameInstant('2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000000Z')).toBe(true);
    expect(sameInstant('2024-01-01T00:00:00.5Z', '2024-01-01T01:00:00.500+01:00')).toBe(true);
    expect(sameInstant('2024-01-01t00:00:00z', '2023-12-31T19:30:00-04:30')).toBe(true);
    expect(sameInstant('2024-01-01T00:00:00.123456Z', '2024-01-01T00:00:00.123456+00:00')).toBe(true);
  });

  it('tells instants apart, a fraction of a second cut off among them, and what is no date-time', () => {
    expect(sameInstant('2024-01-01T00:00:00.123456Z', '2024-01-01T00:00:00.123Z')).toBe(false);
    expect(sameInstant('2024-01-01T00:00:00Z', '2024-01-01T00:00:01Z')).toBe(false);
    expect(sameInstant('2024-01-01T00:00:00Z', '2024-01-01T00:00:00+01:00')).toBe(false);
    expect(sameInstant('2024-01-01', '2024-01-01')).toBe(false);
    expect(sameInstant('yesterday', 'yesterday')).toBe(false);
  });
});
