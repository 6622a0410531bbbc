/**
 * The answer time from which a generated check's cases go out ahead of their turn (see CasesAhead): below it the
 * run's own work per case (sending, judging, auditing: a millisecond or two) is of the same order, and cases ahead only
 * hold more at once in memory and make more work at once for the run's one thread. Against a server on loopback,
 * `--runs 100` peaked 11 MB higher with them (173 against 162 MB) and took 1.05× as long.
 */
export const SLOW_ANSWER_MS = 10;

/** How long the target takes to answer, as the run's requests found it so far. */
export class AnswerTimes {
  private quickest = Number.POSITIVE_INFINITY;

  /**
   * An answered request's time, from sending it to the last byte of its response (no wait for a slot or a 429), and
   * whether the target took it (a 2xx).
   */
  note(ms: number, taken: boolean): void {
    if (taken) this.quickest = Math.min(this.quickest, ms);
  }

  /**
   * Whether the target's answers are slow: even the quickest it took so far took {@link SLOW_ANSWER_MS} or more. The
   * quickest, since a target the run keeps busy answers later the more it is sent (its queue is no distance to hide);
   * a taken request, since a gateway may refuse a key at its edge at once, far nearer than the target behind it.
   */
  get slow(): boolean {
    return this.quickest !== Number.POSITIVE_INFINITY && this.quickest >= SLOW_ANSWER_MS;
  }
}
