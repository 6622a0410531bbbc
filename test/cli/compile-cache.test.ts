import { expect, it } from 'vitest';
import { enableCompileCache } from '../../src/cli/compile-cache.js';

const STATUS = { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 };

/** A node:module of Node 22 whose cache answers `status` (and its folder), counting the calls. */
function nodeWithCache(status: number, directory?: string) {
  const api = {
    calls: 0,
    constants: { compileCacheStatus: STATUS },
    enableCompileCache() {
      api.calls++;
      return { status, ...(directory === undefined ? {} : { directory }) };
    },
  };
  return api;
}

it('enables the cache and hands its folder to the suites\' worker through the environment', () => {
  const env: NodeJS.ProcessEnv = {};
  const api = nodeWithCache(STATUS.ENABLED, '/tmp/node-compile-cache');
  expect(enableCompileCache(env, api)).toBe('/tmp/node-compile-cache');
  expect(api.calls).toBe(1);
  expect(env['NODE_COMPILE_CACHE']).toBe('/tmp/node-compile-cache');
});

it('keeps the folder the user gave in NODE_COMPILE_CACHE', () => {
  const env: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: '/home/ci/cache' };
  expect(enableCompileCache(env, nodeWithCache(STATUS.ALREADY_ENABLED, '/home/ci/cache'))).toBe('/home/ci/cache');
  expect(env['NODE_COMPILE_CACHE']).toBe('/home/ci/cache');
});

it('leaves the environment alone where the cache is off (NODE_DISABLE_COMPILE_CACHE) or could not start', () => {
  for (const status of [STATUS.DISABLED, STATUS.FAILED]) {
    const env: NodeJS.ProcessEnv = {};
    expect(enableCompileCache(env, nodeWithCache(status))).toBeUndefined();
    expect(env).toEqual({});
  }
});

it('leaves it off in CI, whose machines are new for each job, unless NODE_COMPILE_CACHE names a folder the job keeps', () => {
  const env: NodeJS.ProcessEnv = { CI: 'true' };
  const api = nodeWithCache(STATUS.ENABLED, '/tmp/node-compile-cache');
  expect(enableCompileCache(env, api)).toBeUndefined();
  expect(api.calls).toBe(0);
  expect(env).toEqual({ CI: 'true' });
  const kept: NodeJS.ProcessEnv = { CI: 'true', NODE_COMPILE_CACHE: '/home/runner/cache' };
  expect(enableCompileCache(kept, nodeWithCache(STATUS.ALREADY_ENABLED, '/home/runner/cache'))).toBe('/home/runner/cache');
});

it('does nothing on a Node without the cache (Node 20)', () => {
  const env: NodeJS.ProcessEnv = {};
  expect(enableCompileCache(env, {})).toBeUndefined();
  expect(env).toEqual({});
});

