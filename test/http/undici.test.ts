import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as undici from 'undici';
import { expect, it } from 'vitest';
import { Pool, undiciParts } from '../../src/http/undici.js';

// The built module (`npm test` builds first): Node 20 runs no TypeScript.
const moduleUrl = new URL('../../dist/src/http/undici.js', import.meta.url);

it('gives undici\'s own Pool', () => {
  expect(Pool).toBe(undici.Pool);
});

// In this process undici's index is already loaded (vitest, the import above); the point is that the module works
// without it, so it runs in a fresh Node that loads only the module, against a server of its own on 127.0.0.1.
it('sends a request where undici\'s index was never loaded', async () => {
  const script = `
    import { createServer } from 'node:http';
    import { createRequire } from 'node:module';
    const { Pool, requestOn } = await import(${JSON.stringify(moduleUrl.href)});
    const server = createServer((req, res) => res.writeHead(201, { 'content-type': 'text/plain' }).end(req.method + ' ' + req.url));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const pool = new Pool('http://127.0.0.1:' + server.address().port);
    const response = await requestOn(pool, { method: 'POST', path: '/v1/categories?x=1', body: '{}' });
    const indexLoaded = Object.keys(createRequire(import.meta.url).cache).some((file) => /undici[\\\\/]index\\.js$/.test(file));
    console.log(JSON.stringify({ status: response.statusCode, body: await response.body.text(), indexLoaded }));
    await pool.close();
    server.close();
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 });
  expect(JSON.parse(stdout)).toEqual({ status: 201, body: 'POST /v1/categories?x=1', indexLoaded: false });
});

it('falls back to undici\'s index when a later undici moved the files', () => {
  const moved = undiciParts({ pool: 'undici/lib/no-such-pool.js', request: 'undici/lib/api/api-request.js' });
  expect(moved.Pool).toBe(undici.Pool);
  expect(moved.request).toBe(undici.Dispatcher.prototype.request);
  // A file that is there but no longer holds a Pool.
  const changed = undiciParts({ pool: 'undici/lib/core/symbols.js', request: 'undici/lib/api/api-request.js' });
  expect(changed.Pool).toBe(undici.Pool);
});
