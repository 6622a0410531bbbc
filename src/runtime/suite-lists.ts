import type { Reply } from '../http/reply.js';
import type { RunState } from './run-state.js';

/**
 * The lists one suite reads around its checks: the list before its first check (for the growth its closing checks
 * require) and the list after its last, each read once between the checks that need it; a large target's list is
 * megabytes and many seconds. The closing list is handed on to the suites that open after it (see OpeningLists).
 */
export class SuiteLists {
  private closingList?: { readonly afterWrites: number; readonly reply: Promise<Reply> };
  private openingList?: Promise<Reply>;
  /** Requests that could create, sent by the suite's checks so far. */
  private writesSent = 0;

  constructor(
    private readonly run: RunState,
    /** Whether the suite opens on a list another suite closed on (see SuiteOptions.opensOnRunCategories). */
    private readonly afterAnother = false,
  ) {}

  /** Counts a request that could create: a closing list read before it is read again. */
  noteWrite(): void {
    this.writesSent++;
  }

  /**
   * The list as it stands after every concurrent check of the suite: the closing checks (LIST-2, nothing
   * created) read one list between them, which keeps a large target's list from being fetched again and again.
   * A closing check that writes (a late probe) makes the next one read the list again.
   */
  closing(fetch: () => Promise<Reply>): Promise<Reply> {
    if (this.closingList?.afterWrites !== this.writesSent) {
      this.closingList = { afterWrites: this.writesSent, reply: fetch().then((reply) => this.handOn(reply)) };
    }
    return this.closingList.reply;
  }

  /**
   * Lets go of the lists, once the suite's checks are done: suite files stay loaded for the whole run, and a list of a
   * large target is megabytes. (The run keeps the last closing list for the suites that open after it.)
   */
  release(): void {
    this.closingList = undefined;
    this.openingList = undefined;
  }

  /** Hands a closing list on to the suites that open after it. */
  private handOn(reply: Reply): Reply {
    this.run.openings.closedOn(reply);
    return reply;
  }

  /**
   * The list as it stood before the suite's first check (read from a beforeAll hook): the newest list a suite closed
   * on, or the run's first (see OpeningLists).
   */
  opening(fetch: () => Promise<Reply>): Promise<Reply> {
    const read = async () => {
      const reply = await fetch();
      this.run.turns.listRead(reply);
      return reply;
    };
    this.openingList ??= this.run.openings.opening(read, this.afterAnother);
    return this.openingList;
  }
}
