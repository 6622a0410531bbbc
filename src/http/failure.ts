/**
 * Why a request got no complete response, from what was thrown (by undici, Node's own http client, a deadline or the
 * run's interruption), as a stable code and one line. Loads no HTTP client: the CLI's first contact uses it too.
 */
import type { Deadline } from './deadlines.js';
import type { TransportError } from './exchange.js';

/** The transport error of a request that the run's interruption cut off: not the target's doing. */
export const INTERRUPTED = 'INTERRUPTED';

/**
 * The transport error of a request not sent because the target stopped answering for good (see circuit-breaker.ts): it
 * judges nothing, and the run ends incomplete.
 */
export const TARGET_GONE = 'TARGET_GONE';

/** What describing a failure takes of the client's options. */
export interface FailureContext {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
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
export function describeFailure(error: unknown, phase: TransportError['phase'], options: FailureContext,
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
  if (raw === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' || raw === 'TOO_LARGE') {
    return { code: 'TOO_LARGE', phase: 'body', message: `the response is larger than the ${options.maxResponseBytes}-byte cap (--max-response-bytes)` };
  }
  // Node's own message names the host but not what the certificate names instead.
  if (raw === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = (e as { cert?: { subjectaltname?: string; subject?: { CN?: string } } }).cert;
    const named = names?.subjectaltname ?? (names?.subject?.CN ? `CN=${names.subject.CN}` : undefined);
    return { code: raw, phase: where, message: `the certificate does not name ${(e as { host?: string }).host ?? 'the host'}${named ? `; it names ${named}` : ''}` };
  }
  const code = CODES[raw] ?? raw;
  // One line: OpenSSL's messages, for one, run over several.
  return { code, phase: where, message: (e.message || code).replace(/\s+/g, ' ').trim() };
}
