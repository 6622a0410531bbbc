/**
 * The CLI's first contact with the target, before any check runs: can a connection be made at all? It goes through
 * Node's own http client, not undici's pool: the CLI sends this one request and nothing more, and loading undici for
 * it cost the main thread about 30 ms and 10 MB of a run (the suites' worker loads its own for the checks).
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TransportError } from './exchange.js';
import { describeFailure } from './failure.js';
import { trustOptions } from './tls.js';
import { USER_AGENT } from './trace.js';

/** How the first contact connects: the run's deadline and TLS settings. */
export interface FirstContactOptions {
  readonly timeoutMs: number;
  readonly ca?: string | undefined;
  readonly insecure?: boolean | undefined;
}

/**
 * Sends `GET <target>/categories` without a credential, which changes nothing, and waits for its answer's headers
 * within the deadline. Returns why no connection (TLS handshake included) could be made, or undefined once one was: what the
 * target then answers, or fails to, is for the checks to judge. An interruption ends it at once (INTERRUPTED).
 */
export function firstContact(target: string, options: FirstContactOptions, signal?: AbortSignal): Promise<TransportError | undefined> {
  const url = new URL(`${target.replace(/\/+$/, '')}/categories`);
  const secure = url.protocol === 'https:';
  const context = { timeoutMs: options.timeoutMs, maxResponseBytes: 0 };
  return new Promise((resolve) => {
    let connected = false;
    let request: ClientRequest | undefined;
    const end = (error?: unknown) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupt);
      request?.destroy();
      resolve(error === undefined || connected ? undefined : describeFailure(error, 'connect', context, signal));
    };
    const interrupt = () => end(signal?.reason ?? new Error('interrupted'));
    const timer = setTimeout(() => end(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { name: 'TimeoutError' })), options.timeoutMs);
    if (signal?.aborted) return interrupt();
    signal?.addEventListener('abort', interrupt, { once: true });
    request = (secure ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
      agent: false,
      ...(secure ? trustOptions(options.ca, options.insecure) : {}),
    });
    request.on('socket', (socket) => socket.once(secure ? 'secureConnect' : 'connect', () => {
      connected = true;
    }));
    // The answer's status line and headers are all it needs: its body, which a hostile target may send endlessly and
    // fast, is not read (the request is destroyed with it).
    request.on('response', () => end());
    request.on('error', end);
    request.end();
  });
}
