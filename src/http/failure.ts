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

/** The target asked for a client certificate and was given none (TLS 1.3's `certificate required` alert). */
export const CLIENT_CERTIFICATE_REQUIRED = 'CLIENT_CERTIFICATE_REQUIRED';

/** The target refused the client certificate it was given (a `bad certificate`, `unknown ca`… alert). */
export const CLIENT_CERTIFICATE_REFUSED = 'CLIENT_CERTIFICATE_REFUSED';

/** No connection to the proxy could be made (refused, no such host, no answer). */
export const PROXY_UNREACHABLE = 'PROXY_UNREACHABLE';

/** The proxy took the connection and did not answer CONNECT within the deadline: the tunnel never opened. */
export const PROXY_TIMEOUT = 'PROXY_TIMEOUT';

/** The proxy answered instead of the target: it refused the tunnel or the request (403, 407 for credentials, 502…). */
export const PROXY_REFUSED = 'PROXY_REFUSED';

/**
 * Failures of what the run brought, not of the target: its proxy, its client certificate. They judge nothing: the
 * first contact stops the run on one, and a request of the checks that meets one later is not judged either.
 */
export const OUTSIDE_THE_TARGET: ReadonlySet<string> = new Set([CLIENT_CERTIFICATE_REQUIRED, CLIENT_CERTIFICATE_REFUSED, PROXY_UNREACHABLE, PROXY_TIMEOUT, PROXY_REFUSED]);

/** The TLS alerts by which a server refuses the certificate a client presented (RFC 8446 §6.2), as OpenSSL names them. */
const REFUSING_ALERTS = ['BAD_CERTIFICATE', 'UNSUPPORTED_CERTIFICATE', 'CERTIFICATE_REVOKED', 'CERTIFICATE_EXPIRED', 'CERTIFICATE_UNKNOWN', 'UNKNOWN_CA', 'ACCESS_DENIED'];

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
    || /CERT|TLS|SSL|SIGNATURE|PROXY/.test(raw); // certificate and handshake failures (OpenSSL's codes), the proxy's
  const where = connecting ? 'connect' : phase;
  const alert = alertOf(raw, e.message);
  if (alert === 'CERTIFICATE_REQUIRED') {
    return { code: CLIENT_CERTIFICATE_REQUIRED, phase: 'connect', message: 'the server requires a TLS client certificate (TLS alert "certificate required")' };
  }
  if (alert !== undefined && REFUSING_ALERTS.includes(alert)) {
    return { code: CLIENT_CERTIFICATE_REFUSED, phase: 'connect', message: `the server refused the TLS client certificate (TLS alert "${alert.toLowerCase().replace(/_/g, ' ')}")` };
  }
  // undici's ProxyAgent, when the proxy refuses a tunnel or asks for credentials.
  const proxyStatus = /^Proxy response \((\d+)\)|^Proxy Authentication Required \((\d+)\)/.exec(e.message ?? '');
  if (proxyStatus) return { code: PROXY_REFUSED, phase: 'connect', message: `the proxy answered ${proxyStatus[1] ?? proxyStatus[2]} instead of the target` };
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
  return { code, phase: where, message: opensslReason((e.message || code).replace(/\s+/g, ' ').trim()) };
}

/**
 * OpenSSL's error line (`C0F7…:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/
 * openssl/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 40`) as its reason, and what follows its source
 * file (`sslv3 alert handshake failure (SSL alert number 40)`): the rest names OpenSSL's own code, not the target's.
 * Any other message as it is.
 */
export function opensslReason(message: string): string {
  const match = /^(?:[0-9A-F]+:)?error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):[^:]*\.c:\d+:(.*)$/.exec(message);
  if (!match) return message;
  const [, reason = '', after = ''] = match;
  return after.trim() ? `${reason} (${after.trim()})` : reason;
}

/**
 * The TLS alert a failure reports receiving, in OpenSSL's name (`CERTIFICATE_REQUIRED`, `UNKNOWN_CA`): from Node's code
 * (`ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED`), or from OpenSSL's message where Node's code is only `EPROTO`.
 */
function alertOf(code: string, message: string | undefined): string | undefined {
  const fromCode = /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_ALERT_([A-Z_]+)$/.exec(code)?.[1];
  if (fromCode !== undefined) return fromCode;
  const fromMessage = /(?:sslv3|tlsv1|tlsv13) alert ([a-z ]+?)(?::|$)/.exec(message ?? '')?.[1];
  return fromMessage?.toUpperCase().replace(/ /g, '_');
}
