/**
 * A small HTTP proxy on 127.0.0.1 for the tests, as a company's forwards: http requests in absolute form
 * (`GET http://host/path`), https in CONNECT tunnels; optionally asking for credentials (407 without them). It counts
 * what it forwarded, so that a test can tell that a request went through it, or did not.
 */
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** What the proxy was asked to forward: an http request (`GET http://127.0.0.1:1234/v1/categories`) or a tunnel (`CONNECT 127.0.0.1:1234`). */
export interface Forwarded {
  readonly kind: 'absolute' | 'connect';
  /** The request line's target: the URL, or the tunnel's host:port. */
  readonly target: string;
  /** Its Proxy-Authorization, as sent. */
  readonly authorization?: string;
}

export interface TestProxy {
  /** `http://127.0.0.1:<port>`, without credentials. */
  readonly url: string;
  /** The same with the credentials it asks for, as a proxy variable holds them. */
  readonly urlWithCredentials: string;
  /** Everything it forwarded, in order. */
  readonly forwarded: Forwarded[];
  /** How many requests it refused for their credentials (407). */
  readonly refused: () => number;
  /** How many connections clients opened to it. */
  readonly connections: () => number;
  /** The most connections clients had open to it at once. */
  readonly peakConnections: () => number;
  /** How many connections are open now, clients' and its own to the targets. */
  readonly open: () => number;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Credentials to ask for (Basic); absent: none. */
  readonly credentials?: { readonly user: string; readonly password: string };
  /** Answer every CONNECT with this status instead of opening the tunnel (403: the tunnel is not allowed). */
  readonly refuseConnect?: number;
  /**
   * Host names only the proxy knows, and the address each stands for: a deployment named so is reachable through the
   * proxy alone, as on a company's network (`staging.petstore.invalid` resolves nowhere else).
   */
  readonly hosts?: Readonly<Record<string, string>>;
  /** Take every connection and request (a CONNECT too), and answer nothing: a proxy that hangs. */
  readonly silent?: boolean;
  /**
   * An answer of its own to the http request it was given (`index`: how many it was given before it, from 0), instead
   * of forwarding it: squid's error page for a target it cannot reach, a 502 of a flaky proxy. Undefined: forwarded.
   */
  readonly answer?: (index: number, request: IncomingMessage) => OwnAnswer | undefined;
  /**
   * Close the client's connection a moment after each answer to an http request, though the answer kept it open
   * (HTTP/1.1, no `Connection: close`), as tinyproxy does.
   */
  readonly closeAfterAnswer?: boolean;
}

/** An answer a proxy makes itself: its status, its headers, and a body (text/html, as proxies' error pages are). */
export interface OwnAnswer {
  readonly status: number;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: string;
}

/** squid's answer when it cannot connect to the target (its headers as squid 5.7 sends them). */
export const SQUID_CONNECT_FAIL: OwnAnswer = {
  status: 503,
  headers: { server: 'squid/5.7', 'content-type': 'text/html;charset=utf-8', 'x-squid-error': 'ERR_CONNECT_FAIL 111', via: '1.1 proxy (squid/5.7)' },
  body: '<html><head><title>ERROR: The requested URL could not be retrieved</title></head><body>Connection refused</body></html>',
};

const started: TestProxy[] = [];

/** Closes the proxies {@link startProxy} started (test/support/servers-closed.ts, after each end-to-end test). */
export async function closeProxies(): Promise<void> {
  await Promise.all(started.splice(0).map((p) => p.close()));
}

/** Starts a proxy on 127.0.0.1; closed after the test (or by `close`). */
export async function startProxy(options: ProxyOptions = {}): Promise<TestProxy> {
  const forwarded: Forwarded[] = [];
  const sockets = new Set<Socket>();
  let refusals = 0;
  let connections = 0;
  let clientsOpen = 0;
  let peak = 0;
  let given = 0;
  const expected = options.credentials ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}` : undefined;
  const authorized = (request: IncomingMessage) => expected === undefined || request.headers['proxy-authorization'] === expected;
  const record = (kind: Forwarded['kind'], request: IncomingMessage) => {
    const authorization = request.headers['proxy-authorization'];
    forwarded.push({ kind, target: request.url ?? '', ...(authorization !== undefined ? { authorization } : {}) });
  };
  const resolve = (host: string) => options.hosts?.[host] ?? host;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A client's socket is half-open once the client closed its side (the http server allows that): close ours too.
    socket.once('end', () => socket.end());
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((request, response) => {
    if (options.silent) return;
    if (!/^http:\/\//.test(request.url ?? '')) return void response.writeHead(400).end('a proxy takes absolute-form requests');
    if (!authorized(request)) {
      refusals++;
      return void response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test proxy"' }).end();
    }
    const own = options.answer?.(given++, request);
    if (own) return void response.writeHead(own.status, { 'content-type': 'text/html', ...own.headers }).end(own.body ?? '');
    record('absolute', request);
    const url = new URL(request.url as string);
    const headers: OutgoingHttpHeaders = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest({ host: resolve(url.hostname), port: url.port || 80, method: request.method, path: url.pathname + url.search, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      if (options.closeAfterAnswer) response.once('finish', () => setTimeout(() => request.socket.destroy(), 5));
    });
    upstream.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    request.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    peak = Math.max(peak, ++clientsOpen);
    socket.once('close', () => clientsOpen--);
    track(socket);
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    if (options.silent) return;
    if (!authorized(request)) {
      refusals++;
      return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test proxy"\r\nContent-Length: 0\r\n\r\n');
    }
    if (options.refuseConnect !== undefined) return void client.end(`HTTP/1.1 ${options.refuseConnect} Refused\r\nContent-Length: 0\r\n\r\n`);
    record('connect', request);
    const [host, port] = splitAuthority(request.url ?? '');
    const upstream = connect({ host: resolve(host), port }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const credentials = options.credentials;
  const proxy: TestProxy = {
    url,
    urlWithCredentials: credentials ? url.replace('//', `//${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@`) : url,
    forwarded,
    refused: () => refusals,
    connections: () => connections,
    peakConnections: () => peak,
    open: () => sockets.size,
    close: () => new Promise<void>((closed) => {
      server.close(() => closed());
      for (const socket of sockets) socket.destroy();
    }),
  };
  started.push(proxy);
  return proxy;
}

/** `host:port` (`[::1]:443`) as its host and port. */
function splitAuthority(authority: string): [string, number] {
  const at = authority.lastIndexOf(':');
  return [authority.slice(0, at).replace(/^\[|\]$/g, ''), Number(authority.slice(at + 1))];
}
