import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { Redactor } from '../core/secrets.js';
import type { Credential } from './credential.js';
import { RECORDED_BODY_LIMIT, type Exchange, type RecordedResponse, type TransportError } from './exchange.js';
import { Reply } from './reply.js';

/** How the client talks to the target. */
export interface ClientOptions {
  /** The base URL, ending in the version segment: paths are appended to it. */
  readonly target: string;
  /** The deadline for each request, from sending to the last byte of the response. */
  readonly timeoutMs: number;
  /** Larger responses are cut off and count as a transport failure. */
  readonly maxResponseBytes: number;
  /** Removes the key from whatever the target sends back before it is recorded. */
  readonly redactor: Redactor;
  /** Connections kept open to the target. */
  readonly connections?: number;
}

/** One request to send. Everything is explicit: the client adds only Host and Content-Length. */
export interface OutgoingRequest {
  /** The spec operation it exercises (its key), for records. */
  readonly operation: string;
  readonly method: string;
  /** The path below the target, e.g. `/categories`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly credential?: Credential;
}

/**
 * An HTTP client for one target over a keep-alive pool. Never follows redirects (undici's `request` does
 * not), gives every request a precise deadline (an AbortSignal: undici's own timers tick once a second),
 * caps response size, and records every exchange. Transport failures come back as replies, not exceptions,
 * so that each one is judged and reported like any other answer.
 */
export class HttpClient {
  private readonly pool: Pool;
  private readonly base: URL;

  constructor(private readonly options: ClientOptions) {
    this.base = new URL(options.target);
    const slack = 5_000; // undici's own timers only back up the precise deadline below
    this.pool = new Pool(this.base.origin, {
      connections: options.connections ?? 32,
      maxResponseSize: options.maxResponseBytes,
      headersTimeout: options.timeoutMs + slack,
      bodyTimeout: options.timeoutMs + slack,
      connect: { timeout: options.timeoutMs },
    });
  }

  /** Sends a request and records the exchange under `id`. */
  async send(id: string, request: OutgoingRequest): Promise<Reply> {
    const { url, shownUrl, headers, shownHeaders, body, shownBody } = this.prepare(request);
    const credential = request.credential;
    const recordedRequest = {
      method: request.method,
      url: this.options.redactor.redact(shownUrl),
      headers: redactValues(shownHeaders, this.options.redactor),
      ...(shownBody !== undefined ? { body: this.options.redactor.redact(clip(shownBody)) } : {}),
      ...((shownBody?.length ?? 0) > RECORDED_BODY_LIMIT ? { bodyTruncated: true as const } : {}),
      ...(credential ? { credential: { place: credential.place, shell: this.options.redactor.redact(credential.shell) } } : {}),
    };
    const started = performance.now();
    let phase: TransportError['phase'] = 'headers';
    try {
      const response = await this.pool.request({
        method: request.method as 'GET',
        path: url.pathname + url.search,
        headers,
        body: body ?? null,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      phase = 'body';
      const bytes = Buffer.from(await response.body.arrayBuffer());
      const recordedResponse = this.recordResponse(response.statusCode, response.headers, bytes);
      const exchange: Exchange = { id, operation: request.operation, request: recordedRequest, response: recordedResponse, durationMs: elapsed(started) };
      return new Reply(exchange, bytes);
    } catch (error) {
      const transportError = describeFailure(error, phase, this.options);
      const exchange: Exchange = { id, operation: request.operation, request: recordedRequest, transportError, durationMs: elapsed(started) };
      return new Reply(exchange, undefined);
    }
  }

  /** Closes the pool's connections. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  private prepare(request: OutgoingRequest): { url: URL; shownUrl: string; headers: Record<string, string>; shownHeaders: Record<string, string>; body?: string; shownBody?: string } {
    const url = new URL(this.base.pathname.replace(/\/+$/, '') + request.path, this.base);
    const shownUrl = new URL(url);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.append(name, value);
      shownUrl.searchParams.append(name, value);
    }
    const headers: Record<string, string> = { ...request.headers };
    const shownHeaders: Record<string, string> = { ...request.headers };
    const credential = request.credential;
    let body = request.body;
    let shownBody = request.body;
    if (credential?.place.kind === 'query') {
      url.searchParams.append(credential.place.name, credential.value);
      shownUrl.searchParams.append(credential.place.name, credential.shown);
    } else if (credential?.place.kind === 'body') {
      const fields = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
      body = JSON.stringify({ ...fields, [credential.place.name]: credential.value });
      shownBody = JSON.stringify({ ...fields, [credential.place.name]: credential.shown });
    } else if (credential) {
      headers[credential.place.name] = credential.value;
      shownHeaders[credential.place.name] = credential.shown;
    }
    // Shown URLs keep their <descriptions> readable instead of percent-encoded.
    return {
      url, shownUrl: decodeURIComponentSafe(shownUrl.toString()), headers, shownHeaders,
      ...(body !== undefined ? { body } : {}), ...(shownBody !== undefined ? { shownBody } : {}),
    };
  }

  private recordResponse(status: number, headers: Record<string, string | string[] | undefined>, bytes: Buffer): RecordedResponse {
    const text = bytes.toString('utf8');
    const recordedHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      recordedHeaders[name] = Array.isArray(value)
        ? value.map((v) => this.options.redactor.redact(v))
        : this.options.redactor.redact(value);
    }
    return {
      status,
      headers: recordedHeaders,
      body: this.options.redactor.redact(clip(text)),
      bodyBytes: bytes.length,
      ...(text.length > RECORDED_BODY_LIMIT ? { bodyTruncated: true as const } : {}),
    };
  }
}

function clip(text: string): string {
  return text.length > RECORDED_BODY_LIMIT ? text.slice(0, RECORDED_BODY_LIMIT) : text;
}

function redactValues(headers: Record<string, string>, redactor: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactor.redact(v)]));
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
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

function describeFailure(error: unknown, phase: TransportError['phase'], options: ClientOptions): TransportError {
  const e = error as Error & { code?: string; cause?: { code?: string } };
  const raw = e.code ?? e.cause?.code ?? e.name;
  const connecting = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'EPROTO'].includes(raw)
    || /CERT|TLS|SSL|SIGNATURE/.test(raw); // certificate and handshake failures (OpenSSL's codes)
  const where = connecting ? 'connect' : phase;
  if (e.name === 'TimeoutError' || raw === 'UND_ERR_HEADERS_TIMEOUT' || raw === 'UND_ERR_BODY_TIMEOUT') {
    const waiting = where === 'body' ? 'the rest of the response body' : where === 'connect' ? 'the connection' : 'the response headers';
    return { code: 'TIMEOUT', phase: where, message: `no complete response within ${options.timeoutMs} ms: still waiting for ${waiting}` };
  }
  if (raw === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    return { code: 'TOO_LARGE', phase: 'body', message: `the response is larger than the ${options.maxResponseBytes}-byte cap (--max-response-bytes)` };
  }
  const code = CODES[raw] ?? raw;
  return { code, phase: where, message: options.redactor.redact(e.message || code) };
}
