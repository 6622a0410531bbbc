/**
 * The transport: a keep-alive pool of connections to the target (undici's), one request over it with a precise
 * deadline and a cap on the response's size, and why a request got no complete response, from what undici threw.
 */
import { performance } from 'node:perf_hooks';
import { rootCertificates } from 'node:tls';
import type { Redactor } from '../core/secrets.js';
import type { Deadline } from './deadlines.js';
import type { TransportError } from './exchange.js';
import type { PreparedRequest } from './outgoing.js';
import { Pool, requestOn } from './undici.js';

/** The transport error of a request that the run's interruption cut off: not the target's doing. */
export const INTERRUPTED = 'INTERRUPTED';

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
        // Node's `ca` replaces the default roots: keep them, so --ca adds a CA instead of trusting only it.
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        ...(options.insecure ? { rejectUnauthorized: false } : {}),
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
    try {
      const timeout = AbortSignal.timeout(deadline.ms);
      const response = await requestOn(this.pool, {
        method: prepared.method as 'GET',
        path: prepared.url.pathname + prepared.url.search,
        headers: prepared.headers,
        body: prepared.body ?? null,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      phase = 'body';
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return { response: { status: response.statusCode, headers: response.headers, bytes, tookMs: performance.now() - sentAt } };
    } catch (error) {
      return { failure: describeFailure(error, phase, this.options, signal, deadline) };
    }
  }

  /** Closes the pool's connections. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}

const CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'CONNECTION_REFUSED',
  ECONNRESET: 'CONNECTION_RESET',
  EPIPE: 'CONNECTION_RESET',
  UND_ERR_SOCKET: 'CONNECTION_CLOSED',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'TOO_LARGE',
  UND_ERR_CONNECT_TIMEOUT: 'TIMEOUT',
  UND_ERR_HEADERS_TIMEOUT: 'TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'TIMEOUT',
  ENOTFOUND: 'HOST_NOT_FOUND',
  EAI_AGAIN: 'HOST_NOT_FOUND',
};

/**
 * Why no complete response came, from what undici (or the deadline, or the run's interruption) threw. A deadline
 * missed under the short deadline says so, and why it was short: the report shows what was waited.
 */
export function describeFailure(error: unknown, phase: TransportError['phase'], options: Pick<TransportOptions, 'timeoutMs' | 'maxResponseBytes' | 'redactor'>,
  signal?: AbortSignal, deadline: Deadline = { ms: options.timeoutMs }): TransportError {
  const e = error as Error & { code?: string; cause?: { code?: string } };
  if (signal?.aborted) return { code: INTERRUPTED, phase, message: 'the run was interrupted while the request was under way' };
  const raw = e.code ?? e.cause?.code ?? e.name;
  const connecting = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'EPROTO'].includes(raw)
    || /CERT|TLS|SSL|SIGNATURE/.test(raw); // certificate and handshake failures (OpenSSL's codes)
  const where = connecting ? 'connect' : phase;
  if (e.name === 'TimeoutError' || raw === 'UND_ERR_HEADERS_TIMEOUT' || raw === 'UND_ERR_BODY_TIMEOUT') {
    const waiting = where === 'body' ? 'the rest of the response body' : where === 'connect' ? 'the connection' : 'the response headers';
    const why = deadline.shortenedBecause === undefined ? '--timeout sets the deadline'
      : `a short deadline, not the ${options.timeoutMs} ms of --timeout: ${deadline.shortenedBecause}`;
    return { code: 'TIMEOUT', phase: where, message: `no complete response within ${deadline.ms} ms: still waiting for ${waiting} (${why})` };
  }
  if (raw === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    return { code: 'TOO_LARGE', phase: 'body', message: `the response is larger than the ${options.maxResponseBytes}-byte cap (--max-response-bytes)` };
  }
  const code = CODES[raw] ?? raw;
  // One line: OpenSSL's messages, for one, run over several.
  return { code, phase: where, message: options.redactor.redact((e.message || code).replace(/\s+/g, ' ').trim()) };
}
