import fc from 'fast-check';

/** How a case run ahead of its turn ended: what its predicate returned or threw. */
export type CaseOutcome = { readonly threw: false } | { readonly threw: true; readonly error: unknown };

/** A case started ahead of its turn: the value it was given, and how it ends. */
interface CaseAhead<T, C> {
  readonly value: T;
  readonly shown: string;
  readonly started: C;
  readonly outcome: Promise<CaseOutcome>;
}

/** What running cases ahead needs: how to start one, and how far ahead it may go. */
export interface AheadPlan<T, C> {
  readonly arbitrary: fc.Arbitrary<T>;
  readonly seed: number;
  readonly numRuns: number;
  /** Most cases under way at once, the one whose turn it is among them. */
  readonly window: number;
  /** Starts a case: what it returns is handed back when the case's turn comes (see {@link CasesAhead.take}). */
  start(value: T): { readonly started: C; readonly done: Promise<void> };
}

/**
 * A generated check's cases, sent before the ones ahead of them are answered: fast-check hands a property its cases one
 * at a time, each once the one before is judged, so that a property of 25 cases of one request takes 25 round trips
 * where the run may have 8 requests in flight. The values fast-check will draw are known from the seed (`fc.sample`
 * draws the same ones, in the same order), so up to `window` cases go out at once, and fast-check, still in charge,
 * takes each one's outcome in its turn: the same cases are judged in the same order, and a failure shrinks as before.
 *
 * Only cases fast-check is sure to draw are sent: as many as the cases it still needs that are not yet under way (each
 * case under way may pass), so that a run whose every case passes sends exactly the cases it sent one by one. A case
 * that fails ends the cases ahead: those under way are waited for, and shrinking runs its cases one at a time.
 */
export class CasesAhead<T, C> {
  private readonly drawn: T[] = [];
  private readonly ahead: CaseAhead<T, C>[] = [];
  /** Cases whose turn came, and of them those a precondition rejected: fast-check draws another for each. */
  private taken = 0;
  private rejected = 0;
  private ended = false;

  constructor(private readonly plan: AheadPlan<T, C>) {}

  /**
   * The case whose turn it is, with `value`: the one started ahead with that value, or undefined where none was (the
   * cases ahead have ended, or fast-check drew another value than the sample: the case is then run in its turn).
   */
  take(value: T): CaseAhead<T, C> | undefined {
    if (this.ended) return undefined;
    this.fill();
    const next = this.ahead.shift();
    this.taken++;
    if (next && next.shown === fc.stringify(value)) return next;
    // A value other than the sample's: a generator with a state of its own. No case is run ahead from here on.
    if (next) this.ahead.unshift(next);
    this.ended = true;
    return undefined;
  }

  /** A precondition rejected the case taken: fast-check draws one more. */
  reject(): void {
    this.rejected++;
  }

  /** Ends the cases ahead: starts no more, and waits for those under way; returns what they started. */
  async end(): Promise<readonly C[]> {
    this.ended = true;
    const left = this.ahead.splice(0);
    await Promise.all(left.map((c) => c.outcome));
    return left.map((c) => c.started);
  }

  /** Starts the cases fast-check is sure to draw, up to the window. */
  private fill(): void {
    const { window, numRuns } = this.plan;
    // Unless a case fails, fast-check draws until numRuns cases were not rejected.
    const sure = numRuns + this.rejected;
    while (!this.ended && this.ahead.length < window && this.taken + this.ahead.length < sure) {
      const value = this.valueAt(this.taken + this.ahead.length);
      const { started, done } = this.plan.start(value);
      const outcome = done.then((): CaseOutcome => ({ threw: false }), (error: unknown): CaseOutcome => ({ threw: true, error }));
      this.ahead.push({ value, shown: fc.stringify(value), started, outcome });
    }
  }

  /** The value fast-check draws for its case `index` from the seed: it samples as many as it needs, and again for more. */
  private valueAt(index: number): T {
    if (index >= this.drawn.length) {
      const numRuns = Math.max(index + 1, this.drawn.length * 2, this.plan.numRuns);
      this.drawn.splice(0, this.drawn.length, ...fc.sample(this.plan.arbitrary, { seed: this.plan.seed, numRuns }));
    }
    return this.drawn[index] as T;
  }
}
