import type { Reply } from '../http/reply.js';

/** A first list larger than this makes the suites of a wave take turns. */
const LARGE_LIST_BYTES = 1024 * 1024;

/**
 * Whether the suites of a wave run side by side or take turns, decided by the run's first list. Against a target
 * whose list is megabytes (about 20,000 categories and more), every suite reads it whole, and suites side by side read
 * and hold several at once: at 100,000 categories a run took 444 MB at its peak where it took 407 taking turns, and
 * no less time, its 2 cores busy parsing. A small list decides for side by side, where a target far away keeps the run
 * waiting; so does a first suite that reads no list.
 */
export class SuiteTurns {
  private large?: boolean;
  private readonly decided: Promise<void>;
  private decide!: (large: boolean) => void;
  /** The end of the suite that entered last, which the next one to enter waits for when the list is large. */
  private last: Promise<void> = Promise.resolve();
  /** The end of the last read of the whole list queued, once the first list was large (see oneAtATime); never fails. */
  private lastRead: Promise<void> = Promise.resolve();

  /** `onLarge`: what a large first list also decides (see growHeapSlowlyForLargeLists), called once. */
  constructor(private readonly onLarge: () => void = () => undefined) {
    this.decided = new Promise((resolve) => {
      this.decide = (large) => {
        if (this.large === undefined && large) this.onLarge();
        this.large ??= large;
        resolve();
      };
    });
  }

  /** A suite read the list it opens on: the first such list decides, the others change nothing. */
  listRead(reply: Reply): void {
    this.decide((reply.exchange.response?.bodyBytes ?? 0) > LARGE_LIST_BYTES);
  }

  /**
   * Sends a request that may get the whole list, and reads its answer: at once, or, once the first list was large,
   * after the reads of it queued before have ended. A suite's checks side by side held several bodies of megabytes at
   * once, each until parsed (three checks that read the list with other query parameters, or the scheme's case
   * changed): at 100,000 categories a run peaked at about 280 MB where it took about 255 one at a time, in no more time,
   * the target sending one list after another all the same.
   */
  oneAtATime<T>(read: () => Promise<T>): Promise<T> {
    if (!this.large) return read();
    const result = this.lastRead.then(read);
    this.lastRead = result.then(() => undefined, () => undefined);
    return result;
  }

  /**
   * A suite starts: at once, or, once the first list was large, after the suite that entered before it has ended.
   * Returns what to call as it ends.
   */
  async enter(): Promise<() => void> {
    const before = this.last;
    let end!: () => void;
    this.last = new Promise((resolve) => {
      end = () => {
        this.decide(false);
        resolve();
      };
    });
    await Promise.race([this.decided, before]);
    if (this.large) await before;
    return end;
  }
}
