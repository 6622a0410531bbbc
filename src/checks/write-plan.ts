import type { Withheld } from '../protocol/check-meta.js';
import type { Reservation, WriteBudget } from '../runtime/write-budget.js';
import type { Shared } from './shared.js';

/** What a check may create, planned as its suite starts: the writes reserved for it, or why it is withheld. */
export interface WritePlan {
  readonly reservation?: Reservation;
  readonly withheld?: { readonly why: Withheld; readonly reason: string };
}

/**
 * Plans each check's writes from the run's budget, in the order the checks are declared: suites start in their fixed
 * order (see SUITE_WAVES), so the plan is the same on every run. A check that creates nothing needs no plan.
 */
export class WritePlanner {
  /** The shared requests of another shard's checks whose writes are counted already. */
  private readonly othersShared = new Set<Shared<unknown>>();

  constructor(
    private readonly budget: WriteBudget,
    /** Why the run is read-only (`--read-only`, `--env production`); undefined when it may write. */
    private readonly readOnly: string | undefined,
    /** Whether the checks run here: false for another shard's, which are declared only to count their writes. */
    private readonly runsHere: boolean,
  ) {}

  /** The plan of a check that may create `writes` categories and judges the shared requests `uses`. */
  plan(writes: number, uses: readonly Shared<unknown>[]): WritePlan {
    if (writes + uses.reduce((sum, s) => sum + s.writes, 0) === 0) return {};
    if (!this.runsHere) {
      // Another shard's check: counted as one run would count it, whether it fits or not, so that this shard never
      // spends room another shard's check may take.
      const unseen = uses.filter((s) => !this.othersShared.has(s));
      for (const s of unseen) this.othersShared.add(s);
      this.budget.reserveAnyway(writes + unseen.reduce((sum, s) => sum + s.writes, 0));
      return {};
    }
    if (this.readOnly) return { withheld: { why: 'read-only', reason: `this check would create categories, and the run is read-only: ${this.readOnly}` } };
    const unaffordable = uses.find((s) => !s.reserve(this.budget));
    if (unaffordable) return this.short(`the requests it judges (${unaffordable.name}) need`, unaffordable.writes);
    if (writes === 0) return {};
    const reservation = this.budget.reserve(writes);
    return reservation ? { reservation } : this.short('needs', writes);
  }

  private short(what: string, n: number): WritePlan {
    const { available, limit } = this.budget;
    return { withheld: { why: 'budget', reason: `${what} ${n} write${n === 1 ? '' : 's'}, but ${available} of the write budget of ${limit} are left (--max-writes)` } };
  }
}
