import { describe, expect, it } from 'vitest';
import { sleep } from '../../src/http/pacing.js';
import { inBatches, inLanes, selftestLanes } from '../../src/selftest/lanes.js';

describe('inLanes', () => {
  it('runs at most that many jobs at once, each lane in one session, and gives the results in job order as they are ready', async () => {
    const opened: { id: number; closed: boolean; jobs: number[] }[] = [];
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const handedOnWhenFinished: number[] = [];
    const durations = [30, 5, 5, 20, 1, 1, 15, 2, 2, 2];
    const results = await inLanes(durations.length, 3, async () => {
      const session = { id: opened.length, closed: false, jobs: [] as number[], close: async () => { session.closed = true; } };
      opened.push(session);
      return session;
    }, async (session, index) => {
      session.jobs.push(index);
      running++;
      most = Math.max(most, running);
      await sleep(durations[index] as number);
      running--;
      handedOnWhenFinished[index] = done.length;
      return index * 10;
    }, (result) => done.push(result));
    expect(results).toEqual(durations.map((_, i) => i * 10));
    expect(done).toEqual(results);
    // Jobs 1 and 2 end long before job 0: nothing is handed on before job 0 is.
    expect([handedOnWhenFinished[1], handedOnWhenFinished[2]]).toEqual([0, 0]);
    expect(most).toBe(3);
    expect(opened).toHaveLength(3);
    expect(opened.every((s) => s.closed)).toBe(true);
    expect(opened.flatMap((s) => s.jobs).sort((a, b) => a - b)).toEqual(durations.map((_, i) => i));
  });

  it('starts no job once one failed, and throws its error when the jobs under way have ended and every session is closed', async () => {
    const sessions: { closed: boolean }[] = [];
    const started: number[] = [];
    let running = 0;
    const failure = new Error('the reference did not start');
    const outcome = inLanes(10, 3, async () => {
      const session = { closed: false, close: async () => { await sleep(5); session.closed = true; } };
      sessions.push(session);
      return session;
    }, async (_session, index) => {
      started.push(index);
      running++;
      try {
        // Job 1 fails at once; jobs 0 and 2 are still under way then.
        if (index === 1) throw failure;
        await sleep(20);
        return index;
      } finally {
        running--;
      }
    }, () => undefined).then(() => 'resolved', (error: unknown) => error);
    expect(await outcome).toBe(failure);
    expect(started.sort((a, b) => a - b)).toEqual([0, 1, 2]);
    expect(running).toBe(0);
    expect(sessions.map((s) => s.closed)).toEqual([true, true, true]);
  });

  it('opens no more sessions than there are jobs', async () => {
    let opened = 0;
    const results = await inLanes(1, 3, async () => ({ close: async () => { opened++; } }), async () => 'one', () => undefined);
    expect(results).toEqual(['one']);
    expect(opened).toBe(1);
  });
});

describe('selftestLanes', () => {
  it('puts a run beside each core and one more, up to three', () => {
    expect([1, 2, 4, 16].map((cores) => selftestLanes(cores))).toEqual([2, 3, 3, 3]);
  });
});

describe('inBatches', () => {
  it('cuts the runs into batches in order, the last one smaller', () => {
    expect(inBatches([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(inBatches([1, 2], 4)).toEqual([[1, 2]]);
    expect(inBatches([], 4)).toEqual([]);
  });
});
