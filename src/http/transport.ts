/**
 * The transport: a keep-alive pool of connections to the target (undici's), one request over it with a precise
 * deadline and a cap on the response's size; what undici throws is described by failure.ts.
 */
import { performance } from 'node:perf_hooks';
import type { Redactor } from '../core/secrets.js';
import type { Deadline } from './deadlines.js';
import type { TransportError } from './exchange.js';
import { describeFailure } from './failure.js';
import type { PreparedRequest } from './outgoing.js';
import { linkedSignal } from './linked-signal.js';
import { trustOptions } from './tls.js';
import { Pool, requestOn } from './undici.js';

/** What the transport takes of the client's options (see ClientOptions in client.ts, whose fields these are). */
export interface TransportOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly redactor: Redactor;
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
  private readonly pool: Pool;

  constructor(origin: string, private readonly options: TransportOptions) {
    const slack = 5_000; // undici's own timers only back up the precise deadline of each request
    this.pool = new Pool(origin, {
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
   * second. `signal` (an interrupted run) aborts it too.
   */
  async request(prepared: PreparedRequest, deadline: Deadline, signal: AbortSignal | undefined): Promise<Attempt> {
    let phase: TransportError['phase'] = 'headers';
    const sentAt = performance.now();
    const aborts = linkedSignal([signal], deadline.ms);
    try {
      const response = await requestOn(this.pool, {
        method: prepared.method as 'GET',
        path: prepared.path,
        headers: prepared.headers,
        body: prepared.body ?? null,
        signal: aborts.signal,
      });
      phase = 'body';
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return { response: { status: response.statusCode, headers: response.headers, bytes, tookMs: performance.now() - sentAt } };
    } catch (error) {
      return { failure: describeFailure(error, phase, this.options, signal, deadline) };
    } finally {
      aborts.dispose();
    }
  }

  /** Closes the pool's connections. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
