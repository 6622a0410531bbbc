import { setFlagsFromString } from 'node:v8';

/**
 * Whether the user sized V8's young generation themselves (in NODE_OPTIONS or on Node's command line): their choice
 * is kept, and the run sets no limit of its own.
 */
export function youngGenerationGiven(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): boolean {
  const given = (arg: string) => /--(max|min)[-_]semi[-_]space[-_]size|--semi[-_]space[-_]growth[-_]factor/.test(arg);
  return execArgv.some(given) || given(env['NODE_OPTIONS'] ?? '');
}

/**
 * Keeps the main thread's young generation at the size it has: the main thread allocates fast while vitest loads and
 * keeps little, and V8 then grows its young generation to the largest size (two 16 MB semi-spaces), which the process
 * holds to its end: about 25 MB of a run's peak RSS. The largest size is fixed when the heap is set up, before any of
 * our code runs; the growth factor is read each time the young generation would grow, so at 1 it stops growing.
 *
 * V8 puts the factor back to its least (2) when it sets up another isolate's heap, as it does for vitest's worker:
 * call this at the start, and again once the worker runs. Without effect where the user sized the young generation.
 */
export function holdMainYoungGeneration(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): void {
  if (!youngGenerationGiven(env, execArgv)) setFlagsFromString('--semi-space-growth-factor=1');
}
