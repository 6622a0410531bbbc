/**
 * Servers a test starts on 127.0.0.1 (http, or https with the options given), and how to close them all, their open
 * connections with them, once it is over.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';

const servers: Server[] = [];

/** Starts a server; its origin (`http://127.0.0.1:<port>`, or https). */
export async function listen(handler: RequestListener, tls?: ServerOptions): Promise<string> {
  const server = tls ? createTlsServer(tls, handler) : createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes every server {@link listen} started, and their connections. */
export async function closeLocalServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  }));
}
