import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalString, formatKind, validString } from '../../../src/generators/schema/strings.js';

describe('formatKind', () => {
  it('knows the formats it has values of, the annotations, and nothing else', () => {
    expect(formatKind(undefined)).toBe('none');
    expect(formatKind('email')).toBe('known');
    expect(formatKind('password')).toBe('annotation');
    expect(formatKind('semver')).toBe('unknown');
  });

  it('takes no name of an object\'s own machinery for a format it knows', () => {
    for (const format of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(formatKind(format)).toBe('unknown');
  });
});

describe('validString', () => {
  it('draws a known format\'s values within the schema\'s lengths', () => {
    const hostnames = validString({ patterns: [], format: 'hostname', maxLength: 20 });
    expect(hostnames).toBeDefined();
    for (const value of fc.sample(hostnames as fc.Arbitrary<string>, { numRuns: 50, seed: 1 })) {
      expect(value).toMatch(/^[a-z][a-z0-9]*\.example\.com$/);
      expect(value.length).toBeLessThanOrEqual(20);
    }
  });

  it('draws plain text for a format named like an object\'s own machinery, as for any format it does not know', () => {
    const values = validString({ patterns: [], format: 'constructor', minLength: 1, maxLength: 10 });
    expect(values).toBeDefined();
    for (const value of fc.sample(values as fc.Arbitrary<string>, { numRuns: 20, seed: 1 })) expect(typeof value).toBe('string');
    expect(canonicalString({ patterns: [], format: 'toString' })).toBe('Sample');
  });
});
