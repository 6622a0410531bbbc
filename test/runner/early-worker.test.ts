import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { EarlyWorker, expectedLaunch, sameLaunch, startSuitesThread, type WorkerLaunch } from '../../src/runner/early-worker.js';
import { FakeThread } from '../support/fake-thread.js';

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
  /** An early worker on a fake thread, on a machine of two cores. */
  const started = () => {
    const thread = new FakeThread();
    return { thread, early: EarlyWorker.start(launch, () => thread.asWorker, 2) };
  };

  it('gives its thread, no longer holding the process, to the first caller that asks for the launch it was started with', async () => {
    const { thread, early } = started();
    expect(thread.referenced).toBe(false); // until taken, a run that stops leaves nothing running
    expect(early.take({ ...launch, env: { ...launch.env } })).toBe(thread);
    expect(thread.referenced).toBe(true);
    expect(early.state).toBe('taken');
    expect(early.take(launch)).toBeUndefined();
    await early.close(); // taken: closing leaves it to its new owner
    expect(thread.terminated).toBe(false);
  });

  it('stops its thread for a caller that asks for another launch, which then starts its own', () => {
    const { thread, early } = started();
    expect(early.take({ ...launch, env: { ...launch.env, NODE_ENV: 'production' } })).toBeUndefined();
    expect(thread.terminated).toBe(true);
    expect(early.state).toBe('refused');
  });

  it('gives no thread that failed or ended before it was taken: vitest starts one of its own, and sees that one fail', () => {
    for (const event of ['error', 'exit']) {
      const { thread, early } = started();
      thread.emit(event, new Error('cannot load'));
      expect(early.take(launch), event).toBeUndefined();
      expect(early.state, event).toBe('refused');
    }
  });

  it('has no thread where Node refuses the launch, or where the machine has one core', async () => {
    const refused = EarlyWorker.start(launch, () => {
      throw new Error('--cpu-prof-dir requires an argument');
    }, 2);
    let starts = 0;
    const oneCore = EarlyWorker.start(launch, () => {
      starts++;
      return new FakeThread().asWorker;
    }, 1);
    for (const early of [refused, oneCore]) {
      expect(early.take(launch)).toBeUndefined();
      expect(early.state).toBe('refused');
      await early.close();
    }
    expect(starts).toBe(0);
  });

  it('stops its thread when closed untaken, and none is taken from then on', async () => {
    const { thread, early } = started();
    await early.close();
    expect(thread.terminated).toBe(true);
    expect(early.take(launch)).toBeUndefined();
    expect(early.state).toBe('closed');
  });

  it('stops a real thread when closed untaken', async () => {
    let thread: Worker | undefined;
    const early = EarlyWorker.start(launch, (l: WorkerLaunch) => (thread = startSuitesThread(l)), 2);
    const exited = once(thread as Worker, 'exit');
    await early.close();
    await exited;
    expect(early.state).toBe('closed');
  });
});
