/**
 * The write plans of a run's checks, queued as they are declared and made a wave at a time (see SUITE_WAVES): as the
 * first suite of a wave starts, every check of that wave and of the waves before it not planned yet reserves its
 * writes, in the order they were declared, another shard's checks included (counted, not run). The waves before have
 * given back what they did not spend by then, as the suites before did when suites ran one after another.
 */
export class WavePlans {
  private readonly queued: (() => void)[][] = [];

  /** Queues the plan of a check of wave `wave`. */
  add(wave: number, plan: () => void): void {
    (this.queued[wave] ??= []).push(plan);
  }

  /** Makes every plan queued for waves up to `wave`, once. */
  planThrough(wave: number): void {
    for (let w = 0; w <= wave; w++) {
      const plans = this.queued[w] ?? [];
      this.queued[w] = [];
      for (const plan of plans) plan();
    }
  }
}
