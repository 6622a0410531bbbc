import { isDeepStrictEqual } from 'node:util';

/** How a case run ahead of its turn ended: what its predicate returned or threw. */
export type CaseOutcome = { readonly threw: false } | { readonly threw: true; readonly error: unknown };

/** A case started ahead of its turn: the value it was given, and how it ends. */
interface CaseAhead<T, C> {
  readonly value: T;
  readonly started: C;
  readonly outcome: Promise<CaseOutcome>;
}

/** What running cases ahead needs: how to start one, and how far ahead it may go. */
export interface AheadPlan<T, C> {
  /**
   * The first `count` values fast-check draws for the property, in order (see RecordedArbitrary.sample); those of the
   * cases whose turn came may be left out.
   */
  draw(count: number): readonly (T | undefined)[];
  readonly numRuns: number;
  /** Most cases under way at once, the one whose turn it is among them. */
  readonly window: number;
  /** Starts a case: what it returns is handed back when the case's turn comes (see {@link CasesAhead.take}). */
  start(value: T): { readonly started: C; readonly done: Promise<void> };
}

/**
 * How many cases are drawn at a time, from the one needed: each draw walks the stream from its first case, so that
 * drawing one at a time made a property of 1,000 cases walk half a million (a run of `--runs 1000` took 1.3× as long).
 */
const DRAWN_AT_ONCE = 8;

/**
 * A generated check's cases, sent before the ones ahead of them are answered: fast-check hands a property its cases one
 * at a time, each once the one before is judged, so that a property of 25 cases of one request takes 25 round trips
 * where the run may have 8 requests in flight. The values fast-check will draw are known from the seed (`fc.sample`
 * draws the same ones, in the same order: see RecordedArbitrary), so up to `window` cases go out at once, and
 * fast-check, still in charge, takes each one's outcome in its turn: the same cases are judged in the same order, and a
 * failure shrinks as before.
 *
 * Only cases fast-check is sure to draw are sent: as many as the cases it still needs that are not yet under way (each
 * case under way may pass), so that a run whose every case passes sends exactly the cases it sent one by one. A case
 * that fails ends the cases ahead: those under way are waited for, and shrinking runs its cases one at a time.
 */
export class CasesAhead<T, C> {
  /** The values drawn so far, by case index (see AheadPlan.draw). */
  private drawn: readonly (T | undefined)[] = [];
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
    // Its turn, and none started it ahead (the first case, or the one after a precondition's rejection made one more
    // sure): it starts now with fast-check's value, and the cases after it behind it.
    if (this.ahead.length === 0) this.start(value);
    const next = this.ahead.shift();
    this.taken++;
    if (next && isDeepStrictEqual(next.value, value)) {
      this.fill();
      return next;
    }
    // A value other than the one drawn ahead: fast-check drew its cases in another order. None runs ahead from here on.
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

  /**
   * Starts the cases after the one whose turn it is (taken) that fast-check is sure to draw, up to the window, the
   * taken one among them.
   */
  private fill(): void {
    const { window, numRuns, draw } = this.plan;
    // Unless a case fails, fast-check draws until numRuns cases were not rejected.
    const sure = numRuns + this.rejected;
    while (this.ahead.length < window - 1 && this.taken + this.ahead.length < sure) {
      const index = this.taken + this.ahead.length;
      // Drawn some at a time: each draw walks fast-check's stream of cases from the first.
      if (index >= this.drawn.length) this.drawn = draw(Math.min(index + DRAWN_AT_ONCE, sure));
      this.start(this.drawn[index] as T);
    }
  }

  private start(value: T): void {
    const { started, done } = this.plan.start(value);
    const outcome = done.then((): CaseOutcome => ({ threw: false }), (error: unknown): CaseOutcome => ({ threw: true, error }));
    this.ahead.push({ value, started, outcome });
  }
}
