import { describe, expect, it } from 'vitest';
import { AnswerTimes, SLOW_ANSWER_MS } from '../../src/http/answer-times.js';

const times = (...answers: readonly (readonly [ms: number, taken: boolean])[]) => {
  const answerTimes = new AnswerTimes();
  for (const [ms, taken] of answers) answerTimes.note(ms, taken);
  return answerTimes;
};

describe('AnswerTimes', () => {
  it('finds a target slow while even its quickest taken answer took the threshold or more, not before any', () => {
    expect(new AnswerTimes().slow).toBe(false);
    expect(times([SLOW_ANSWER_MS - 1, true]).slow).toBe(false);
    expect(times([SLOW_ANSWER_MS, true]).slow).toBe(true);
    expect(times([120, true], [121, true], [119, true]).slow).toBe(true);
    // A target kept busy answers some late; the one it answered at once shows how near it is.
    expect(times([1, true], [40, true], [60, true]).slow).toBe(false);
  });

  it('goes by the requests the target took: a gateway refusing a key at its edge at once decides nothing', () => {
    expect(times([1, false], [2, false], [120, true]).slow).toBe(true);
    expect(times([1, false]).slow).toBe(false);
  });
});
