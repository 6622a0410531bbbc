/**
 * The CLI's first contact with the target, before any check runs: can a connection be made at all, and does the target
 * take the key? It goes through Node's own http client, not undici's pool: the CLI sends these few reads and nothing
 * more, and loading undici for them would cost the main thread time and memory that the suites' worker, which loads
 * its own for the checks, pays already.
 */
import type { IncomingMessage } from 'node:http';
import { connect as tlsConnect } from 'node:tls';
import { CERTIFICATE_REFUSAL_BYTES, CERTIFICATE_REFUSAL_STATUSES, certificateRefusal } from './certificate-answer.js';
import type { ClientSettings } from './client.js';
import { refused, startRequest } from './connection.js';
import type { TransportError } from './exchange.js';
import { describeFailure, OUTSIDE_THE_TARGET } from './failure.js';
import { prepareRequest, type RequestSettings } from './outgoing.js';
import { newSpanId, newTraceId, traceparent } from './trace.js';

/**
 * How the first contact connects and what it sends: the run's target, deadline, TLS settings and proxy, what shapes
 * every request of the run (RequestSettings), and the credential it carries, if any.
 */
export interface FirstContactOptions extends Pick<ClientSettings, 'timeoutMs' | 'ca' | 'insecure' | 'clientCertificate' | 'proxy'>, RequestSettings {
  /** The Authorization header to send: a read of the target tells whether it takes the key. */
  readonly authorization?: string | undefined;
  /**
   * The Accept header to send, as a check's request to the operation read sends it: the media types the spec documents
   * for its responses (a server that negotiates before it authenticates answers 406 to another). Default: application/json.
   */
  readonly accept?: string;
}

/** The statuses a gateway answers when it cannot reach what is behind it (RFC 9110 §15.6.3, §15.6.5). */
const GATEWAY_ANSWERS: readonly number[] = [502, 504];

/**
 * What a first contact found: why no connection could be made (the proxy's failures and the TLS alerts of a client
 * certificate among them, whenever they come: see OUTSIDE_THE_TARGET); or else the answer's status if one came in
 * time, or why the connection broke before any answer (`broken`: closed, reset, not HTTP).
 */
export interface Contact {
  readonly failure?: TransportError;
  readonly status?: number;
  readonly broken?: TransportError;
}

/**
 * Sends `GET <path>` (below the target, as a check's path is), which changes nothing, and waits for its answer's
 * headers within the deadline. Returns why no connection (TLS handshake included) could be made, or the proxy's own
 * answer instead of the target's (see proxy-answer.ts; and a 502 or 504 through a proxy), or a refusal of the client's
 * certificate in an answer (see certificate-answer.ts), or once one was, the answer's status (none when it did not come in time: what the target answers, or fails to, is for the checks to
 * judge). An interruption ends it at once (INTERRUPTED).
 */
export function firstContact(path: string, options: FirstContactOptions, signal?: AbortSignal): Promise<Contact> {
  // Prepared as the checks' requests are: the same identifying headers (a trace of its own, so that the operators can
  // find it in their logs too), and whatever else the run puts on every request.
  const prepared = prepareRequest(options, {
    method: 'GET', path,
    headers: { accept: options.accept ?? 'application/json', 'accept-encoding': 'identity', ...(options.authorization !== undefined ? { authorization: options.authorization } : {}) },
  }, traceparent(newTraceId(), newSpanId()));
  const url = new URL(prepared.path, options.target);
  const context = { timeoutMs: options.timeoutMs, maxResponseBytes: 0 };
  return new Promise((resolve) => {
    let connected = false;
    let ended = false;
    // Aborted by the deadline, the run's interruption, or once it is over: ends the request and all it opened.
    const ending = new AbortController();
    const end = (error?: unknown, status?: number) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupt);
      ending.abort(new Error('the first contact is over'));
      const failure = error === undefined ? undefined : describeFailure(error, connected ? 'headers' : 'connect', context, signal);
      if (failure && (!connected || OUTSIDE_THE_TARGET.has(failure.code))) resolve({ failure });
      else if (failure && (error as Error).name !== 'TimeoutError') resolve({ broken: failure });
      else resolve(status === undefined ? {} : { status });
    };
    const interrupt = () => ending.abort(signal?.reason ?? new Error('interrupted'));
    const timer = setTimeout(() => ending.abort(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { name: 'TimeoutError' })), options.timeoutMs);
    if (signal?.aborted) interrupt();
    else signal?.addEventListener('abort', interrupt, { once: true });
    // The answer's status line and headers are all it needs: its body, which a hostile target may send endlessly and
    // fast, is not read (the request is ended with it), but for a few KB of an https answer that may refuse the client's
    // certificate (see certificate-answer.ts).
    startRequest(url, { method: 'GET', headers: prepared.headers }, options, ending.signal, () => {
      connected = true;
    }).then((response) => {
      const status = response.statusCode ?? 0;
      // A 502 or 504 is a gateway's answer by definition: through a proxy, the proxy's (or a gateway's behind it), which
      // could not reach the target. The run stops here, rather than judge every check on what no target answered.
      if (options.proxy !== undefined && GATEWAY_ANSWERS.includes(status)) {
        return end(refused(options.proxy, `answered ${url.origin}'s request with ${`${status} ${response.statusMessage ?? ''}`.trim()}, a gateway's answer`, status));
      }
      if (url.protocol === 'https:' && CERTIFICATE_REFUSAL_STATUSES.includes(status)) {
        return void readAtMost(response, CERTIFICATE_REFUSAL_BYTES).then((body) => end(certificateRefusal(status, body), status));
      }
      return end(undefined, status);
    }, end);
  });
}

/** The first `max` bytes of a body (fewer if it ends, or breaks, first), as text; the rest is not waited for. */
function readAtMost(response: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      response.removeAllListeners('data');
      resolve(Buffer.concat(chunks).subarray(0, max).toString('utf8'));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) done();
    });
    response.once('end', done);
    response.once('close', done);
    response.once('error', done);
  });
}

/**
 * Whether a TLS handshake succeeds at the host and port of an http:// URL, whatever the certificate: a plain-HTTP
 * request that such a server hung up on was meant for https. Settles within the deadline.
 */
export function speaksTls(url: string, timeoutMs: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 80), rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const end = (speaks: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(speaks);
    };
    const timer = setTimeout(() => end(false), timeoutMs);
    socket.once('secureConnect', () => end(true));
    socket.once('error', () => end(false));
  });
}
