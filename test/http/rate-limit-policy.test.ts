import { describe, expect, it, vi } from 'vitest';
import { Pacer } from '../../src/http/pacing.js';
import { RateLimitPolicy } from '../../src/http/rate-limit-policy.js';

/** A policy over a pacer whose calls are watched. */
function policy() {
  const pacer = new Pacer(8);
  const calls = { slowDown: vi.spyOn(pacer, 'slowDown'), answered: vi.spyOn(pacer, 'answered'), resume: vi.spyOn(pacer, 'resume') };
  return { rateLimits: new RateLimitPolicy(pacer), calls };
}

describe('RateLimitPolicy', () => {
  it('keeps an answer that is not a 429, and lets the pace grow back', () => {
    const { rateLimits, calls } = policy();
    expect(rateLimits.decide(200, undefined, 0)).toEqual({ retry: false });
    expect(rateLimits.decide(503, '5', 0)).toEqual({ retry: false });
    expect(calls.answered).toHaveBeenCalledTimes(2);
  });

  it('retries a 429 after the wait its Retry-After asks for (seconds, a fraction of one, or a date), a short one growing when it names none, and slows the pace for it', () => {
    const { rateLimits, calls } = policy();
    expect(rateLimits.decide(429, '2', 0)).toEqual({ retry: true, waitMs: 2000 });
    expect(rateLimits.decide(429, ' 0.5 ', 1)).toEqual({ retry: true, waitMs: 500 });
    expect(rateLimits.decide(429, undefined, 2)).toEqual({ retry: true, waitMs: 1000 });
    expect(rateLimits.decide(429, undefined, 0)).toEqual({ retry: true, waitMs: 250 });
    expect(rateLimits.decide(429, ['0', '9'], 0)).toEqual({ retry: true, waitMs: 0 });
    expect(rateLimits.decide(429, 'not a date', 1)).toEqual({ retry: true, waitMs: 500 });
    const dated = rateLimits.decide(429, new Date(Date.now() + 5000).toUTCString(), 0);
    expect(dated.retry && dated.waitMs).toBeGreaterThan(3000);
    expect(rateLimits.decide(429, 'Thu, 01 Jan 1970 00:00:00 GMT', 0)).toEqual({ retry: true, waitMs: 0 });
    expect(calls.slowDown.mock.calls.slice(0, 4)).toEqual([[2000], [500], [1000], [250]]);
  });

  it('reads a date against the target\'s clock when its Date header is seconds away from ours, and against ours otherwise', () => {
    const { rateLimits } = policy();
    const ahead = Date.now() + 30_000;
    const skewed = rateLimits.decide(429, new Date(ahead + 3000).toUTCString(), 0, new Date(ahead).toUTCString());
    expect(skewed.retry && skewed.waitMs).toBeGreaterThan(1000);
    expect(skewed.retry && skewed.waitMs).toBeLessThanOrEqual(4000);
    // Within the Date header's second, ours is the finer clock: a date already past is no wait.
    expect(rateLimits.decide(429, new Date(Date.now() - 1000).toUTCString(), 0, new Date().toUTCString())).toEqual({ retry: true, waitMs: 0 });
  });

  it('does not wait out a Retry-After over 10 s, and says so: a limit not waited out has not persisted', () => {
    const { rateLimits, calls } = policy();
    expect(rateLimits.decide(429, '3600', 0)).toEqual({ retry: false, rateLimited: { persisted: false, why: 'its Retry-After (3600) asks for longer than the 10 s the suite waits' } });
    expect(calls.slowDown).not.toHaveBeenCalled();
  });

  it('keeps a 429 after three retries as persisted; after three such requests in a row, retries none and restores the pace, until an answer that is not a 429', () => {
    const { rateLimits, calls } = policy();
    const persisted = { retry: false, rateLimited: { persisted: true, why: 'still 429 after 3 retries' } };
    expect(rateLimits.decide(429, '0', 3)).toEqual(persisted);
    expect(rateLimits.decide(429, '0', 3)).toEqual(persisted);
    expect(calls.resume).not.toHaveBeenCalled();
    expect(rateLimits.decide(429, '0', 3)).toEqual(persisted);
    expect(calls.resume).toHaveBeenCalledTimes(1);
    expect(rateLimits.decide(429, '0', 0)).toEqual({ retry: false, rateLimited: { persisted: true, why: 'still 429: the last 3 requests were answered 429 after every retry, so it is not retried' } });
    rateLimits.decide(204, undefined, 0);
    expect(rateLimits.decide(429, '0', 0)).toEqual({ retry: true, waitMs: 0 });
  });
});
