import type { Reply } from '../http/reply.js';

/**
 * The lists the run's suites open on, read once for all of them: the suites run side by side, so a suite's opening
 * list is the newest list a suite closed on (nothing of the suite has written before its first check), and, before
 * any suite has closed, the one list the first suite to open reads. A suite whose checks send the ids of categories
 * the run created before it opens on a list read once the run had created some (see
 * SuiteOptions.opensOnRunCategories).
 */
export class OpeningLists {
  /** The newest closing list that can serve as an opening list. */
  private latest?: Reply;
  /** A list read once the run had created a category, while a suite waited for one. */
  private showingRun?: Reply;
  /** The list read before any suite closed, shared by the suites that opened then. */
  private first?: Promise<Reply>;
  /** Suites waiting for a list that shows the run's categories, each woken by a call. */
  private readonly waiting = new Set<() => void>();
  /** Suites under way, which may still read a list. */
  private open = 0;

  /** A suite's checks start (its wave has started, see SUITE_WAVES). */
  started(): void {
    this.open++;
  }

  /** That suite's checks are done: it closes on no list any more. */
  ended(): void {
    this.open--;
    this.wakeIfNoneCanClose();
  }

  /**
   * A suite closed on this list: the next suites to open do so on it. A 429, a timeout or a broken answer would make
   * every check that compares with the opening list skip, so the next suites to open read one again.
   */
  closedOn(reply: Reply): void {
    this.latest = usable(reply) ? reply : undefined;
    // Suites that open from now on open on it: the lists before it need not be kept (a large target's are megabytes).
    if (this.latest) this.first = undefined;
    this.showsRunCategories(reply);
  }

  /** A list read with the valid key and nothing else, sent once the run had created a category. */
  showsRunCategories(reply: Reply): void {
    if (!usable(reply) || this.waiting.size === 0) return;
    this.showingRun = reply;
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /**
   * The list a suite opens on; `onRunCategories`: one read once the run had created a category (the newest a suite
   * closed on, or one read while it waited), or, where no suite can read one any more, one read now.
   */
  async opening(fetch: () => Promise<Reply>, onRunCategories: boolean): Promise<Reply> {
    if (this.latest) return this.latest;
    if (!onRunCategories) return (this.first ??= fetch());
    if (this.open > this.waiting.size + 1) await new Promise<void>((resolve) => this.waiting.add(resolve));
    const shown = this.latest ?? this.showingRun;
    this.showingRun = undefined;
    return shown ?? fetch();
  }

  /** Every suite that could still read a list is waiting too: none will, and each reads its own. */
  private wakeIfNoneCanClose(): void {
    if (this.waiting.size === 0 || this.open > this.waiting.size) return;
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }
}

/** Whether a list answer can serve as an opening list: a 429, a timeout or a broken answer would make every check that compares with it skip. */
function usable(reply: Reply): boolean {
  return reply.status === 200 && !reply.exchange.rateLimited && Array.isArray(reply.body);
}
