import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runProperty, visible } from '../../src/checks/property.js';

describe('visible', () => {
  it('writes what cannot be seen as escapes and leaves the rest alone', () => {
    expect(visible('"a\u2028b"')).toBe('"a\\u2028b"');
    expect(visible('"no\u00a0break\u200dzwj\u0007bell"')).toBe('"no\\u00a0break\\u200dzwj\\u0007bell"');
    expect(visible('"\u{e0001}tag"')).toBe('"\\u{e0001}tag"');
    expect(visible('"Dog 🐕 كلب e\u0301"')).toBe('"Dog 🐕 كلب e\u0301"');
  });
});

describe('runProperty', () => {
  it('shows a failing string case with its invisible characters escaped', async () => {
    const outcome = await runProperty(fc.constant('a\u2028b'), async () => {
      throw new Error('refused');
    }, { seed: 1, numRuns: 1 });
    expect(outcome.failed).toBe(true);
    expect(outcome.counterexample).toBe('"a\\u2028b"');
  });
});

describe('counterexamples', () => {
  it('show records as ordinary objects, without fast-check\'s __proto__:null', async () => {
    const outcome = await runProperty(fc.record({ name: fc.constant('a'), tags: fc.constant([{ x: 1 }]) }), async () => {
      throw new Error('refused');
    }, { seed: 1, numRuns: 1 });
    expect(outcome.counterexample).toBe('{"name":"a","tags":[{"x":1}]}');
  });
});
