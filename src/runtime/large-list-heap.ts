import { setFlagsFromString } from 'node:v8';
import { workerData } from 'node:worker_threads';
import type { SuitesThreadData } from '../protocol/suites-thread.js';

/**
 * Against a target whose lists are megabytes, V8's old generation grows by half of what a full collection leaves,
 * not by its own factor of up to 4. Each list (9 MB at 100,000 categories) is parsed, judged and dropped, and a heap
 * grown to four times what survived one stays that large: at 100,000 categories the run peaked at 366–369 MB, and
 * 263–272 MB with it, in no more time (docs/speed.md). Not on a small target: there the collections it adds cost a
 * default run 6% of its time for 5 MB. The flags hold for the whole process, both threads, from the next collection
 * on. They come from the CLI's thread (core/v8-flags.ts, which leaves out what the user gave Node) in the suites'
 * thread's data; a thread the runner did not start (a unit test's) sets none.
 */
export function growHeapSlowlyForLargeLists(data: Partial<SuitesThreadData> | null = workerData as Partial<SuitesThreadData> | null): void {
  for (const flag of data?.largeListFlags ?? []) setFlagsFromString(flag);
}
