import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker } from '../../src/http/circuit-breaker.js';
import type { TransportError } from '../../src/http/exchange.js';
import { INTERRUPTED } from '../../src/http/failure.js';

const failure = (code: string): TransportError => ({ code, phase: 'headers', message: code });
const timeout = failure('TIMEOUT');

/** A breaker whose last ten requests got no answer: the circuit is open, its first probe due in a second. */
function opened(): CircuitBreaker {
  const breaker = new CircuitBreaker();
  for (let i = 0; i < 10; i++) {
    expect(breaker.admit()).toEqual({ probe: false });
    breaker.settle(false, timeout);
  }
  return breaker;
}

describe('CircuitBreaker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after ten requests in a row got no answer, and not before; an answer in between starts the count again', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 9; i++) breaker.settle(false, timeout);
    breaker.settle(false, undefined);
    for (let i = 0; i < 9; i++) breaker.settle(false, failure('CONNECTION_RESET'));
    expect(breaker.admit()).toEqual({ probe: false });
    breaker.settle(false, failure('CONNECTION_RESET'));
    expect(breaker.admit()).toEqual({ refused: { code: 'TARGET_NOT_ANSWERING', phase: 'connect', message: 'not sent: the last 10 requests got no complete response' } });
  });

  it('lets one probe through a second after it opened, doubles the wait after each failed probe, and closes at an answer', () => {
    const breaker = opened();
    vi.advanceTimersByTime(999);
    expect('refused' in breaker.admit()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(breaker.admit()).toEqual({ probe: true });
    expect('refused' in breaker.admit()).toBe(true); // one probe at a time
    breaker.settle(true, timeout);
    vi.advanceTimersByTime(1999);
    expect('refused' in breaker.admit()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(breaker.admit()).toEqual({ probe: true });
    breaker.settle(true, undefined);
    expect(breaker.admit()).toEqual({ probe: false });
  });

  it('takes a body over the size cap for an answer, and an interrupted probe for nothing: the next request may probe', () => {
    const tooLarge = opened();
    vi.advanceTimersByTime(1000);
    expect(tooLarge.admit()).toEqual({ probe: true });
    tooLarge.settle(true, failure('TOO_LARGE'));
    expect(tooLarge.admit()).toEqual({ probe: false });

    const interrupted = opened();
    vi.advanceTimersByTime(1000);
    expect(interrupted.admit()).toEqual({ probe: true });
    interrupted.settle(true, failure(INTERRUPTED));
    expect(interrupted.admit()).toEqual({ probe: true });
  });
});
