/**
 * Politeness towards a target: how many requests may be in flight at once, and how many may start per second.
 * Both are shared by every check of a run, whatever the concurrency of the checks themselves.
 */
export class Pacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;

  constructor(
    /** Requests in flight at once. */
    private readonly concurrency: number,
    /** Requests started per second; undefined: no limit. */
    private readonly rate?: number,
  ) {}

  /**
   * Waits for a free slot (and for the rate), then holds it until the returned release is called. Rejects with
   * the signal's reason when it aborts while waiting for a slot.
   */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.inFlight < this.concurrency) this.inFlight++;
    else await this.handOver(signal);
    if (this.rate) {
      const now = performance.now();
      const start = Math.max(now, this.nextStart);
      this.nextStart = start + 1000 / this.rate;
      if (start > now) await sleep(start - now, signal).catch(() => undefined);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so no acquire in between can take it too.
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    };
  }

  /** Waits until a released slot is handed over. */
  private handOver(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const abort = () => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        reject(signal?.reason);
      };
      const granted = () => {
        signal?.removeEventListener('abort', abort);
        resolve();
      };
      this.waiting.push(granted);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

/** Resolves after `ms`, or rejects as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
