/**
 * A document fetched from an http(s) URL (a spec its own server serves), as the run reaches its target: the run's TLS
 * settings (`--ca`, `--insecure`, the client certificate) and proxy variables, on a connection of its own made with
 * Node's client (connection.ts: the CLI fetches it before the suites' worker, which alone loads undici, starts).
 * Bounded in size and time, and in redirects, which it follows (a spec is often served behind one) as long as they stay
 * on http(s).
 */
import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { DocumentFetchError } from '../core/errors.js';
import { startRequest } from './connection.js';
import { describeFailure, PROXY_TIMEOUT } from './failure.js';
import { proxyFor, type ProxyVariables } from './proxy.js';
import type { TlsSettings } from './tls.js';
import { USER_AGENT } from './trace.js';

/** The largest document read by default: a spec of thousands of operations is a few MiB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The most redirects followed from the URL given. */
export const MAX_REDIRECTS = 5;

const REDIRECTS = [301, 302, 303, 307, 308];

/** How a document is fetched. */
export interface FetchOptions extends TlsSettings {
  /** The deadline of the whole fetch, redirects included (the run's `--timeout`). */
  readonly timeoutMs: number;
  /** The environment's proxy variables: each URL, a redirect's too, goes through the proxy they name for it. */
  readonly proxyVariables: ProxyVariables;
  /** The largest document read (default {@link MAX_DOCUMENT_BYTES}). */
  readonly maxBytes?: number;
  /** What the document is, for messages (`the spec`; default `the document`). */
  readonly what?: string;
}

/** A fetched document: its bytes as served (a compression its server applied undone), its media type, where it was. */
export interface FetchedDocument {
  readonly bytes: Buffer;
  /** The Content-Type it was served with, if any. */
  readonly contentType?: string;
  /** The URL it came from after redirects: what its relative references resolve against. */
  readonly finalUrl: string;
}

/**
 * Fetches the document at `url` (GET), or throws a {@link DocumentFetchError} whose message is one line:
 * `cannot fetch the spec https://…: HOST_NOT_FOUND (getaddrinfo ENOTFOUND …)`, `…: 404 Not Found`. A status other than
 * 2xx (once redirects are followed), a document larger than the cap, more than {@link MAX_REDIRECTS} redirects, a
 * redirect off http(s) and no complete answer within the deadline are each refused. `signal` (an interrupted run) ends it.
 */
export async function fetchDocument(url: string, options: FetchOptions, signal?: AbortSignal): Promise<FetchedDocument> {
  const what = options.what ?? 'the document';
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  let current = fetchable(url, what, url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(Object.assign(new Error(`no complete answer within ${options.timeoutMs} ms`), { name: 'TimeoutError' })), options.timeoutMs);
  const interrupt = () => controller.abort(signal?.reason);
  if (signal?.aborted) interrupt();
  else signal?.addEventListener('abort', interrupt, { once: true });
  let phase: 'connect' | 'headers' | 'body' = 'connect';
  try {
    for (let redirects = 0; ; redirects++) {
      phase = 'connect';
      const response = await get(current, options, controller.signal, () => (phase = 'headers'));
      const status = response.statusCode ?? 0;
      if (REDIRECTS.includes(status)) {
        response.destroy();
        const location = response.headers.location;
        if (location === undefined) throw new DocumentFetchError(`cannot fetch ${what} ${shown(current)}: ${status} ${response.statusMessage ?? ''} without a Location to follow`);
        if (redirects === MAX_REDIRECTS) throw new DocumentFetchError(`cannot fetch ${what} ${shown(url)}: more than ${MAX_REDIRECTS} redirects (the last to ${shown(location)})`);
        current = fetchable(new URL(location, current).href, what, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new DocumentFetchError(`cannot fetch ${what} ${shown(current)}: its server answered ${status} ${response.statusMessage ?? ''}`.trim());
      }
      phase = 'body';
      const bytes = decoded(await readCapped(response, maxBytes, what, current), response.headers['content-encoding'], maxBytes, what, current);
      const contentType = response.headers['content-type'];
      return { bytes, ...(contentType !== undefined ? { contentType } : {}), finalUrl: current.href };
    }
  } catch (error) {
    if (error instanceof DocumentFetchError) throw error;
    // What the deadline or the interruption cut off is theirs (the body's stream fails in words of its own), but a
    // tunnel the proxy took and never opened is the proxy's.
    const cause = controller.signal.aborted && (error as { code?: string }).code !== PROXY_TIMEOUT ? controller.signal.reason : error;
    const failure = describeFailure(cause, phase, { timeoutMs: options.timeoutMs, maxResponseBytes: maxBytes }, signal);
    throw new DocumentFetchError(`cannot fetch ${what} ${shown(current)}: ${failure.code} (${failure.message})`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', interrupt);
    // Whatever is still open of the requests it sent (a redirect's, one given up on) is closed with it.
    controller.abort(new Error('the fetch is over'));
  }
}

/** The URL, if it is one this fetches: http or https, without credentials in it (they would show wherever it is named). */
function fetchable(text: string, what: string, given: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DocumentFetchError(`cannot fetch ${what} ${shown(given)}: "${shown(text)}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const how = text === given ? '' : ` (a redirect from ${shown(given)})`;
    throw new DocumentFetchError(`cannot fetch ${what} ${shown(text)}${how}: only http and https URLs are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new DocumentFetchError(`cannot fetch ${what} ${shown(text)}: a URL with credentials (user:password@) is not fetched, since it would show wherever ${what} is named`);
  }
  return url;
}

/** A URL for a message: without what may be credentials. */
function shown(url: string | URL): string {
  return String(url).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#\s]*@/i, '$1<credentials>@');
}

/** A GET of `url`, its answer's head; through the proxy the environment names for it. */
function get(url: URL, settings: FetchOptions, signal: AbortSignal, connected: () => void): Promise<IncomingMessage> {
  return startRequest(url, {
    method: 'GET',
    headers: { 'user-agent': USER_AGENT, accept: 'application/json, application/yaml, text/yaml, */*;q=0.8', 'accept-encoding': 'gzip, deflate, br' },
  }, { ...settings, proxy: proxyFor(url, settings.proxyVariables) }, signal, connected);
}

/** The body, refused as soon as it is known to be over `maxBytes` (by its Content-Length, or as it comes). */
async function readCapped(response: IncomingMessage, maxBytes: number, what: string, url: URL): Promise<Buffer> {
  const tooLarge = () => new DocumentFetchError(`cannot fetch ${what} ${shown(url)}: it is larger than ${maxBytes} bytes, the most that is read`);
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The body with the compression its server applied undone (bounded as the body is); an unknown one is refused. */
function decoded(bytes: Buffer, encoding: string | undefined, maxBytes: number, what: string, url: URL): Buffer {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  const decode = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[name];
  if (name === 'identity') return bytes;
  if (decode === undefined) throw new DocumentFetchError(`cannot fetch ${what} ${shown(url)}: it came in an encoding that is not read (Content-Encoding: ${name})`);
  try {
    return decode(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new DocumentFetchError(`cannot fetch ${what} ${shown(url)}: it is larger than ${maxBytes} bytes once decompressed, the most that is read`);
    throw new DocumentFetchError(`cannot fetch ${what} ${shown(url)}: its ${name} body does not decompress (${(error as Error).message})`);
  }
}
