import { setFlagsFromString } from 'node:v8';
import { youngGenerationGiven } from '../core/main-heap.js';

/**
 * The largest semi-space of the suites' worker's young generation, in MB (V8's default on 64-bit is 16 MB, three
 * times that for the young generation). The worker allocates fast and keeps little, so V8 grows its young generation
 * to the largest size, which the process then holds: about 25 MB of a run's peak RSS, for no time that the bench
 * can tell apart from noise at 1, 2 or 4 MB. 4 leaves the most room for the runs that read large lists.
 */
export const WORKER_SEMI_SPACE_MB = 4;

/**
 * Caps the young generation of the isolates started from now on: the flag is read when an isolate's heap is set up,
 * so it holds for vitest's worker, started after this, and not for the main thread's heap, already set up (see
 * core/main-heap.ts for that one). vitest starts its worker itself and has no option for the worker's resource
 * limits, hence the flag. A limit the user gave Node (in NODE_OPTIONS or on its command line) is theirs, and kept.
 */
export function capWorkerYoungGeneration(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): void {
  if (!youngGenerationGiven(env, execArgv)) setFlagsFromString(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
}
