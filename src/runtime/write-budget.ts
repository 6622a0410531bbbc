/**
 * The write budget (`--max-writes`): a cap on the categories a run may create on the target, which stay there (the
 * contract has no delete). A write is one category created, or possibly created:
 *
 * - A request meant to create (a valid body with the valid key, or a case the contract leaves open) holds one write
 *   of its check's reservation while it is under way. Answered 2xx, or not answered at all once sent (the target
 *   may have stored it), the write is spent; refused, it goes back to the check, which may use it again.
 * - A request the contract says must be refused (no or a wrong credential, an invalid body) holds none: a target
 *   that keeps the contract creates nothing on it. If it answers 2xx all the same, the write is spent as a stray
 *   one, and so is a category the closing checks find created despite a refusal. Under a limit, after
 *   {@link STRAY_WRITES} of those of one kind, generated requests of that kind are no longer sent: the target has
 *   shown that every one may leave a category behind. The examples always are (about 70 that must be refused for
 *   their credential, about 65 for their body), so that each case they name is judged.
 *
 * Checks reserve what they may need before they start and give back what they did not use; a check that cannot
 * reserve all it needs is skipped, never run in part. Shrinking a generated check's failure takes what is left.
 */
export class WriteBudget {
  private reserved = 0;
  private spent = 0;
  /** Writes held by requests under way (see Reservation.hold). */
  private underWay = 0;
  private readonly strays: Record<RefusalKind, number> = { credential: 0, body: 0 };
  /** Reservations of checks under way (see Reservation.begin), which give back what they did not spend as they end. */
  private running = 0;
  /** Checks under way that wait for a write to come back (see {@link writeReturned}). */
  private readonly borrowers = new Set<() => void>();

  /** `limit` may be Infinity: a private target (the bundled reference, a CI build) is discarded after the run. */
  constructor(readonly limit: number) {}

  /** Writes neither spent nor reserved. */
  get available(): number {
    return this.limit - this.reserved - this.spent;
  }

  /** Writes the run has spent: categories it created, or may have. */
  get used(): number {
    return this.spent;
  }

  /**
   * Writes spent, and those held by requests under way: what the run may have created, should it stop now (an
   * interrupted run may not hear back from them, and the target may store them all the same).
   */
  get usedOrUnderWay(): number {
    return this.spent + this.underWay;
  }

  /** @internal A write held by a request about to be sent, or settled once it is answered. */
  countUnderWay(change: 1 | -1): void {
    this.underWay += change;
  }

  /**
   * Whether generated requests that must be refused for this reason may still be sent: without a limit (a target of
   * the run's own) always, else while the target has not created on too many of them.
   */
  refusalsMaySend(kind: RefusalKind): boolean {
    return this.limit === Number.POSITIVE_INFINITY || this.strays[kind] < STRAY_WRITES;
  }

  /** Reserves `writes` for one check, or returns undefined when fewer are available. */
  reserve(writes: number): Reservation | undefined {
    if (writes > this.available) return undefined;
    this.reserved += writes;
    return new Reservation(this, writes);
  }

  /**
   * Counts `writes` as reserved even beyond what is available, for good: another shard's checks, which one run would
   * have reserved here (see RunSettings.shard). What they spend or give back, this shard cannot know.
   */
  reserveAnyway(writes: number): void {
    this.reserved += writes;
  }

  /** Reserves one more write for a reservation that ran out, when one is available (see Reservation.hold). */
  borrowOne(): boolean {
    if (this.available < 1) return false;
    this.reserved++;
    return true;
  }

  /** A category created by a request that had to be refused: spent beyond any reservation. */
  spendStray(kind: RefusalKind): void {
    this.spent++;
    this.strays[kind]++;
  }

  /** @internal Moves one write from reserved to spent. */
  spendReserved(): void {
    this.reserved--;
    this.spent++;
  }

