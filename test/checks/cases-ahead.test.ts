import { describe, expect, it } from 'vitest';
import { CasesAhead } from '../../src/checks/cases-ahead.js';

/** Cases ahead over values drawn as `draw` says, recording the values started. */
function casesAhead(draw: (count: number) => readonly (number | undefined)[], window = 3) {
  const started: number[] = [];
  const ahead = new CasesAhead<number, number>({
    draw, numRuns: 5, window,
    start: (value) => {
      started.push(value);
      return { started: value, done: Promise.resolve() };
    },
  });
  return { ahead, started };
}

describe('CasesAhead', () => {
  it('starts up to the window of the cases fast-check is sure to draw, one more for each a precondition rejected', () => {
    const { ahead, started } = casesAhead((count) => Array.from({ length: count }, (_, i) => i));
    for (const value of [0, 1, 2]) expect(ahead.take(value)?.value).toBe(value);
    ahead.reject();
    for (const value of [3, 4, 5]) expect(ahead.take(value)?.value).toBe(value);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    // Five cases were needed and one was rejected: a seventh is not sure to be drawn, and is not started ahead. Should
    // fast-check draw it all the same, it runs in its turn.
    expect(ahead.take(6)?.value).toBe(6);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('starts the case whose turn it is with fast-check\'s value, and the ones after it with the values drawn ahead', () => {
    const { ahead, started } = casesAhead((count) => Array.from({ length: count }, (_, i) => (i === 0 ? undefined : i)));
    expect(ahead.take(0)?.value).toBe(0);
    expect(started).toEqual([0, 1, 2]);
  });

  it('runs no case ahead once fast-check hands a case another value than drawn, and ends those under way', async () => {
    const { ahead, started } = casesAhead((count) => Array.from({ length: count }, (_, i) => 100 + i));
    expect(ahead.take(0)?.value).toBe(0);
    expect(ahead.take(1)).toBeUndefined();
    expect(ahead.take(2)).toBeUndefined();
    expect(started).toEqual([0, 101, 102]);
    expect(await ahead.end()).toEqual([101, 102]);
  });
});
