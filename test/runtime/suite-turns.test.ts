import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/http/reply.js';
import { SuiteTurns } from '../../src/runtime/suite-turns.js';

/** A list answer of `bytes` bytes, as SuiteTurns reads it. */
const listOf = (bytes: number) => ({ exchange: { response: { bodyBytes: bytes } } }) as unknown as Reply;

/** Enters `count` suites, as a wave's start does, and notes the order in which each is let in. */
function enterAll(turns: SuiteTurns, count: number) {
  const order: number[] = [];
  const ends = Array.from({ length: count }, (_, i) => turns.enter().then((end) => {
    order.push(i);
    return end;
  }));
  return { order, ends };
}

describe('SuiteTurns', () => {
  it('lets every suite in at once when the first list is small', async () => {
    const turns = new SuiteTurns();
    const { order, ends } = enterAll(turns, 3);
    turns.listRead(listOf(50_000));
    await Promise.all(ends);
    expect(order).toEqual([0, 1, 2]);
  });

  it('lets the suites in one after another when the first list is large', async () => {
    const turns = new SuiteTurns();
    const { order, ends } = enterAll(turns, 3);
    const endFirst = await ends[0];
    turns.listRead(listOf(5_000_000));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([0]);
    endFirst?.();
    (await ends[1])?.();
    await ends[2];
    expect(order).toEqual([0, 1, 2]);
  });

  it('lets the others in once the first suite ends without reading a list', async () => {
    const turns = new SuiteTurns();
    const { order, ends } = enterAll(turns, 3);
    (await ends[0])?.();
    await Promise.all(ends);
    expect(order).toEqual([0, 1, 2]);
  });
});

describe('SuiteTurns on a large target', () => {
  it('says so once, when the first list is large, and not for a small one', () => {
    let told = 0;
    const large = new SuiteTurns(() => told++);
    large.listRead(listOf(5_000_000));
    large.listRead(listOf(5_000_000));
    expect(told).toBe(1);
    const small = new SuiteTurns(() => told++);
    small.listRead(listOf(50_000));
    small.listRead(listOf(5_000_000));
    expect(told).toBe(1);
  });
});

describe('SuiteTurns.oneAtATime', () => {
  /** Starts `count` reads, each noting when it starts, and ends each when told. */
  function readAll(turns: SuiteTurns, count: number, failing: readonly number[] = []) {
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const results = Array.from({ length: count }, (_, i) => turns.oneAtATime(() => new Promise<number>((resolve, reject) => {
      started.push(i);
      finish[i] = () => (failing.includes(i) ? reject(new Error(`read ${i}`)) : resolve(i));
    })));
    return { started, finish, results };
  }
  const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('reads side by side where the first list is small or not read yet', async () => {
    for (const first of [listOf(50_000), undefined]) {
      const turns = new SuiteTurns();
      if (first) turns.listRead(first);
      const { started, finish, results } = readAll(turns, 3);
      expect(started).toEqual([0, 1, 2]);
      finish.forEach((end) => end());
      expect(await Promise.all(results)).toEqual([0, 1, 2]);
    }
  });

  it('reads one at a time, in order, once the first list was large, a failed read letting the next go', async () => {
    const turns = new SuiteTurns();
    turns.listRead(listOf(5_000_000));
    const { started, finish, results } = readAll(turns, 3, [0]);
    await turn();
    expect(started).toEqual([0]);
    finish[0]?.();
    await expect(results[0]).rejects.toThrow('read 0');
    await turn();
    expect(started).toEqual([0, 1]);
    finish[1]?.();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    finish[2]?.();
    expect(await Promise.all(results.slice(1))).toEqual([1, 2]);
  });
});
