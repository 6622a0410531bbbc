import type { TransportError } from './exchange.js';
import { INTERRUPTED } from './failure.js';

/**
 * After this many requests in a row without a complete response, the target is taken to have stopped answering:
 * further requests are not sent, so that the run ends in seconds instead of one deadline per request. A probe
 * still goes through now and then (after 1 s, then 2 s, 4 s… up to a minute after the last failed one), and the
 * first complete response closes the circuit again.
 */
const CIRCUIT_OPENS_AFTER = 10;
const FIRST_PROBE_AFTER_MS = 1_000;
const LONGEST_PROBE_WAIT_MS = 60_000;

/** What {@link CircuitBreaker.admit} says of a request: it may go (as the probe, or not), or it is not sent, and why. */
export type Admission = { readonly probe: boolean } | { readonly refused: TransportError };

const SEND: Admission = { probe: false };
const PROBE: Admission = { probe: true };

/** Stops sending to a target that stopped answering (see {@link CIRCUIT_OPENS_AFTER}), and notices when it is back. */
export class CircuitBreaker {
  private failuresInARow = 0;
  /** While the circuit is open: when the next probe may go (Infinity while one is under way). */
  private nextProbeAt = 0;
  private probeWaitMs = FIRST_PROBE_AFTER_MS;

  /**
   * Whether a request may be sent now: while the circuit is closed, yes; while it is open, only as the probe, once
   * the wait for it is over and no other probe is under way. What came of a request let through is {@link settle}d.
   */
  admit(): Admission {
    if (this.failuresInARow < CIRCUIT_OPENS_AFTER) return SEND;
    if (performance.now() < this.nextProbeAt) {
      return { refused: { code: 'TARGET_NOT_ANSWERING', phase: 'connect', message: `not sent: the last ${this.failuresInARow} requests got no complete response` } };
    }
    this.nextProbeAt = Infinity;
    return PROBE;
  }

  /** What came of a request it let through (`probe`: as it was admitted): a response (no `failure`), or why none came. */
  settle(probe: boolean, failure: TransportError | undefined): void {
    if (failure === undefined) {
      this.heardFrom();
    } else if (failure.code === INTERRUPTED) {
      if (probe) this.nextProbeAt = 0; // says nothing about the target: the next request may probe
    } else if (failure.code === 'TOO_LARGE') {
      this.heardFrom(); // an answer, if not one to accept
    } else {
      this.noAnswer(probe);
    }
  }

  /** The target answered: the circuit closes. */
  private heardFrom(): void {
    this.failuresInARow = 0;
    this.nextProbeAt = 0;
    this.probeWaitMs = FIRST_PROBE_AFTER_MS;
  }

  /**
   * No answer: once too many came in a row, the circuit opens; the first probe may go a second later, and each
   * failed probe doubles the wait for the next. (Requests already under way when it opened change nothing.)
   */
  private noAnswer(probe: boolean): void {
    this.failuresInARow++;
    if (this.failuresInARow === CIRCUIT_OPENS_AFTER) this.nextProbeAt = performance.now() + this.probeWaitMs;
    if (!probe) return;
    this.probeWaitMs = Math.min(this.probeWaitMs * 2, LONGEST_PROBE_WAIT_MS);
    this.nextProbeAt = performance.now() + this.probeWaitMs;
  }
}
