/**
 * The two parts of undici the HTTP client uses, loaded on their own. undici's index loads all of undici (fetch,
 * WebSocket, caches, interceptors, mocks): about 110 ms on this machine, paid on both threads of a run (the CLI's
 * first contact and the suites' worker); its Pool and `request` alone load in about 45 ms (issue 6).
 */
import { createRequire } from 'node:module';
import type { Dispatcher, Pool as UndiciPool } from 'undici';

const require = createRequire(import.meta.url);

type Request = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** Where undici keeps its Pool and its `request`: internal paths, which a later undici may move. */
const UNDICI_PARTS = { pool: 'undici/lib/dispatcher/pool.js', request: 'undici/lib/api/api-request.js' };

/**
 * undici's Pool and `request`, from the files at `paths`; from undici's index (slower to load, the same API) when
 * they are not there or are not what they were.
 */
export function undiciParts(paths: typeof UNDICI_PARTS = UNDICI_PARTS): { readonly Pool: typeof UndiciPool; readonly request: Request } {
  try {
    const Pool = require(paths.pool) as unknown;
    const request = require(paths.request) as unknown;
    if (typeof Pool === 'function' && typeof request === 'function' && typeof Pool.prototype.dispatch === 'function') {
      return { Pool: Pool as typeof UndiciPool, request: request as Request };
    }
  } catch {
    // Moved or renamed in this undici: its index has them.
  }
  const undici = require('undici') as typeof import('undici');
  return { Pool: undici.Pool, request: undici.Dispatcher.prototype.request as Request };
}

const parts = undiciParts();

/** undici's Pool, the class `import { Pool } from 'undici'` gives. */
export const Pool = parts.Pool;
export type Pool = UndiciPool;

/** `pool.request(options)`, as undici's index defines it (it adds `request` to every dispatcher's prototype). */
export function requestOn(pool: UndiciPool, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return parts.request.call(pool, options);
}
