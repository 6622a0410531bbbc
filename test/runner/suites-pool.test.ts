import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PoolOptions, WorkerRequest } from 'vitest/node';
import { EarlyWorker, expectedLaunch } from '../../src/runner/early-worker.js';
import { suitesPool } from '../../src/runner/suites-pool.js';
import { FakeThread } from '../support/fake-thread.js';

/** What vitest gives the pool for a worker: the launch, and its logger's streams, which the thread's output goes to. */
function poolOptions(launch = expectedLaunch({ ...process.env }, [], false)) {
  const out = new PassThrough();
  const err = new PassThrough();
  const options = { execArgv: [...launch.execArgv], env: { ...launch.env }, project: { vitest: { logger: { outputStream: out, errorStream: err } } } };
  return { out, err, launch, options: options as unknown as PoolOptions };
}

describe('suitesPool', () => {
  it('runs vitest\'s worker on the early thread when vitest asks for its launch, its output going to vitest\'s streams', async () => {
    const { out, err, launch, options } = poolOptions();
    const thread = new FakeThread();
    const early = EarlyWorker.start(launch, () => thread.asWorker, 2);
    const [outListeners, errListeners] = [out.getMaxListeners(), err.getMaxListeners()];
    const worker = suitesPool(early).createPoolWorker(options);
    await worker.start();
    expect(early.state).toBe('taken');

    const message = { type: 'start' } as unknown as WorkerRequest;
    worker.send(message);
    expect(thread.sent).toEqual([message]);
    const heard: unknown[] = [];
    const listener = (m: unknown) => heard.push(m);
    worker.on('message', listener);
    thread.emit('message', 'started');
    worker.off('message', listener);
    thread.emit('message', 'not heard');
    expect(heard).toEqual(['started']);
    thread.stdout.write('from the thread\n');
    expect(String(out.read())).toBe('from the thread\n');
    expect([out.getMaxListeners(), err.getMaxListeners()]).toEqual([outListeners + 1, errListeners + 1]);

    await worker.stop();
    expect(thread.terminated).toBe(true);
    expect([out.getMaxListeners(), err.getMaxListeners()]).toEqual([outListeners, errListeners]);
    thread.stdout.write('after the stop\n');
    expect(out.read()).toBeNull();
    expect(() => worker.send(message)).toThrow(/not started/);
  });

  it('starts a thread of its own where vitest asks for another launch, and stops it', async () => {
    const { options } = poolOptions();
    const thread = new FakeThread();
    const early = EarlyWorker.start(expectedLaunch({ ...process.env, NODE_ENV: 'production' }, [], false), () => thread.asWorker, 2);
    const worker = suitesPool(early).createPoolWorker(options);
    await worker.start();
    const exited = new Promise((resolve) => worker.on('exit', resolve));
    expect(early.state).toBe('refused');
    expect(thread.terminated).toBe(true);
    await worker.stop();
    await exited;
  });

  it('stops nothing when it never started', async () => {
    await expect(suitesPool().createPoolWorker(poolOptions().options).stop()).resolves.toBeUndefined();
  });
});
