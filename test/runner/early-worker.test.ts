import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { EarlyWorker, expectedLaunch, sameLaunch, startSuitesThread, type WorkerLaunch } from '../../src/runner/early-worker.js';

describe('expectedLaunch', () => {
  it('keeps Node\'s profiling options of the process and no other, and adds vitest\'s variables to the environment', () => {
    const launch = expectedLaunch({ PATH: '/bin', NO_COLOR: '1' }, ['--cpu-prof', '--cpu-prof-dir=/tmp/p', '--single-threaded-gc'], false);
    expect(launch.execArgv.slice(0, 2)).toEqual(['--cpu-prof', '--cpu-prof-dir=/tmp/p']);
    expect(launch.execArgv).not.toContain('--single-threaded-gc');
    expect(launch.execArgv).toContain('--experimental-import-meta-resolve');
    expect(launch.env).toMatchObject({ PATH: '/bin', NO_COLOR: '1', VITEST: 'true', TEST: 'true', VITEST_MODE: 'RUN', NODE_ENV: 'development', FORCE_TTY: '' });
  });

  it('leaves a NODE_ENV the process has, and says whether standard output is a terminal', () => {
    expect(expectedLaunch({ NODE_ENV: 'test' }, [], true).env).toMatchObject({ NODE_ENV: 'test', FORCE_TTY: 'true', DEV: '1', PROD: '' });
  });

  it('gives every variable in capitals too on Windows, as vitest does', () => {
    expect(expectedLaunch({ Path: 'C:\\bin' }, [], false, 'win32').env).toMatchObject({ Path: 'C:\\bin', PATH: 'C:\\bin', BASE_URL: '/' });
    expect(expectedLaunch({ Path: '/bin' }, [], false, 'linux').env['PATH']).toBeUndefined();
  });

  it('resolves modules and sets vite\'s variables as a production build does under NODE_ENV=production', () => {
    const launch = expectedLaunch({ NODE_ENV: 'production' }, [], false);
    expect(launch.execArgv.slice(-2)).toEqual(['--conditions', 'production']);
    expect(launch.env).toMatchObject({ NODE_ENV: 'production', DEV: '', PROD: '1' });
  });
});

describe('sameLaunch', () => {
  const launch = { execArgv: ['--a', '--b'], env: { X: '1', Y: undefined } };

  it('is the same for the same arguments in order and the same variables, a variable set to undefined counting as unset', () => {
    expect(sameLaunch(launch, { execArgv: ['--a', '--b'], env: { X: '1' } })).toBe(true);
  });

  it('differs on an argument, their order, a variable\'s value, or a variable one has and the other not', () => {
    expect(sameLaunch(launch, { execArgv: ['--b', '--a'], env: { X: '1' } })).toBe(false);
    expect(sameLaunch(launch, { execArgv: ['--a'], env: { X: '1' } })).toBe(false);
    expect(sameLaunch(launch, { execArgv: ['--a', '--b'], env: { X: '2' } })).toBe(false);
    expect(sameLaunch(launch, { execArgv: ['--a', '--b'], env: { X: '1', Z: '' } })).toBe(false);
  });
});

describe('EarlyWorker', () => {
  const launch = expectedLaunch({ ...process.env }, [], false);
  const running = (worker: Worker | undefined) => worker !== undefined && worker.threadId > 0;
  /** An early worker, and its thread's exit. */
  const started = () => {
    let thread: Worker | undefined;
    const early = EarlyWorker.start(launch, (l: WorkerLaunch) => (thread = startSuitesThread(l)));
    return { early, exited: once(thread as Worker, 'exit') };
  };

  it('gives its thread, running, to the first caller that asks for the launch it was started with, and to no other', async () => {
    const early = EarlyWorker.start(launch);
    const worker = early.take({ ...launch, env: { ...launch.env } });
    try {
      expect(running(worker)).toBe(true);
      expect(early.taken).toBe(true);
      expect(early.take(launch)).toBeUndefined();
      await early.close(); // taken: closing leaves it to its new owner
      expect(worker?.threadId).toBeGreaterThan(0);
    } finally {
      await worker?.terminate();
    }
  });

  it('stops its thread for a caller that asks for another launch, which then starts its own', async () => {
    const { early, exited } = started();
    expect(early.take({ ...launch, env: { ...launch.env, NODE_ENV: 'production' } })).toBeUndefined();
    await exited;
    expect(early.taken).toBe(false);
  });

  it('stops its thread when closed untaken', async () => {
    const { early, exited } = started();
    await early.close();
    await exited;
    expect(early.taken).toBe(false);
    expect(early.take(launch)).toBeUndefined();
  });
});
