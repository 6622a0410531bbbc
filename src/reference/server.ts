import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { conformant, isRefusal, type Behaviour, type Refusal, type Store } from './behaviour.js';
import { jsonText } from '../json/write.js';
import { faultById, type Fault } from './faults/index.js';
import { revisionById } from './revisions.js';
import { variantById, type Variant } from './variants.js';

/** Where the reference serves the contract: the version segment of the contract's addresses (a revision may move it). */
const BASE_PATH = '/v1';

/** The largest request body the reference reads. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface ReferenceOptions {
  /** The key it accepts; generated when absent. */
  readonly apiKey?: string;
  /** Fault ids to switch on (see faults/): for testing the suite itself. */
  readonly faults?: readonly string[];
  /** Variant ids (see variants.ts): other ways of keeping the contract. */
  readonly variants?: readonly string[];
  /** A revision of the spec (see revisions.ts) to keep instead of the bundled one: its faults may be named in `faults`. */
  readonly revision?: string;
  readonly host?: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Categories to hold before the first request, for runs against a large target. */
  readonly preload?: number;
  /**
   * Serve https with this key and certificate (PEM) instead of http; with `clientCa`, only to clients that present a
   * certificate that CA issued (mutual TLS): a connection without one, or with another, is refused in the handshake.
   */
  readonly tls?: { readonly key: string; readonly cert: string; readonly clientCa?: string };
}

