import { describe, expect, it } from 'vitest';
import { appendToFirstLine, firstLine, fitFirstLine, FIRST_LINE_MAX } from '../../src/core/first-line.js';

describe('fitFirstLine', () => {
  it('leaves a short first line as it is, with the suffix at its end and the lines below it after', () => {
    expect(fitFirstLine('2 of 9 differ\n  a\n  b', ' (follows from AUTH-2: x)')).toBe('2 of 9 differ (follows from AUTH-2: x)\n  a\n  b');
    expect(firstLine('one\ntwo')).toBe('one');
    expect(appendToFirstLine('one\ntwo', '!')).toBe('one!\ntwo');
  });

  // Before: a LIST-2 failure was one line of 940 to 1,400 characters, every differing category in it.
  it('cuts a long first line to 300 characters, keeping the suffix, and keeps the whole line below it', () => {
    const long = `3 of 30 created categories: ${'category 12: name differs; '.repeat(50)}`;
    const fitted = fitFirstLine(`${long}\n  details`, ' (follows from AUTH-2: auth-61 was served)');
    const [first, ...rest] = fitted.split('\n');
    expect(first?.length).toBeLessThanOrEqual(FIRST_LINE_MAX);
    expect(first).toMatch(/^3 of 30 created categories: category 12.*… \(follows from AUTH-2: auth-61 was served\)$/);
    expect(rest).toEqual([`${long} (follows from AUTH-2: auth-61 was served)`, '  details']);
  });

  it('drops a suffix too long to leave room for the line, and cuts what is left', () => {
    const fitted = fitFirstLine('x'.repeat(400), ` ${'y'.repeat(200)}`);
    expect(fitted.split('\n')[0]).toMatch(/^x{299}…$/);
  });
});
