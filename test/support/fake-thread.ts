import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Worker } from 'node:worker_threads';

/**
 * A worker thread as the runner's early worker and pool use one (src/runner/early-worker.ts, suites-pool.ts), which
 * records what they did to it: what it was sent, whether it holds the process, whether it was stopped.
 */
export class FakeThread extends EventEmitter {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly sent: unknown[] = [];
  referenced = true;
  terminated = false;

  ref(): void {
    this.referenced = true;
  }

  unref(): void {
    this.referenced = false;
  }

  postMessage(message: unknown): void {
    this.sent.push(message);
  }

  async terminate(): Promise<number> {
    this.terminated = true;
    this.emit('exit', 1);
    return 1;
  }

  /** This fake, as the Worker it stands for. */
  get asWorker(): Worker {
    return this as unknown as Worker;
  }
}
