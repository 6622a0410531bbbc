import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { textStart } from '../../src/core/text-start.js';

/** V8's collector, reached without starting Node with --expose-gc: a context made after the flag is set has it. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('textStart', () => {
  it('gives a text no longer than the length as it is, and the first code units of a longer one', () => {
    expect(textStart('short', 10)).toBe('short');
    expect(textStart('exactly', 7)).toBe('exactly');
    expect(textStart('a longer text', 8)).toBe('a longer');
    // Cut between the two halves of a surrogate pair: the first half is kept as it is, not replaced.
    expect(textStart('ab\u{1F600}cd', 3)).toBe('ab\uD83D');
    expect(textStart('é'.repeat(40), 20)).toBe('é'.repeat(20));
  });

  // A slice of a long string is a view of it in V8 (a sliced string): 40 bodies of a megabyte, their starts kept by
  // slicing, stayed on the heap whole (40 MB more after a full collection); copied, they go.
  it('keeps nothing of the text it was cut from alive', () => {
    const gc = collector();
    const used = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = used();
    const starts: string[] = [];
    for (let i = 0; i < 40; i++) {
      const body = `${i}:${'x'.repeat(1024 * 1024)}`;
      starts.push(textStart(body, 2048));
    }
    const grown = used() - before;
    expect(starts.every((start, i) => start.length === 2048 && start.startsWith(`${i}:x`))).toBe(true);
    expect(grown).toBeLessThan(10 * 1024 * 1024);
  });
});
