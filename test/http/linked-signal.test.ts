import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { linkedSignal } from '../../src/http/linked-signal.js';
import { sleep } from '../../src/http/pacing.js';

describe('linkedSignal', () => {
  it('aborts with the reason of whichever parent aborts', () => {
    const a = new AbortController();
    const b = new AbortController();
    const { signal } = linkedSignal([a.signal, undefined, b.signal]);
    expect(signal?.aborted).toBe(false);
    b.abort(new Error('interrupted'));
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).message).toBe('interrupted');
  });

  it('aborts with a TimeoutError once its time is up, as AbortSignal.timeout does', async () => {
    const { signal } = linkedSignal([], 20);
    await sleep(60);
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('is the one parent itself when there is nothing to link, and aborted at once when a parent is', () => {
    const parent = new AbortController();
    expect(linkedSignal([parent.signal]).signal).toBe(parent.signal);
    expect(linkedSignal([undefined]).signal).toBeUndefined();
    parent.abort('stop');
    const linked = linkedSignal([parent.signal], 1000);
    expect(linked.signal?.aborted).toBe(true);
    expect(linked.signal?.reason).toBe('stop');
  });

  it('gives a parent one listener however many requests follow it, and lets go of them when disposed', async () => {
    const parent = new AbortController();
    const linked = Array.from({ length: 50 }, () => linkedSignal([parent.signal], 10_000));
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1);
    for (const l of linked.slice(0, 25)) l.dispose();
    parent.abort('stop');
    expect(linked.filter((l) => l.signal?.aborted)).toHaveLength(25);
    expect(linked.slice(25).every((l) => l.signal?.aborted)).toBe(true);
    // A disposed signal's timer is stopped too: it never aborts.
    const disposed = linkedSignal([], 20);
    disposed.dispose();
    await sleep(60);
    expect(disposed.signal?.aborted).toBe(false);
  });
});
