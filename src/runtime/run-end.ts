/**
 * The end of a run, in the suite that runs last: its closing LIST-2 check of the whole run, and the checks declared to
 * run at the run's end (authentication tried once more, the list's own reads), side by side.
 * - The checks at the end start once that LIST-2 check's top-up has sent its last create: late, after nearly every
 *   request of the run (a server that stops checking keys after some number of lookups shows only then), and beside
 *   the top-up's last creates rather than after their answers.
 * - The LIST-2 check reads its closing list once they have all ended: the list the suite's closing AUTH-4 check then
 *   reads too, with nothing written between them (see SuiteLists.closing).
 *
 * Each waits only for a check already under way. vitest runs so many tests at once (maxConcurrency), in one queue for
 * every suite of the worker (a batch's runs share it): a check that waited for one still in the queue could hold the
 * place that one waits for. So a check at the end goes at once where the LIST-2 check has not started (or does not
 * run: a shard or a --skip leaves it out, a replay runs another check), and the LIST-2 check whose checks at the end
 * are not all under way reads at once: the AUTH-4 check then reads the list again after them.
 */
export class RunEnd {
  /** The checks at the end that will run. */
  private expected = 0;
  /** Those that started, and those that ended. */
  private started = 0;
  private ended = 0;
  private closingCheckStarted = false;
  private topUpWasSent!: () => void;
  private readonly topUpSentPromise = new Promise<void>((resolve) => {
    this.topUpWasSent = resolve;
  });
  private allEnded!: () => void;
  private readonly allEndedPromise = new Promise<void>((resolve) => {
    this.allEnded = resolve;
  });

  /** Declared: a check at the end, which will run. */
  expectCheckAtEnd(): void {
    this.expected++;
  }

  /** The closing LIST-2 check of the whole run started. */
  closingCheckStarts(): void {
    this.closingCheckStarted = true;
  }

  /**
   * A check at the end starts: it may send once this resolves, when the closing check's top-up has sent its last
   * create (at once where that check is not under way, or has ended).
   */
  async turn(): Promise<void> {
    this.started++;
    if (this.closingCheckStarted) await this.topUpSentPromise;
  }

  /** A check at the end has ended, however it ended. */
  checkAtEndEnded(): void {
    if (++this.ended === this.expected) this.allEnded();
  }

  /** The closing check's top-up sent its last create, or has none to send, or the check ended. Idempotent. */
  topUpSent(): void {
    this.topUpWasSent();
  }

  /** For the closing check, before it reads: once every check at the end has ended, where all are under way. */
  checksAtEndEnded(): Promise<void> {
    return this.started === this.expected && this.ended < this.expected ? this.allEndedPromise : Promise.resolve();
  }
}
