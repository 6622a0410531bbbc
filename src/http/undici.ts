/**
 * The two parts of undici the HTTP client uses, loaded on their own. undici's index loads all of undici (fetch,
 * WebSocket, caches, interceptors, mocks): about 110 ms on this machine, paid on both threads of a run (the CLI's
 * first contact and the suites' worker); its Pool and `request` alone load in about 45 ms (issue 6).
 */
import { createRequire } from 'node:module';
import type { Dispatcher, Pool as UndiciPool } from 'undici';

const require = createRequire(import.meta.url);

/** undici's Pool, the class `import { Pool } from 'undici'` gives. */
export const Pool = require('undici/lib/dispatcher/pool.js') as typeof UndiciPool;
export type Pool = UndiciPool;

// undici's index adds `request` to every dispatcher's prototype; loaded alone, Pool has only `dispatch`.
const request = require('undici/lib/api/api-request.js') as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** `pool.request(options)`, as undici's index would define it. */
export function requestOn(pool: UndiciPool, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return request.call(pool, options);
}
