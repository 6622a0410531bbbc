import fc from 'fast-check';

/**
 * An arbitrary that draws each case once for two readers: the sample that sends cases ahead of their turn (see
 * CasesAhead) and fast-check's run of the property, which draw the same cases from one seed, in the same order. Each
 * reader's n-th draw is the n-th value drawn by either, first: a case's value is then the very one both see, generated
 * once, and held only until fast-check's run draws it. A case's random generator is its own (fast-check derives it
 * from the seed and the case's index, and no draw changes the next one's), so the value a reader did not draw itself is
 * the one it would have drawn.
 */
export class RecordedArbitrary<T> extends fc.Arbitrary<T> {
  /** The values drawn ahead of fast-check's run, by the case's index; each goes once fast-check's run has drawn it. */
  private readonly drawn: (fc.Value<T> | undefined)[] = [];
  /** How many cases fast-check's run drew so far; the sample counts its own draws (see {@link sample}). */
  private runDraws = 0;
  private sampleDraws?: number;

  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }

  /**
   * The first `numRuns` values the property draws with `seed`, as `fc.sample` gives them, but for those fast-check's
   * run drew already (undefined: no reader needs them again, and they are not drawn twice).
   */
  sample(seed: number, numRuns: number): (T | undefined)[] {
    this.sampleDraws = 0;
    try {
      return fc.sample(this, { seed, numRuns });
    } finally {
      this.sampleDraws = undefined;
    }
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    if (this.sampleDraws === undefined) {
      const index = this.runDraws++;
      const drawn = this.drawn[index] ?? this.inner.generate(mrng, biasFactor);
      this.drawn[index] = undefined;
      return drawn;
    }
    const index = this.sampleDraws++;
    if (index < this.runDraws) return DRAWN_BY_THE_RUN as fc.Value<T>;
    const drawn = this.drawn[index] ?? this.inner.generate(mrng, biasFactor);
    this.drawn[index] = drawn;
    return drawn;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/** What the sample gets for a case fast-check's run drew already: nothing. */
const DRAWN_BY_THE_RUN = new fc.Value(undefined, undefined);
