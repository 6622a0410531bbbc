import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../core/package-info.js';
import { largeListFlags, runFlags } from '../core/v8-flags.js';
import type { SuitesThreadData } from '../protocol/suites-thread.js';

/** How the suites' worker thread is started: Node's arguments, and its environment (its entry is suites/thread.ts). */
export interface WorkerLaunch {
  readonly execArgv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * What the suites' thread runs: vitest's worker, then the suites' modules (suites/thread.ts). Built, as the suite
 * files vitest runs are (see runner/run.ts).
 */
const SUITES_THREAD_ENTRY = join(packageRoot, 'dist', 'suites', 'thread.js');

/** vitest's own installed folder, where its worker's entry point and its warning filter are. */
const VITEST_ROOT = dirname(fileURLToPath(import.meta.resolve('vitest/package.json')));

/** vitest's entry point for a worker thread (its `threads` pool), which the suites' thread imports first. */
const VITEST_THREAD_ENTRY = join(VITEST_ROOT, 'dist', 'workers', 'threads.js');

/**
 * The launch vitest 4.1 asks of a worker for this package's runs (its `resolveOptions` and the run's task): Node's
 * profiling options of this process, vitest's own arguments, the conditions vite resolves with, and this process's
 * environment with vitest's variables (vite sets NODE_ENV to `development` where it is not set). A guess made before
 * vitest loads: a launch that turns out otherwise is not taken (see EarlyWorker.take), so a guess gone stale costs the
 * time it would save, never a run that differs.
 */
export function expectedLaunch(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv,
  stdoutIsTerminal = isatty(1), platform: NodeJS.Platform = process.platform): WorkerLaunch {
  const production = env['NODE_ENV'] === 'production';
  const variables: Record<string, string | undefined> = {
    ...env, TEST: 'true', VITEST: 'true', NODE_ENV: env['NODE_ENV'] || 'development', VITEST_MODE: 'RUN', FORCE_TTY: stdoutIsTerminal ? 'true' : '',
    // vite's import.meta.env of a test run, which vitest hands to its workers as variables.
    BASE_URL: '/', MODE: 'test', DEV: production ? '' : '1', PROD: production ? '1' : '',
  };
  // On Windows, where names are not case-sensitive and a worker's are, vitest also gives every variable in capitals.
  if (platform === 'win32') for (const name of Object.keys(variables)) variables[name.toUpperCase()] = variables[name];
  return {
    execArgv: [
      ...execArgv.filter((arg) => /^--(cpu-prof|heap-prof|diagnostic-dir)/.test(arg)),
      '--experimental-import-meta-resolve',
      // vitest filters warnings through a module it requires, but where modules are resolved otherwise (Yarn PnP, Deno).
      ...('Deno' in globalThis || process.versions['pnp'] ? [] : ['--require', join(VITEST_ROOT, 'suppress-warnings.cjs')]),
      '--conditions', 'node', '--conditions', production ? 'production' : 'development',
    ],
    env: variables,
  };
}

/** Whether two launches start the same thread: the same arguments in order, and the same variables set alike. */
export function sameLaunch(a: WorkerLaunch, b: WorkerLaunch): boolean {
  if (a.execArgv.length !== b.execArgv.length || a.execArgv.some((arg, i) => arg !== b.execArgv[i])) return false;
  const names = new Set([...Object.keys(a.env), ...Object.keys(b.env)].filter((name) => a.env[name] !== undefined || b.env[name] !== undefined));
  return [...names].every((name) => a.env[name] === b.env[name]);
}

/** Starts the suites' thread (suites/thread.ts) as `launch` says: vitest's pool (suites-pool.ts) talks to it from there. */
export function startSuitesThread(launch: WorkerLaunch): Worker {
  const workerData: SuitesThreadData = { vitestEntry: VITEST_THREAD_ENTRY, v8Flags: runFlags(), largeListFlags: largeListFlags() };
  return new Worker(SUITES_THREAD_ENTRY, { env: { ...launch.env }, execArgv: [...launch.execArgv], stdout: true, stderr: true, workerData });
}

/** What became of an early worker: still waiting for vitest, taken by it, refused (another launch, or it failed), closed. */
export type EarlyWorkerState = 'waiting' | 'taken' | 'refused' | 'closed';

/**
 * The suites' worker thread, started before vitest has loaded: on a run's critical path, vitest loads in the CLI's
 * thread (about 400 ms) and then starts its worker, which loads vitest's runtime and the suites' modules (about as
 * long). Started early, the worker loads on the machine's other core while vitest loads in the CLI's, and vitest's pool
 * takes it when its run starts (suites-pool.ts). It does not keep the process alive until it is taken: a run that stops
 * before its suites leaves nothing running. On a single core there is no other core to load on: none is started.
 */
export class EarlyWorker {
  private worker?: Worker;
  /** The thread ended or failed before it was taken: vitest starts one of its own, and sees that one's failure. */
  private failed = false;
  private current: EarlyWorkerState = 'waiting';

  private constructor(private readonly launch: WorkerLaunch, startThread: ((launch: WorkerLaunch) => Worker) | undefined) {
    if (!startThread) return;
    try {
      this.worker = startThread(launch);
    } catch {
      // Node refused the launch (an option it takes only with its value in the same argument): vitest's own start of
      // the thread, in the run, meets the same refusal and reports it there.
      this.failed = true;
      return;
    }
    this.worker.unref();
    const fail = () => {
      this.failed = true;
    };
    this.worker.once('exit', fail);
    // An error comes a turn before the exit; with this listener, a thread that fails before it is taken is not the
    // process's uncaught error.
    this.worker.once('error', fail);
  }

  /**
   * Starts the thread, as vitest is expected to ask for it (see expectedLaunch), where the machine has another core
   * for it to load on.
   */
  static start(launch: WorkerLaunch = expectedLaunch(), startThread: (launch: WorkerLaunch) => Worker = startSuitesThread,
    cores = availableParallelism()): EarlyWorker {
    return new EarlyWorker(launch, cores > 1 ? startThread : undefined);
  }

  /**
   * The thread, to the first caller whose launch is the one it was started with, while it still runs; otherwise
   * undefined, and the thread is stopped: the caller starts one of its own.
   */
  take(launch: WorkerLaunch): Worker | undefined {
    const worker = this.worker;
    this.worker = undefined;
    if (this.current !== 'waiting') return undefined;
    if (!worker || this.failed || !sameLaunch(this.launch, launch)) {
      this.current = 'refused';
      void worker?.terminate();
      return undefined;
    }
    this.current = 'taken';
    worker.ref();
    return worker;
  }

  /** What became of it: whether vitest asked for a thread, and took this one. */
  get state(): EarlyWorkerState {
    return this.current;
  }

  /** Stops the thread if no run took it; none can be taken from then on. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (this.current === 'waiting') this.current = 'closed';
    await worker?.terminate();
  }
}
