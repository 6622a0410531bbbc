/** What the runner hands the suites' worker thread as it starts it (runner/early-worker.ts, suites/thread.ts). */
export interface SuitesThreadData {
  /** vitest's entry point for a worker thread, which the thread runs first. */
  readonly vitestEntry: string;
  /** The V8 flags the CLI set for the run (core/v8-flags.ts), which the thread sets again once its heap is set up. */
  readonly v8Flags: readonly string[];
  /** The V8 flags the thread sets once the target's list turns out megabytes (runtime/large-list-heap.ts). */
  readonly largeListFlags: readonly string[];
}