  /** @internal Gives back reserved writes that were not used. */
  releaseReserved(writes: number): void {
    this.reserved -= writes;
    if (writes > 0) this.wakeBorrowers();
  }

  /** @internal A check holding a reservation started, or ended (see Reservation.begin). */
  countRunning(change: 1 | -1): void {
    this.running += change;
    if (change < 0) this.wakeBorrowers();
  }

  /**
   * For a check under way whose borrow found nothing left: waits until a write may have come back, and resolves true
   * (borrow again), or false at once when no other check under way is left to give one back. The suites of a wave run
   * side by side: a borrow that, run one after another, found what the checks before it gave back, finds it once
   * they end. Checks that all wait for each other give up.
   */
  writeReturned(): Promise<boolean> {
    if (this.running - this.borrowers.size - 1 <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => resolve(true);
      this.borrowers.add(wake);
    });
  }

  /** Wakes every check waiting for a write to come back: each borrows again, or gives up. */
  private wakeBorrowers(): void {
    const waiting = [...this.borrowers];
    this.borrowers.clear();
    for (const wake of waiting) wake();
  }
}

/**
 * Why a request must be refused: for want of a valid credential (AUTH), or for an invalid body (CREATE-2), which
 * stands for an invalid request of any kind (a parameter left out or against its schema too).
 */
export type RefusalKind = 'credential' | 'body';

/**
 * Stray writes of one kind after which generated requests that must be refused for that reason are not sent any more. Each of them is already a MUST
 * failure (a 2xx to a request that had to be refused, or a category created despite a 401 or 400), so the verdict
 * is settled; ten is enough to show that the target does it again and again, not once.
 */
export const STRAY_WRITES = 10;

/** The writes reserved for one check. */
export class Reservation {
  private left: number;
  private holding = 0;
  private released = false;
  private begun = false;
  private borrowed = 0;
  /** Borrows allowed beyond as many as reserved (see {@link forgive}). */
  private forgiven = 0;

  constructor(private readonly budget: WriteBudget, readonly writes: number) {
    this.left = writes;
  }

  /**
   * Holds one write for a request about to be sent; false when none is left (the request must not be sent). With
   * `borrow`, a reservation that ran out takes one more from what the budget has left, up to as many again as it
   * reserved (and as many as it was forgiven): shrinking a failure of a generated check, which reserves for its cases
   * only, since a target that keeps the contract never makes it shrink. (Without the bound, shrinking against a target
   * of no budget could go on for hundreds of requests.)
   */
  hold(borrow = false): boolean {
    if (this.left <= 0) {
      if (!borrow || this.released || this.borrowed >= this.writes + this.forgiven || !this.budget.borrowOne()) return false;
      this.borrowed++;
    } else {
      this.left--;
    }
    this.holding++;
    this.budget.countUnderWay(1);
    return true;
  }

  /** Settles a held write: spent when the request created a category (or may have), else back to the check. */
  settle(created: boolean): void {
    if (this.holding <= 0) return;
    this.holding--;
    this.budget.countUnderWay(-1);
    if (!created) {
      if (this.released) this.budget.releaseReserved(1);
      else this.left++;
      return;
    }
    this.budget.spendReserved();
  }

  /**
   * Allows `writes` more borrows: writes spent on generated cases sent ahead of their turn that no case judged, which,
   * sent one by one, would have been left for shrinking. What is borrowed still comes from what the budget has left.
   */
  forgive(writes: number): void {
    this.forgiven += writes;
  }

  /** Gives back what was not spent. Idempotent; a write still held goes back when it is settled unspent. */
  release(): void {
    const ending = this.begun && !this.released;
    this.budget.releaseReserved(this.left);
    this.left = 0;
    this.released = true;
    if (ending) this.budget.countRunning(-1);
  }

  /** Its check has started: until it releases the reservation, what it gives back may serve a borrow (see WriteBudget.writeReturned). */
  begin(): void {
    if (this.begun || this.released) return;
    this.begun = true;
    this.budget.countRunning(1);
  }
}
