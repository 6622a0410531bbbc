import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, outageRiddenOutMs } from '../../src/http/circuit-breaker.js';

const OUTAGE_MS = outageRiddenOutMs(10_000);
import type { TransportError } from '../../src/http/exchange.js';
import { INTERRUPTED } from '../../src/http/failure.js';

const failure = (code: string, phase: TransportError['phase'] = 'headers'): TransportError => ({ code, phase, message: code });
const timeout = failure('TIMEOUT');
const refused = failure('CONNECTION_REFUSED', 'connect');

/** A breaker whose last ten requests got no answer (so): the circuit is open, its first probe due in a second. */
async function opened(why = timeout): Promise<CircuitBreaker> {
  const breaker = new CircuitBreaker(OUTAGE_MS);
  for (let i = 0; i < 10; i++) {
    expect(await breaker.admit()).toEqual({ probe: false });
    breaker.settle(false, why);
  }
  return breaker;
}

/** Whether the admission is still waiting once the microtasks have run. */
async function pending(admission: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (await Promise.race([admission, Promise.resolve().then(() => marker)])) === marker;
}

describe('CircuitBreaker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after ten requests in a row got no answer, and not before; an answer in between starts the count again', async () => {
    const breaker = new CircuitBreaker(OUTAGE_MS);
    for (let i = 0; i < 9; i++) breaker.settle(false, timeout);
    breaker.settle(false, undefined);
    for (let i = 0; i < 9; i++) breaker.settle(false, failure('CONNECTION_RESET'));
    expect(await breaker.admit()).toEqual({ probe: false });
    breaker.settle(false, failure('CONNECTION_RESET'));
    expect(await breaker.admit()).toEqual({ refused: { code: 'TARGET_NOT_ANSWERING', phase: 'connect', message: 'not sent: the last 10 requests got no complete response' } });
  });

  it('refuses requests to a target that hangs, lets one probe through a second after, doubles the wait after each failed probe, and closes at an answer', async () => {
    const breaker = await opened();
    await vi.advanceTimersByTimeAsync(999);
    expect('refused' in await breaker.admit()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await breaker.admit()).toEqual({ probe: true });
    expect('refused' in await breaker.admit()).toBe(true); // one probe at a time
    breaker.settle(true, timeout);
    await vi.advanceTimersByTimeAsync(1999);
    expect('refused' in await breaker.admit()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await breaker.admit()).toEqual({ probe: true });
    breaker.settle(true, undefined);
    expect(await breaker.admit()).toEqual({ probe: false });
  });

  // Before, requests to a target that was down for 2 s were refused at once: the outage cost every check after it.
  it('holds requests back from a target that is down, probes it, and lets them all go at its first answer', async () => {
    const breaker = await opened(refused);
    const held = [breaker.admit(), breaker.admit()];
    await vi.advanceTimersByTimeAsync(999);
    expect(await pending(held[0] as Promise<unknown>)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await held[0]).toEqual({ probe: true, down: true });
    expect(await pending(held[1] as Promise<unknown>)).toBe(true); // one probe at a time
    breaker.settle(true, refused);
    await vi.advanceTimersByTimeAsync(1999);
    expect(await pending(held[1] as Promise<unknown>)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await held[1]).toEqual({ probe: true, down: true });
    const third = breaker.admit();
    breaker.settle(true, undefined);
    expect(await third).toEqual({ probe: false });
    expect(breaker.gone).toBeUndefined();
  });

  it('rides an outage out for a deadline and a half, at most 15 s', () => {
    expect([1_000, 3_000, 10_000, 60_000].map(outageRiddenOutMs)).toEqual([1_500, 4_500, 15_000, 15_000]);
  });

  it('takes a target that is down for gone once a probe as long after it opened as outages are ridden out got no answer either', async () => {
    const breaker = await opened(refused);
    let probes = 0;
    for (;;) {
      const admission = breaker.admit();
      while (await pending(admission)) await vi.advanceTimersByTimeAsync(100);
      const admitted = await admission;
      if ('refused' in admitted) {
        expect(admitted.refused).toMatchObject({ code: 'TARGET_GONE', phase: 'connect' });
        break;
      }
      probes++;
      breaker.settle(true, refused);
    }
    expect(probes).toBe(4); // 1, 3, 7 and 15 s after it opened
    expect(performance.now()).toBeLessThanOrEqual(OUTAGE_MS + 100);
    expect(breaker.gone).toMatch(/^stopped answering: \d+ requests in a row got no complete response, and it did not answer again within 15 s$/);
  });

  it('takes a body over the size cap for an answer, and an interrupted probe for nothing: the next request may probe', async () => {
    const tooLarge = await opened();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await tooLarge.admit()).toEqual({ probe: true });
    tooLarge.settle(true, failure('TOO_LARGE'));
    expect(await tooLarge.admit()).toEqual({ probe: false });

    const interrupted = await opened();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await interrupted.admit()).toEqual({ probe: true });
    interrupted.settle(true, failure(INTERRUPTED));
    expect(await interrupted.admit()).toEqual({ probe: true });
  });

  it('stops holding a request back when the run is interrupted', async () => {
    const breaker = await opened(refused);
    const controller = new AbortController();
    const waiting = breaker.admit(controller.signal);
    controller.abort('SIGINT');
    await expect(waiting).rejects.toBe('SIGINT');
  });

  it('takes the target for gone at once when what the run brought is refused (a client certificate, the proxy): every later request would be too', async () => {
    const breaker = new CircuitBreaker(OUTAGE_MS);
    expect(await breaker.admit()).toEqual({ probe: false });
    breaker.settle(false, { code: 'CLIENT_CERTIFICATE_REFUSED', phase: 'connect', message: 'the server refused the TLS client certificate (TLS alert "unknown ca")' });
    expect(breaker.gone).toBe('was not reached through the run\'s own setup (its proxy, its client certificate), which judges nothing of it: CLIENT_CERTIFICATE_REFUSED (the server refused the TLS client certificate (TLS alert "unknown ca"))');
    expect(await breaker.admit()).toMatchObject({ refused: { code: 'TARGET_GONE' } });
  });
});