/** A running reference server. */
export interface ReferenceServer {
  /** The base URL, ending in the version segment: `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  readonly apiKey: string;
  readonly faults: readonly Fault[];
  readonly variants: readonly Variant[];
  close(): Promise<void>;
}

/** A new random API key of the kind the reference accepts. */
function generateApiKey(): string {
  return `psk_${randomBytes(24).toString('base64url')}`;
}

/**
 * The key of a reference server that a run with this seed starts: the same for the same seed, so that the
 * credentials generated from it (mutations of the key) are the same too. The server is the run's own, on
 * 127.0.0.1, and gone when the run ends.
 */
export function referenceKeyFor(seed: number): string {
  return `psk_${createHash('sha256').update(`petstore-conformance reference key ${seed}`).digest('base64url').slice(0, 32)}`;
}

/**
 * Starts the reference implementation of the contract: in memory, on node:http, bound to 127.0.0.1 by default.
 * With no fault it keeps every MUST and SHOULD rule.
 */
export async function startReferenceServer(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const reference = await referenceHandler(options);
  const tls = options.tls;
  const server = tls
    ? createTlsServer({ key: tls.key, cert: tls.cert, ...(tls.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}) }, reference.handle)
    : createServer(reference.handle);
  await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const { apiKey, faults, variants } = reference;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}${reference.basePath}`,
    apiKey,
    faults,
    variants,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/**
 * Starts a reference for each of these options, side by side, or none: when one cannot start (a fault whose store
 * refuses the categories to preload, say), the others are closed before its error is thrown, named by what that
 * reference was to be. A server left listening would keep the process alive after its command returned.
 */
export async function startReferenceServers(options: readonly ReferenceOptions[]): Promise<ReferenceServer[]> {
  const started = await Promise.allSettled(options.map((o) => startReferenceServer(o)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.findIndex((s) => s.status === 'rejected');
  if (failed < 0) return servers;
  await Promise.all(servers.map((server) => server.close()));
  const reason = (started[failed] as PromiseRejectedResult).reason as unknown;
  const message = reason instanceof Error ? reason.message : String(reason);
  throw new Error(`the reference with ${describeReference(options[failed] as ReferenceOptions)} did not start: ${message}`, { cause: reason });
}

/** What a reference is to be, for a message: its revision, variants, faults and preload. */
function describeReference({ revision, variants = [], faults = [], preload }: ReferenceOptions): string {
  const parts = [
    ...(revision === undefined ? [] : [`revision ${revision}`]),
    ...variants.map((v) => `variant ${v}`),
    ...faults.map((f) => `fault ${f}`),
    ...(preload ? [`${preload} categories preloaded`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : 'no fault';
}

/**
 * The reference as a request handler, without a server: for servers that misbehave on some requests (the
 * project's tests of broken targets) and answer the rest as the reference does.
 */
export async function referenceHandler(options: Pick<ReferenceOptions, 'apiKey' | 'faults' | 'variants' | 'preload' | 'revision'> = {}):
  Promise<{ handle: RequestListener; apiKey: string; faults: Fault[]; variants: Variant[]; basePath: string }> {
  const apiKey = options.apiKey ?? generateApiKey();
  const faults = (options.faults ?? []).map(faultById);
  const variants = (options.variants ?? []).map(variantById);
  const revision = options.revision === undefined ? undefined : revisionById(options.revision);
  const basePath = revision?.basePath ?? BASE_PATH;
  // The revision first, then variants: a fault is a bug in whichever way of keeping the contract the server has.
  const behaviour = [...(revision ? [revision] : []), ...variants, ...faults].reduce<Behaviour>((b, patch) => ({ ...b, ...patch.patch(b) }), conformant);
  const store: Store = { categories: new Map(), nextId: 1n };
  const listing = behaviour === conformant ? cachedListing() : undefined;
  const preload = options.preload ?? Math.max(0, ...variants.map((v) => v.preload ?? 0));
  for (let i = 0; i < preload; i++) {
    await behaviour.store(store, { name: `Preloaded ${i + 1}`, description: `Category ${i + 1} held before the run` }, {});
  }
  const handler: RequestListener = (request, response) => {
    handle(request, response, behaviour, store, apiKey, basePath, listing).catch(() => {
      if (!response.headersSent) behaviour.send(response, 500, behaviour.errorBody(500, 'internal', 'Internal server error.'));
      else response.destroy();
    });
  };
  return { handle: handler, apiKey, faults, variants, basePath };
}

/**
 * The conformant reference's list body, from each category's JSON written once: a list of 100,000 is a join, not
 * a serialization (benchmarks and client builders list large stores often). Only the conformant behaviour uses it:
 * faults and variants change how categories are presented, and some change them after storing.
 */
function cachedListing(): (store: Store) => string {
  // The conformant store only ever appends: the items written so far stay the body's beginning.
  let written = 0;
  let items = '';
  return (store) => {
    if (store.categories.size > written) {
      const added: string[] = [];
      let index = 0;
      for (const category of store.categories.values()) if (index++ >= written) added.push(jsonText(conformant.present(category)));
      items += (written > 0 ? ',' : '') + added.join(',');
      written = store.categories.size;
    }
    return `[${items}]`;
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, b: Behaviour, store: Store, key: string, basePath: string,
  listing?: (store: Store) => string): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://reference');
  const route = url.pathname.startsWith(`${basePath}/`) ? b.route(request.method ?? 'GET', url.pathname.slice(basePath.length)) : undefined;
  const raw = await readBody(request);
  if (!route) return b.send(response, 404, b.errorBody(404, 'not_found', 'No such operation.'));
  if (raw === undefined) return b.send(response, 400, b.errorBody(400, 'body_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`));
  const early = b.precheck(route, request, raw);
  if (early) return refusedWith(b, response, early);
  const token = b.credentialOf(request, url, raw);
  const authorized = !b.protects(route, url.pathname.slice(basePath.length)) || b.accepts(token, key);
  const unauthorized = () => b.send(response, 401, b.errorBody(401, 'unauthorized', 'The API key is missing or invalid.'),
    withChallenge(b.challenge(token !== undefined)));
  const refused = (refusal: Refusal) => refusedWith(b, response, refusal);

  if (route !== 'createCategory') {
    if (!authorized) return unauthorized();
    const queryRefusal = b.queryRefusal(route, url.searchParams);
    if (queryRefusal) return refused(queryRefusal);
    if (route === 'getPet') {
      const pet = b.pet(url.pathname.split('/').pop() ?? '');
      return b.send(response, pet.status, pet.body, pet.headers);
    }
    if (listing) return void response.writeHead(200, { 'content-type': 'application/json' }).end(listing(store));
    const items = [...store.categories.values()].map((c) => b.present(c));
    return b.send(response, 200, b.listing(items, url.searchParams));
  }
  if (b.authOrder === 'auth-first' && !authorized) return unauthorized();
  const parsed = b.parse(raw, request.headers['content-type']);
  if (isRefusal(parsed)) return b.authOrder === 'validate-first' || authorized ? refused(parsed) : unauthorized();
  const category = b.validate(parsed.value);
  if (isRefusal(category)) return b.authOrder === 'validate-first' || authorized ? refused(category) : unauthorized();
  if (b.authOrder === 'validate-first' && !authorized) return unauthorized();
  const stored = await b.store(store, category, parsed.value);
  if (!authorized) return unauthorized();
  return b.send(response, 201, b.present(stored));
}

function refusedWith(b: Behaviour, response: ServerResponse, { refused: { status = 400, code, message } }: Refusal): void {
  b.send(response, status, b.errorBody(status, code, message));
}

function withChallenge(challenge: string | undefined): Record<string, string> {
  return challenge === undefined ? {} : { 'www-authenticate': challenge };
}

/** The body as text, or undefined when it is larger than the reference reads. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8');
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
