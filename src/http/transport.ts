/**
 * The transport: a keep-alive pool of connections to the target (undici's), one request over it with a precise
 * deadline and a cap on the response's size; what undici throws is described by failure.ts.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { LargeBodies, readBody } from './body.js';
import type { Deadline } from './deadlines.js';
import type { TransportError } from './exchange.js';
import { describeFailure } from './failure.js';
import type { PreparedRequest } from './outgoing.js';
import { linkedSignal } from './linked-signal.js';
import { settleBy } from './settle.js';
import { trustOptions } from './tls.js';

/** What the transport takes of the client's options (see ClientOptions in client.ts, whose fields these are). */
export interface TransportOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Connections to the target at once: as many as requests in flight. */
  readonly connections: number;
  readonly ca?: string;
  readonly insecure?: boolean;
}

/** A response, read whole, and how long it took from sending to its last byte. */
export interface ReceivedResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
  readonly tookMs: number;
}

/** One try at a request: a response, or why none came. */
export type Attempt = { readonly response: ReceivedResponse; readonly failure?: undefined } | { readonly response?: undefined; readonly failure: TransportError };

/**
 * Requests to one origin over a keep-alive pool. Never follows redirects (undici's `request` does not); failures
 * come back described, not thrown.
 */
export class Transport {
  private pool: Pool;
  /** Pools given up on because a request of theirs never settled: destroyed once their other requests are over. */
  private readonly retired = new Set<Pool>();
  private readonly largeBodies = new LargeBodies();
  private received = 0;

  constructor(private readonly origin: string, private readonly options: TransportOptions) {
    this.pool = this.newPool();
  }

  private newPool(): Pool {
    const { options } = this;
    const slack = 5_000; // undici's own timers only back up the precise deadline of each request
    return new Pool(this.origin, {
      connections: options.connections,
      maxResponseSize: options.maxResponseBytes,
      headersTimeout: options.timeoutMs + slack,
      bodyTimeout: options.timeoutMs + slack,
      connect: {
        timeout: options.timeoutMs,
        ...trustOptions(options.ca, options.insecure),
      },
    });
  }

  /**
   * Sends the request and reads its whole body within `deadline`, an AbortSignal's: undici's own timers tick once a
   * second. `signal` (an interrupted run) aborts it too. It settles at the deadline whatever undici does (see
   * settle.ts); a pool that leaves a request unsettled after its abort is replaced, so that later requests go out.
   */
  async request(prepared: PreparedRequest, deadline: Deadline, signal: AbortSignal | undefined): Promise<Attempt> {
    let phase: TransportError['phase'] = 'headers';
    const sentAt = performance.now();
    const aborts = linkedSignal([signal], deadline.ms);
    const pool = this.pool;
    const exchange = async () => {
      const response = await pool.request({
        method: prepared.method as 'GET',
        path: prepared.path,
        headers: prepared.headers,
        body: prepared.body ?? null,
        signal: aborts.signal,
      });
      phase = 'body';
      const bytes = await readBody(response.body, response.headers['content-length'], {
        maxBytes: this.options.maxResponseBytes, large: this.largeBodies, signal: aborts.signal as AbortSignal, received: (n) => (this.received += n),
      });
      return { status: response.statusCode, headers: response.headers, bytes };
    };
    try {
      const received = await settleBy(exchange(), aborts.signal as AbortSignal, () => this.retire(pool));
      return { response: { ...received, tookMs: performance.now() - sentAt } };
    } catch (error) {
      return { failure: describeFailure(error, phase, this.options, signal, deadline) };
    } finally {
      aborts.dispose();
    }
  }

  /** Response body bytes received so far, by every request: those of bodies cut off or given up on too. */
  get bytesReceived(): number {
    return this.received;
  }

  /**
   * Gives up on a pool that left a request unsettled: later requests go to a new one, and the old one is destroyed
   * once every request still under way on it has passed its deadline.
   */
  private retire(pool: Pool): void {
    if (pool !== this.pool) return;
    this.pool = this.newPool();
    this.retired.add(pool);
    setTimeout(() => this.destroy(pool), this.options.timeoutMs).unref();
  }

  private destroy(pool: Pool): void {
    if (this.retired.delete(pool)) pool.destroy().catch(() => undefined);
  }

  /** Closes the pool's connections, and destroys the pools given up on. */
  async close(): Promise<void> {
    for (const pool of [...this.retired]) this.destroy(pool);
    await this.pool.close();
  }
}
