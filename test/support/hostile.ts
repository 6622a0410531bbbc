import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { referenceHandler } from '../../src/reference/server.js';
import type { RunReport } from '../../src/results/run-report.js';

/**
 * Decides what happens to the n-th request (counting from 1; the first is the run's preflight), once its body
 * has arrived: return true once it has misbehaved, false to let the reference answer it.
 */
export type Misbehaviour = (request: IncomingMessage, response: ServerResponse, n: number, body: string) => boolean;

/** A target that keeps the contract except where it misbehaves, bound to 127.0.0.1, with what it saw. */
export interface HostileServer {
  readonly url: string;
  readonly apiKey: string;
  /** Requests it received. */
  requests(): number;
  /** The most requests it had in flight at once. */
  maxInFlight(): number;
  /** When each request arrived (ms since the server started). */
  arrivals(): readonly number[];
  /** Goes down (every connection closed, none taken) for `ms`, then listens again on its port, holding what it held. */
  outage(ms: number): Promise<void>;
  close(): Promise<void>;
}

const started: HostileServer[] = [];

/** Closes the servers {@link hostileServer} started: after each test (see closeReferenceServers in reference.ts). */
export async function closeHostileServers(): Promise<void> {
  await Promise.all(started.splice(0).map((s) => s.close()));
}

/** A hostile server for one test, closed after it (in a block of concurrent tests, use {@link startHostileServer}). */
export async function hostileServer(misbehave: Misbehaviour, options: HostileOptions = {}): Promise<HostileServer> {
  const server = await startHostileServer(misbehave, options);
  started.push(server);
  return server;
}

/** What a hostile server answers as the reference does: with this key, these categories held, these faults. */
export interface HostileOptions {
  readonly apiKey?: string;
  readonly preload?: number;
  readonly faults?: readonly string[];
}

/** A hostile server that its caller closes. */
export async function startHostileServer(misbehave: Misbehaviour, options: HostileOptions = {}): Promise<HostileServer> {
  const reference = await referenceHandler({ apiKey: options.apiKey ?? 'psk_hostile_test_key_0123456789', ...(options.preload ? { preload: options.preload } : {}), faults: options.faults ?? [] });
  const sockets = new Set<Socket>();
  const arrivals: number[] = [];
  const origin = performance.now();
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((request, response) => {
    arrivals.push(performance.now() - origin);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    const n = arrivals.length;
    void bodyOf(request).then((body) => {
      if (!misbehave(request, response, n, body.toString('utf8'))) reference.handle(withBody(request, body), response);
    }, () => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenBelowEphemeralPorts(server);
  const stop = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
  let closed = false;
  const hostile: HostileServer = {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: reference.apiKey,
    requests: () => arrivals.length,
    maxInFlight: () => maxInFlight,
    arrivals: () => arrivals,
    outage: async (ms) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (!closed) await listenOn(server, port);
    },
    close: () => {
      closed = true;
      return server.listening ? stop() : Promise.resolve();
    },
  };
  return hostile;
}

/** Listens on 127.0.0.1:`port`; rejects when it cannot (the port is taken). */
function listenOn(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Listens on a free port below Linux's ephemeral range (32768 and up), and returns it. A port from listen(0) is one of
 * that range, which every outgoing connection on the machine draws its own local port from: while the server is down
 * for an outage, a connection of another test could take its port, and the server could not come back on it.
 */
async function listenBelowEphemeralPorts(server: Server): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      await listenOn(server, port);
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 20) throw error;
    }
  }
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The request for the reference to read again: its body has been read already, to decide on misbehaving. */
function withBody(request: IncomingMessage, body: Buffer): IncomingMessage {
  const { method, url, headers, socket } = request;
  return Object.assign(Readable.from(body.length > 0 ? [body] : []), { method, url, headers, socket }) as unknown as IncomingMessage;
}

/** Answers 200 with the start of a JSON array, then a space every 200 ms, forever. */
export function trickleForever(res: ServerResponse): true {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write(' '), 200);
  res.on('close', () => clearInterval(timer));
  return true;
}

/** The messages of a report's failed HTTP-1 checks, one a line. */
export function http1(report: RunReport): string {
  return report.results.filter((r) => r.rule === 'HTTP-1' && r.outcome === 'failed').map((r) => r.message ?? '').join('\n');
}
