import type { CheckContext } from './context.js';
import type { SharedWrites } from '../protocol/check-meta.js';
import type { WriteBudget, Reservation } from '../runtime/write-budget.js';

/**
 * Requests that several checks judge: sent once, by the first check that needs them, and paid for from a
 * reservation of their own. The create suite's examples are one: each example's check judges its own category, and
 * MODEL-2 judges that the categories, created all at once, got different ids, without creating any of its own.
 */
export class Shared<T> {
  private reservation?: Reservation;
  private unaffordable = false;
  private outcome?: Promise<T>;
  private spentBy?: CheckContext;

  constructor(
    /** What the requests are, for messages and the report: `the CREATE-1 examples, created at once`. */
    readonly name: string,
    /** The most categories the requests may create. */
    readonly writes: number,
    private readonly send: (t: CheckContext) => Promise<T>,
  ) {}

  /**
   * Reserves the writes once, when the first check that uses them is declared; false when the budget cannot cover
   * them (then every check that uses them is skipped, as a check that cannot reserve its own writes is).
   */
  reserve(budget: WriteBudget): boolean {
    if (this.writes === 0 || this.reservation) return true;
    if (this.unaffordable) return false;
    const reservation = budget.reserve(this.writes);
    if (!reservation) this.unaffordable = true;
    else this.reservation = reservation;
    return reservation !== undefined;
  }

  /** The outcome, sending the requests on the first call through a context that `context` makes with the reservation. */
  get(context: (reservation: Reservation | undefined) => CheckContext): Promise<T> {
    if (!this.outcome) {
      const t = context(this.reservation);
      this.spentBy = t;
      this.outcome = this.send(t).finally(() => this.reservation?.release());
    }
    return this.outcome;
  }

  /** What the requests spent, once sent. */
  spent(): SharedWrites | undefined {
    return this.spentBy ? { name: this.name, writes: this.spentBy.spentWrites } : undefined;
  }
}
