import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { Pool, ProxyAgent } from '../../src/http/undici.js';

it('gives the pool and the proxy agent the request API that undici\'s index gives them', () => {
  const pool = new Pool('http://127.0.0.1:9');
  expect(typeof pool.request).toBe('function');
  expect(typeof new ProxyAgent('http://127.0.0.1:9').request).toBe('function');
  return pool.close();
});

it('loads neither undici\'s index nor Node\'s own undici: the built transport, in a process of its own', async () => {
  const transport = join(packageRoot, 'dist', 'src', 'http', 'transport.js');
  const probe = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(transport)});
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({
      undiciFiles: cache.filter((file) => /[\\\\/]undici[\\\\/]/.test(file)).length,
      index: cache.some((file) => /[\\\\/]undici[\\\\/]index\\.js$/.test(file)),
      nodeUndici: process.moduleLoadList.some((name) => name.includes('deps/undici')),
    }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], { timeout: 20_000 });
  const loaded = JSON.parse(stdout) as { undiciFiles: number; index: boolean; nodeUndici: boolean };
  expect(loaded.undiciFiles).toBeGreaterThan(0);
  expect(loaded).toMatchObject({ index: false, nodeUndici: false });
});
