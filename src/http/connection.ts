/**
 * A request with Node's own HTTP client, over a connection of its own: straight to the URL's host, or through the
 * run's proxy as undici's ProxyAgent goes (an http URL in absolute form, `GET http://host/path`; an https one in a
 * CONNECT tunnel, and TLS with the target inside it), with the run's TLS settings. For what the CLI sends before the
 * suites' worker starts (the first contact, a spec fetched from a URL), which must not load undici (see
 * first-contact.ts).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { describeFailure, PROXY_REFUSED, PROXY_UNREACHABLE } from './failure.js';
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

/** A request under way: destroy it to end it and all it opened; its response's head, or why none came. */
export interface StartedRequest {
  readonly request: ClientRequest;
  readonly response: Promise<IncomingMessage>;
}

/**
 * Sends a request to `url`, without a body. `connected` is called once the connection it goes over is made (a TLS
 * handshake with the target included; through a proxy, once the proxy took it, or the tunnel and the handshake inside
 * it are made): what fails after that is the answer's, not the connection's. A failure of the proxy's is an error of
 * code PROXY_UNREACHABLE (no connection to it) or PROXY_REFUSED (it answered CONNECT with anything but 200, or an
 * http request with 407 for credentials), whose message names the proxy, never its credentials.
 */
export function startRequest(url: URL, head: RequestHead, settings: ConnectionSettings, connected: () => void = () => undefined): StartedRequest {
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (secure ? 443 : 80));
  const proxy = settings.proxy;
  // Through a proxy, an http request names its whole URL, and carries the proxy's credentials itself.
  const absolute = proxy !== undefined && !secure;
  const opened: { destroy(): void }[] = [];
  const secureSocket = (socket?: Socket) => {
    const tlsSocket = tlsConnect({ ...(socket ? { socket } : { port }), host, ...(isIP(host) ? {} : { servername: host }), ...tlsOptions(settings) });
    tlsSocket.once('secureConnect', connected);
    return tlsSocket;
  };
  // Node waits for `done` when the function returns no socket (a tunnel or a proxy's connection, opened first).
  const createConnection = ((_options: unknown, done: (error: Error | null, socket?: Socket) => void): Socket | undefined => {
    if (proxy === undefined) {
      if (secure) return secureSocket();
      const socket = netConnect({ host, port });
      socket.once('connect', connected);
      return socket;
    }
    const reached = secure ? tunnel(proxy, `${url.hostname}:${port}`, opened) : reach(proxy, opened);
    reached.then((socket) => {
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
  // A request ended before its tunnel was open (a deadline, an interruption) ends the tunnel's request too.
  request.once('close', () => opened.forEach((o) => o.destroy()));
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', (answer: IncomingMessage) => {
      if (absolute && answer.statusCode === 407) reject(refused(proxy, `answered ${url.origin}'s request with 407 ${answer.statusMessage ?? ''}`.trim(), 407));
      else resolve(answer);
    });
    request.once('error', reject);
  });
  request.end();
  return { request, response };
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

/** A tunnel through the proxy to `authority` (`host:port`): the proxy's socket, once it answered CONNECT with 200. */
function tunnel(proxy: Proxy, authority: string, opened: { destroy(): void }[]): Promise<Socket> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const connect = httpRequest({
      host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 80), method: 'CONNECT', path: authority, agent: false,
      headers: { host: authority, ...(proxy.authorization !== undefined ? { 'proxy-authorization': proxy.authorization } : {}) },
    });
    opened.push(connect);
    // Every answer to a CONNECT comes as `connect`, whatever its status: only a 200 opens the tunnel.
    connect.once('connect', (response: IncomingMessage, socket: Socket) => {
      if (response.statusCode === 200) {
        opened.push(socket);
        resolve(socket);
        return;
      }
      socket.destroy();
      reject(refused(proxy, `answered CONNECT ${authority} with ${response.statusCode} ${response.statusMessage ?? ''}`.trim(), response.statusCode));
    });
    connect.once('error', (error) => reject(unreachable(proxy, error)));
    connect.end();
  });
}

/** No connection to the proxy: its code, in the suite's words, and Node's message. */
function unreachable(proxy: Proxy, error: Error): Error {
  const described = describeFailure(error, 'connect', { timeoutMs: 0, maxResponseBytes: 0 });
  return Object.assign(new Error(`cannot reach the proxy ${shownProxy(proxy)}: ${described.code} (${described.message})`), { code: PROXY_UNREACHABLE });
}

/** The proxy answered instead of the target: what it answered, and its status (407: it asks for credentials). */
function refused(proxy: Proxy, answered: string, status: number | undefined): Error {
  return Object.assign(new Error(`the proxy ${shownProxy(proxy)} ${answered}`), { code: PROXY_REFUSED, status });
}
