/**
 * A request with Node's own HTTP client, over a connection of its own: straight to the URL's host, or through the
 * run's proxy as undici's ProxyAgent goes (an http URL in absolute form, `GET http://host/path`; an https one in a
 * CONNECT tunnel, and TLS with the target inside it), with the run's TLS settings. For what the CLI sends before the
 * suites' worker starts (the first contact, a spec fetched from a URL), which must not load undici (see
 * first-contact.ts).
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { describeFailure, PROXY_REFUSED, PROXY_TIMEOUT, PROXY_UNREACHABLE } from './failure.js';
import { madeByProxy, proxyAnswerNote } from './proxy-answer.js';
import { shownProxy, type Proxy } from './proxy.js';
import { tlsOptions, type TlsSettings } from './tls.js';

/** How a connection is made: the TLS settings, and the proxy to go through (absent: none). */
export interface ConnectionSettings extends TlsSettings {
  readonly proxy?: Proxy | undefined;
}

/** What to send: the method and the headers (Host is the URL's, unless given). */
export interface RequestHead {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Sends a request to `url`, without a body; its response's head, or why none came. `connected` is called once the
 * connection it goes over is made (a TLS handshake with the target included; through a proxy, once the proxy took it,
 * or the tunnel and the handshake inside it are made): what fails after that is the answer's, not the connection's. A
 * failure of the proxy's is an error of code PROXY_UNREACHABLE (no connection to it), PROXY_TIMEOUT (it took the
 * connection and did not answer CONNECT before `signal` aborted) or PROXY_REFUSED (it answered CONNECT with anything
 * but 200, or the request with an answer of its own: see proxy-answer.ts), whose message names the proxy and what
 * marked its answer, never its credentials.
 *
 * `signal` ends it: the response rejects at once, with the signal's reason (or the proxy's silence), and every socket
 * and request it opened is destroyed, the tunnel's among them, whatever stage it had reached. (Node's ClientRequest
 * emits nothing when it is destroyed before it has a socket: a tunnel that never opens would otherwise keep its
 * socket, and the process, alive.)
 */
export function startRequest(url: URL, head: RequestHead, settings: ConnectionSettings, signal: AbortSignal, connected: () => void = () => undefined): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (secure ? 443 : 80));
  const proxy = settings.proxy;
  const authority = `${url.hostname}:${port}`;
  // Through a proxy, an http request names its whole URL, and carries the proxy's credentials itself.
  const absolute = proxy !== undefined && !secure;
  const opened: { destroy(): void }[] = [];
  // Whether the proxy took the connection and has yet to answer CONNECT: a deadline passed then is the proxy's.
  let awaitingTunnel = false;
  let settle: { resolve(response: IncomingMessage): void; reject(error: unknown): void } | undefined;
  const response = new Promise<IncomingMessage>((resolve, reject) => (settle = { resolve, reject }));
  const end = (error?: unknown, answer?: IncomingMessage) => {
    const settling = settle;
    settle = undefined;
    if (error === undefined && answer !== undefined) return settling?.resolve(answer);
    settling?.reject(error);
    request.destroy();
    opened.forEach((o) => o.destroy());
  };
  const secureSocket = (socket?: Socket) => {
    const tlsSocket = tlsConnect({ ...(socket ? { socket } : { port }), host, ...(isIP(host) ? {} : { servername: host }), ...tlsOptions(settings) });
    opened.push(tlsSocket);
    tlsSocket.once('secureConnect', connected);
    return tlsSocket;
  };
  // Node waits for `done` when the function returns no socket (a tunnel or a proxy's connection, opened first).
  const createConnection = ((_options: unknown, done: (error: Error | null, socket?: Socket) => void): Socket | undefined => {
    if (proxy === undefined) {
      if (secure) return secureSocket();
      const socket = netConnect({ host, port });
      opened.push(socket);
      socket.once('connect', connected);
      return socket;
    }
    const reached = secure ? tunnel(proxy, authority, opened, () => (awaitingTunnel = true)) : reach(proxy, opened);
    reached.then((socket) => {
      awaitingTunnel = false;
      if (signal.aborted) return done(signal.reason as Error);
      if (secure) return done(null, secureSocket(socket));
      connected();
      return done(null, socket);
    }, (error: Error) => done(error));
    return undefined;
  }) as RequestOptions['createConnection'];
  const request = httpRequest({
    method: head.method,
    path: absolute ? url.href : url.pathname + url.search,
    setHost: false,
    headers: { host: url.host, ...head.headers, ...(absolute && proxy.authorization !== undefined ? { 'proxy-authorization': proxy.authorization } : {}) },
    createConnection,
  });
  request.once('close', () => opened.forEach((o) => o.destroy()));
  request.once('response', (answer: IncomingMessage) => {
    const status = answer.statusCode ?? 0;
    if (proxy === undefined || !madeByProxy(status, answer.headers)) return end(undefined, answer);
    return end(refused(proxy, `answered ${url.origin}'s request with ${`${status} ${answer.statusMessage ?? ''}`.trim()}${proxyAnswerNote(answer.headers)}`, status));
  });
  request.on('error', (error) => end(error));
  const abort = () => end(awaitingTunnel && proxy && isTimeout(signal.reason) ? silent(proxy, authority, signal.reason as Error) : signal.reason);
  if (signal.aborted) abort();
  else {
    signal.addEventListener('abort', abort, { once: true });
    request.once('close', () => signal.removeEventListener('abort', abort));
    request.end();
  }
  return response;
}

