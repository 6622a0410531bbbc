/**
 * What a client's requests cost, for the run's report: the time the target had any of them open, and when the first
 * was sent. (The bytes received are the transport's to count: it reads the bodies.)
 */
export class RequestStatistics {
  /** Requests open on the target now, since when, and how long it had any open before. */
  private open = 0;
  private openSince = 0;
  private firstSentAt?: number;
  private openBeforeMs = 0;

  /** A request is sent: the target has it open until {@link ended}. */
  sent(): void {
    if (this.open++ === 0) {
      this.openSince = performance.now();
      this.firstSentAt ??= performance.timeOrigin + this.openSince;
    }
  }

  /** A request sent is over: its response ended, or it failed. */
  ended(): void {
    if (--this.open === 0) this.openBeforeMs += performance.now() - this.openSince;
  }

  /**
   * The time at least one request was open on the target, from sending to the last byte (waits for the pace
   * or a 429 excluded): what the run spent waiting on the target, whatever its concurrency.
   */
  get waitingOnTargetMs(): number {
    return this.openBeforeMs + (this.open > 0 ? performance.now() - this.openSince : 0);
  }

  /**
   * When the first request was sent, in milliseconds since the Unix epoch (`performance.timeOrigin` based, so that
   * the main thread can place it on its own timeline); undefined before any.
   */
  get firstRequestAt(): number | undefined {
    return this.firstSentAt;
  }
}
