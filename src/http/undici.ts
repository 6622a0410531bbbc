/**
 * The two classes of undici the transport uses, loaded from their own files. undici's index loads the whole of undici
 * (fetch, WebSocket, EventSource, the caches, the mocks) and, through its cookies, Node's own copy of undici as well:
 * in the suites' worker that was 150 to 200 ms of its start, before the first request (docs/speed.md), for two classes
 * no check would miss. The files are undici 7's, the version package.json pins exactly; a version that moves them
 * fails to load here, in the first test that sends a request.
 */
import { createRequire } from 'node:module';
import type { Pool as UndiciPool, ProxyAgent as UndiciProxyAgent } from 'undici';

const load = createRequire(import.meta.url);

// What undici's index does for every dispatcher: it gives their base class the request API (request, stream, ...).
const dispatcher = load('undici/lib/dispatcher/dispatcher.js') as { prototype: object };
Object.assign(dispatcher.prototype, load('undici/lib/api/index.js') as object);

/** undici's Pool: a keep-alive pool of connections to one origin. */
export const Pool = load('undici/lib/dispatcher/pool.js') as typeof UndiciPool;
/** undici's ProxyAgent: requests through an HTTP proxy, over pools it makes. */
export const ProxyAgent = load('undici/lib/dispatcher/proxy-agent.js') as typeof UndiciProxyAgent;
