import { availableParallelism } from 'node:os';

/** The most runs selftest puts side by side (see {@link selftestLanes}). */
const MAX_LANES = 3;

/**
 * How many of selftest's runs go side by side, each in a session of its own (a vitest instance and its worker thread)
 * against a reference server of its own. One run keeps a core busy only part of the time (its worker waits on the
 * reference, in the main thread, and the reference on the worker), so on 2 cores three at once finish the matrix
 * sooner than two, and two sooner than one (docs/speed.md). More lanes gain nothing on 2 cores, and each session holds a
 * vitest instance's memory.
 */
export function selftestLanes(cores = availableParallelism()): number {
  return Math.max(1, Math.min(MAX_LANES, cores + 1));
}

/**
 * How many of selftest's runs go in one vitest run (SuiteSession.runAll): each batch pays once for a vitest run, its
 * worker's start and the loading of the suites' modules, which cost more than a run against the reference does. Not
 * many more: a batch's worker keeps every run's suite modules and what they hold to its end (docs/speed.md: 4 to 48
 * a batch), and a run that waits out its deadlines (a fault that hangs) holds up the rest of its batch.
 */
export const RUNS_PER_BATCH = 32;

/** `items` in batches of `size`, in order; the last may be smaller. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** What a lane runs its jobs in: opened once per lane, closed when the lane runs out of jobs. */
export interface LaneSession {
  close(): Promise<void>;
}

/**
 * Runs jobs 0 to `count` - 1, at most `lanes` at once, each lane in a session of its own that serves its jobs one after
 * another. Returns the results in job order, and hands each to `done` in that order as soon as it and every job before
 * it have finished: the matrix prints as it would one run at a time. Once a job (or a session's opening) failed, no
 * lane starts another job; the first failure is thrown when the jobs under way have ended and every session is closed.
 */
export async function inLanes<S extends LaneSession, T>(count: number, lanes: number, open: () => Promise<S>,
  job: (session: S, index: number) => Promise<T>, done: (result: T) => void): Promise<T[]> {
  const results: T[] = [];
  const finished = new Map<number, T>();
  let next = 0;
  let failure: { readonly reason: unknown } | undefined;
  const lane = async () => {
    try {
      const session = await open();
      try {
        while (next < count && failure === undefined) {
          const index = next++;
          finished.set(index, await job(session, index));
          while (finished.has(results.length)) {
            const result = finished.get(results.length) as T;
            finished.delete(results.length);
            results.push(result);
            done(result);
          }
        }
      } finally {
        await session.close();
      }
    } catch (reason) {
      failure ??= { reason };
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(lanes, count)) }, lane));
  if (failure !== undefined) throw failure.reason;
  return results;
}