/** A connection to the proxy itself, for an http request in absolute form. */
function reach(proxy: Proxy, opened: { destroy(): void }[]): Promise<Socket> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 80) });
    opened.push(socket);
    socket.once('connect', () => {
      socket.off('error', fail);
      resolve(socket);
    });
    const fail = (error: Error) => reject(unreachable(proxy, error));
    socket.once('error', fail);
  });
}

/**
 * A tunnel through the proxy to `authority` (`host:port`): the proxy's socket, once it answered CONNECT with 200.
 * `asked` is called once the proxy took the connection, and the CONNECT is sent.
 */
function tunnel(proxy: Proxy, authority: string, opened: { destroy(): void }[], asked: () => void): Promise<Socket> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const connect = httpRequest({
      host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 80), method: 'CONNECT', path: authority, agent: false,
      headers: { host: authority, ...(proxy.authorization !== undefined ? { 'proxy-authorization': proxy.authorization } : {}) },
    });
    opened.push(connect);
    connect.once('socket', (socket: Socket) => {
      opened.push(socket);
      if (socket.connecting) socket.once('connect', asked);
      else asked();
    });
    // Every answer to a CONNECT comes as `connect`, whatever its status: only a 200 opens the tunnel.
    connect.once('connect', (response: IncomingMessage, socket: Socket) => {
      if (response.statusCode === 200) {
        resolve(socket);
        return;
      }
      socket.destroy();
      reject(refused(proxy, `answered CONNECT ${authority} with ${`${response.statusCode} ${response.statusMessage ?? ''}`.trim()}${proxyAnswerNote(response.headers)}`, response.statusCode));
    });
    connect.on('error', (error) => reject(unreachable(proxy, error)));
    connect.end();
  });
}

/** Whether an abort's reason is a deadline's (not an interruption's). */
function isTimeout(reason: unknown): boolean {
  return (reason as Error | undefined)?.name === 'TimeoutError';
}

/** The proxy took the connection and did not answer CONNECT in time: the proxy's failure, not the target's. */
function silent(proxy: Proxy, authority: string, deadline: Error): Error {
  return Object.assign(new Error(`the proxy ${shownProxy(proxy)} took the connection and did not answer CONNECT ${authority} in time (${deadline.message})`), { code: PROXY_TIMEOUT });
}

/** No connection to the proxy: its code, in the suite's words, and Node's message. */
function unreachable(proxy: Proxy, error: Error): Error {
  const described = describeFailure(error, 'connect', { timeoutMs: 0, maxResponseBytes: 0 });
  return Object.assign(new Error(`cannot reach the proxy ${shownProxy(proxy)}: ${described.code} (${described.message})`), { code: PROXY_UNREACHABLE });
}

/**
 * The proxy answered instead of the target (an error of code PROXY_REFUSED): what it answered, and its status (407: it
 * asks for credentials).
 */
export function refused(proxy: Proxy, answered: string, status: number | undefined): Error {
  return Object.assign(new Error(`the proxy ${shownProxy(proxy)} ${answered}`), { code: PROXY_REFUSED, status });
}
