import type { TransportError } from './exchange.js';
import { INTERRUPTED, OUTSIDE_THE_TARGET, TARGET_GONE } from './failure.js';

/**
 * After this many requests in a row without a complete response, the circuit opens: a probe goes through now and then
 * (1 s after, then 2 s, 4 s… after the last failed one), and the first complete response closes it again. What the
 * other requests do meanwhile depends on why none came:
 *
 * - The target is down: a connection could not be made (refused, no such host, no connection in time). They wait
 *   instead of being sent, so that a short outage (a restart, a deploy) costs the requests it got no answer to, which
 *   HTTP-1 reports, and no more. Once a probe {@link outageRiddenOutMs} after the circuit opened got no answer
 *   either, the target is gone: nothing more is sent, and the run ends incomplete.
 * - The target is up but answers nothing in time (it hangs): they are not sent, so that the run ends in seconds
 *   instead of one deadline per request; HTTP-1 reports what hung.
 *
 * A failure of what the run brought (its proxy, its client certificate: OUTSIDE_THE_TARGET) takes the target for gone
 * at once, whatever came before: it says nothing of the target, and every later request would meet it too.
 */
const CIRCUIT_OPENS_AFTER = 10;
const FIRST_PROBE_AFTER_MS = 1_000;
const LONGEST_PROBE_WAIT_MS = 60_000;
/**
 * How long an outage is ridden out (see {@link CIRCUIT_OPENS_AFTER}): a deadline and a half, at most 15 s (at the
 * default 10 s deadline). The deadline says how long an answer may take: a run given a short one (a target of its own,
 * on the same machine) is not held a quarter of a minute by a target that went away.
 */
export function outageRiddenOutMs(timeoutMs: number): number {
  return Math.min(15_000, Math.round(timeoutMs * 1.5));
}

/**
 * What {@link CircuitBreaker.admit} says of a request: it may go (as the probe, or not; `down`: the probe of a target
 * that was down), or it is not sent, and why.
 */
export type Admission = { readonly probe: boolean; readonly down?: true } | { readonly refused: TransportError };

const SEND: Admission = { probe: false };

/** Holds requests back from a target that stopped answering (see {@link CIRCUIT_OPENS_AFTER}), and notices when it is back. */
export class CircuitBreaker {
  private failuresInARow = 0;
  /** Whether a connection could not be made for one of the failures in a row: the target is down, not hanging. */
  private down = false;
  /** While the circuit is open: when it opened, and when the next probe may go. */
  private openedAt = 0;
  private nextProbeAt = 0;
  private probeWaitMs = FIRST_PROBE_AFTER_MS;
  private probing = false;
  private goneBecause?: string;
  /** Requests waiting out an outage: told of every change of the circuit. */
  private readonly waiting = new Set<() => void>();

  constructor(
    /** How long an outage is ridden out (see {@link outageRiddenOutMs}). */
    private readonly outageMs: number,
  ) {}

  /**
   * Whether a request may be sent: while the circuit is closed, at once; while it is open, as the probe once it is
   * due and no other probe is under way; else, for a target that is down, once the circuit closes (rejecting with the
   * signal's reason when it aborts meanwhile), and for one that hangs, not at all; never once the target is gone. What
   * came of a request let through is {@link settle}d.
   */
  async admit(signal?: AbortSignal): Promise<Admission> {
    for (;;) {
      if (this.goneBecause !== undefined) return { refused: { code: TARGET_GONE, phase: 'connect', message: `not sent: the target ${this.goneBecause}` } };
      if (this.failuresInARow < CIRCUIT_OPENS_AFTER) return SEND;
      if (!this.probing && performance.now() >= this.nextProbeAt) {
        this.probing = true;
        return this.down ? { probe: true, down: true } : { probe: true };
      }
      if (!this.down) {
        return { refused: { code: 'TARGET_NOT_ANSWERING', phase: 'connect', message: `not sent: the last ${this.failuresInARow} requests got no complete response` } };
      }
      await this.change(signal, this.probing ? undefined : this.nextProbeAt);
    }
  }

  /**
   * Why the target is taken to be gone (`stopped answering: …`), once it is: down, it did not answer again within the
   * time an outage is ridden out; undefined while it is not.
   */
  get gone(): string | undefined {
    return this.goneBecause;
  }

  /** What came of a request it let through (`probe`: as it was admitted): a response (no `failure`), or why none came. */
  settle(probe: boolean, failure: TransportError | undefined): void {
    if (failure === undefined) {
      this.heardFrom();
    } else if (failure.code === INTERRUPTED) {
      if (probe) this.probing = false; // says nothing about the target: the next request may probe
    } else if (failure.code === 'TOO_LARGE') {
      this.heardFrom(); // an answer, if not one to accept
    } else if (OUTSIDE_THE_TARGET.has(failure.code)) {
      // What the run brought was refused (its proxy, its client certificate): nothing more is sent, and the run ends
      // incomplete, not with the target failing every check for it.
      if (probe) this.probing = false;
      this.goneBecause ??= `was not reached through the run's own setup (its proxy, its client certificate), which judges nothing of it: ${failure.code} (${failure.message})`;
    } else {
      this.noAnswer(probe, failure);
    }
    for (const wake of [...this.waiting]) wake();
  }

  /** The target answered: the circuit closes. */
  private heardFrom(): void {
    this.failuresInARow = 0;
    this.down = false;
    this.probing = false;
    this.nextProbeAt = 0;
    this.probeWaitMs = FIRST_PROBE_AFTER_MS;
  }

  /**
   * No answer: once too many came in a row, the circuit opens; the first probe may go a second later, and each failed
   * probe doubles the wait for the next. A target that is down is probed for the last time as long after the circuit
   * opened as an outage is ridden out: once that probe failed too, it is gone. (Requests already under way when it opened
   * change nothing but the count.)
   */
  private noAnswer(probe: boolean, failure: TransportError): void {
    this.failuresInARow++;
    if (failure.phase === 'connect') this.down = true;
    const now = performance.now();
    if (this.failuresInARow === CIRCUIT_OPENS_AFTER) {
      this.openedAt = now;
      this.nextProbeAt = now + this.probeWaitMs;
    }
    if (!probe) return;
    this.probing = false;
    if (this.down && now - this.openedAt >= this.outageMs) {
      this.goneBecause = `stopped answering: ${this.failuresInARow} requests in a row got no complete response, ` +
        `and it did not answer again within ${Math.round((now - this.openedAt) / 1000)} s`;
      return;
    }
    this.probeWaitMs = Math.min(this.probeWaitMs * 2, LONGEST_PROBE_WAIT_MS);
    this.nextProbeAt = this.down ? Math.min(now + this.probeWaitMs, this.openedAt + this.outageMs) : now + this.probeWaitMs;
  }

  /** Resolves at the circuit's next change, or at `at` (a time of performance.now()); rejects when `signal` aborts. */
  private change(signal: AbortSignal | undefined, at: number | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        this.waiting.delete(wake);
      };
      function wake(): void {
        done();
        resolve();
      }
      const abort = () => {
        done();
        reject(signal?.reason);
      };
      const timer = at === undefined ? undefined : setTimeout(wake, Math.max(0, at - performance.now()));
      this.waiting.add(wake);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}
