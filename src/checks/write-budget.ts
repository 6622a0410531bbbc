/**
 * The write budget (`--max-writes`): a cap on the categories a run may create on the target. Every request
 * that could create counts (every request but a GET: a server that breaks the contract can create on a refused
 * or invalid POST), so the cap holds on any server. Checks reserve what they may need before they start and
 * give back what they did not use; a check that cannot reserve all it needs is skipped, never run in part.
 */
export class WriteBudget {
  private reserved = 0;
  private spent = 0;

  /** `limit` may be Infinity: the bundled reference server is private to the run and discarded after it. */
  constructor(readonly limit: number) {}

  /** Writes neither spent nor reserved. */
  get available(): number {
    return this.limit - this.reserved - this.spent;
  }

  /** Writes the run has made. */
  get used(): number {
    return this.spent;
  }

  /** Reserves `writes` for one check, or returns undefined when fewer are available. */
  reserve(writes: number): Reservation | undefined {
    if (writes > this.available) return undefined;
    this.reserved += writes;
    return new Reservation(this, writes);
  }

  /** @internal Moves one write from reserved to spent. */
  spendReserved(): void {
    this.reserved--;
    this.spent++;
  }

  /** @internal Gives back reserved writes that were not used. */
  releaseReserved(writes: number): void {
    this.reserved -= writes;
  }
}

/** The writes reserved for one check. */
export class Reservation {
  private left: number;

  constructor(private readonly budget: WriteBudget, readonly writes: number) {
    this.left = writes;
  }

  /** Writes still reserved for this check. */
  get remaining(): number {
    return this.left;
  }

  /** Spends one write; false when the reservation is used up (the request must not be sent). */
  spend(): boolean {
    if (this.left <= 0) return false;
    this.left--;
    this.budget.spendReserved();
    return true;
  }

  /** Gives back what was not spent. Idempotent. */
  release(): void {
    this.budget.releaseReserved(this.left);
    this.left = 0;
  }
}
