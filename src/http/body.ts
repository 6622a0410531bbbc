/**
 * Reading response bodies within a bound on the whole run's memory, whatever its concurrency: the size cap
 * (`--max-response-bytes`) is per response, and with 32 requests in flight a target that sends huge bodies fast made
 * the run hold 32 of them at once. Past {@link LARGE_BODY_BYTES}, a body is read on only while it holds the one
 * permit for large bodies: the others wait, their sockets paused, until it is read or given up. So the bodies a run
 * holds at once come to at most one cap, plus {@link LARGE_BODY_BYTES} for each request in flight.
 */

/** Bodies up to this size are read at once, whatever else is being read; a list of 10,000 categories is about 1 MB. */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** A body over the size cap: said by its Content-Length before it is read, or found once that much arrived. */
export class BodyTooLarge extends Error {
  readonly code = 'TOO_LARGE';
}

/** The one permit to read a body past {@link LARGE_BODY_BYTES}, handed to whoever waited longest. */
export class LargeBodies {
  private held = false;
  private readonly waiting: { grant(): void; signal: AbortSignal }[] = [];

  /** Waits for the permit; rejects with the signal's reason when it aborts first. Returns what gives it back. */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const entry = {
        signal,
        grant: () => {
          signal.removeEventListener('abort', abort);
          resolve(this.releaser());
        },
      };
      const abort = () => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(signal.reason);
      };
      if (!this.held) {
        this.held = true;
        return resolve(this.releaser());
      }
      signal.addEventListener('abort', abort, { once: true });
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.held = false;
    };
  }
}

/** What reading one body takes: the run's size cap, its permit for large bodies, the request's signal, a byte count. */
export interface BodyLimits {
  readonly maxBytes: number;
  readonly large: LargeBodies;
  readonly signal: AbortSignal;
  /** Told of every chunk as it arrives: a body cut off at the cap was received all the same. */
  readonly received: (bytes: number) => void;
}

/**
 * The whole body; a Content-Length over the cap fails at once, unread. (undici's own cap, `maxResponseSize`, ends a
 * body that grows past it.)
 */
export async function readBody(body: AsyncIterable<Buffer> & { destroy(): unknown }, contentLength: string | string[] | undefined, limits: BodyLimits): Promise<Buffer> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (declared > limits.maxBytes) {
    body.destroy();
    throw new BodyTooLarge(`the Content-Length of ${declared} bytes is over the cap`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let release: (() => void) | undefined;
  try {
    for await (const chunk of body) {
      limits.received(chunk.length);
      size += chunk.length;
      chunks.push(chunk);
      if (size > LARGE_BODY_BYTES && !release) release = await limits.large.acquire(limits.signal);
    }
  } finally {
    release?.();
  }
  return Buffer.concat(chunks, size);
}
