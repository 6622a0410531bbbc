import { describe, expect, it } from 'vitest';
import { Pacer, sleep } from '../../src/http/pacing.js';

describe('Pacer', () => {
  it('never lets more than its concurrency in, however acquires and releases interleave', async () => {
    const pacer = new Pacer(3);
    let inFlight = 0;
    let most = 0;
    // Each worker asks again the moment it releases, before the waiter it woke has run: the race to guard against.
    const work = async (i: number) => {
      let release = await pacer.acquire();
      for (let round = 0; round < 10; round++) {
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep((i + round) % 3);
        inFlight--;
        release();
        release(); // a second release changes nothing
        release = await pacer.acquire();
      }
      release();
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => work(i)));
    expect(most).toBe(3);
    // Every slot came back: three more fit at once.
    const releases = await Promise.all([pacer.acquire(), pacer.acquire(), pacer.acquire()]);
    for (const release of releases) release();
  });

  it('rejects a waiter whose signal aborts, and gives its turn to the next', async () => {
    const pacer = new Pacer(1);
    const first = await pacer.acquire();
    const controller = new AbortController();
    const aborted = pacer.acquire(controller.signal);
    const next = pacer.acquire();
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    first();
    (await next)();
  });

  it('spaces request starts by the rate', async () => {
    const pacer = new Pacer(10, 50);
    const started = performance.now();
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 6 }, async () => {
      const release = await pacer.acquire();
      starts.push(performance.now() - started);
      release();
    }));
    // Six starts at 50 per second: the last no sooner than 5 × 20 ms after the first.
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThanOrEqual(95);
  });

  it('once asked to slow down, lets half as many in at once, holding back no other request for the wait; requests turned away together count once', async () => {
    const pacer = new Pacer(8);
    let inFlight = 0;
    let most = 0;
    pacer.slowDown(60_000);
    pacer.slowDown(60_000);
    // Only the refused request waits what the target asked for (RateLimitPolicy): the others go on, at half the pace.
    const signal = AbortSignal.timeout(5_000);
    await Promise.all(Array.from({ length: 12 }, async () => {
      const release = await pacer.acquire(signal);
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(5);
      inFlight--;
      release();
    }));
    expect(signal.aborted).toBe(false);
    expect(most).toBe(4);
  });

  it('takes one request to slow down among many answers for a refusal of that request, not of the pace', async () => {
    const pacer = new Pacer(4);
    for (let i = 0; i < 19; i++) pacer.answered();
    pacer.slowDown(0);
    const held = await Promise.all(Array.from({ length: 4 }, () => pacer.acquire()));
    expect(held).toHaveLength(4);
    for (let i = 0; i < 19; i++) pacer.answered();
    pacer.slowDown(0); // the first again of the last 20
    for (const release of held) release();
    pacer.slowDown(0); // the second: half as many at once
    const two = [await pacer.acquire(), await pacer.acquire()];
    let third = false;
    const late = pacer.acquire().then((release) => { third = true; return release; });
    await sleep(10);
    expect(third).toBe(false);
    for (const release of two) release();
    (await late)();
  });

  it('never lets fewer than one in at a time, and grows back to its concurrency as answers come', async () => {
    const pacer = new Pacer(2);
    pacer.slowDown(0);
    pacer.slowDown(0);
    const one = await pacer.acquire();
    let secondIn = false;
    const second = pacer.acquire().then((release) => {
      secondIn = true;
      return release;
    });
    await sleep(10);
    expect(secondIn).toBe(false);
    pacer.answered(); // one answer at a concurrency of one: two again, and the waiter comes in
    await sleep(0);
    expect(secondIn).toBe(true);
    one();
    (await second)();
  });

  it('once asked to slow down, starts half as many requests a second as it did', async () => {
    const pacer = new Pacer(4);
    for (let i = 0; i < 40; i++) (await pacer.acquire())();
    pacer.slowDown(0);
    pacer.slowDown(0);
    const started = performance.now();
    for (let i = 0; i < 6; i++) (await pacer.acquire())();
    // 40 starts in the last second: now at most 20 a second, 50 ms apart.
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('grows back to no rate limit after every slowing down, including one from a faster pace than the first', async () => {
    // The pace is private: read it as it is, since timing the starts would make a test of wall-clock time.
    const rateOf = (pacer: Pacer) => (pacer as unknown as { rate?: number }).rate;
    const pacer = new Pacer(8);
    // The second pace, halved, is the first one's full pace, which the old pacer kept for good.
    for (const [round, pace] of [40, 80].entries()) {
      if (round > 0) await sleep(1000); // a slowing down counts once a second
      for (let i = 0; i < pace; i++) (await pacer.acquire())();
      pacer.slowDown(0);
      pacer.slowDown(0);
      expect(rateOf(pacer)).toBe(pace / 2);
      for (let i = 0; i < 5000 && rateOf(pacer) !== undefined; i++) pacer.answered();
      expect(rateOf(pacer)).toBeUndefined();
    }
  });
});
