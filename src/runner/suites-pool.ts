import type { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';
import { startSuitesThread, type EarlyWorker, type WorkerLaunch } from './early-worker.js';

/** The pool's name, as vitest shows it (its `threads` pool, with the suites' thread started early where it can be). */
const POOL_NAME = 'suites-thread';

/**
 * vitest's pool for the suites: a worker thread, as vitest's `threads` pool starts one, but the first run's taken from
 * `early` when it was started as vitest asks (see EarlyWorker), each running suites/thread.ts.
 */
export function suitesPool(early?: EarlyWorker): PoolRunnerInitializer {
  return { name: POOL_NAME, createPoolWorker: (options) => new SuitesThread(options, early) };
}

/** One worker thread of the pool: vitest's runner talks to the suites through it (see vitest's ThreadsPoolWorker). */
class SuitesThread implements PoolWorker {
  readonly name = POOL_NAME;
  private thread?: Worker;
  private readonly launch: WorkerLaunch;
  private readonly stdout: NodeJS.WritableStream;
  private readonly stderr: NodeJS.WritableStream;

  constructor(options: PoolOptions, private readonly early: EarlyWorker | undefined) {
    this.launch = { execArgv: options.execArgv, env: options.env };
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
  }

  private get started(): Worker {
    if (!this.thread) throw new Error('the suites\' worker thread is not started');
    return this.thread;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.started.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.started.off(event, callback);
  }

  send(message: WorkerRequest): void {
    this.started.postMessage(message);
  }

  async start(): Promise<void> {
    this.thread ??= this.early?.take(this.launch) ?? startSuitesThread(this.launch);
    for (const [from, to] of [[this.thread.stdout, this.stdout], [this.thread.stderr, this.stderr]] as const) {
      to.setMaxListeners(to.getMaxListeners() + 1); // as vitest's pools do: one thread's pipe more
      from.pipe(to);
    }
  }

  async stop(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    await thread.terminate();
    for (const [from, to] of [[thread.stdout, this.stdout], [thread.stderr, this.stderr]] as const) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    this.thread = undefined;
  }

  deserialize(data: unknown): unknown {
    return data;
  }
}
