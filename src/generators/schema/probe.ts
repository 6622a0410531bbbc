import fc from 'fast-check';

/**
 * How many values a probe draws, in turn: most probes keep one of the first few draws, and a draw of a whole object
 * (a NewCategory's every property) costs as much as many requests, so a probe draws few first and more only when it
 * must. The most, 200, is enough to find a kind of value one in a few dozen draws gives.
 */
const PROBE_RUNS = [4, 32, 200] as const;

/**
 * `arbitrary.filter(keeps)`, when a probe of it finds any value it keeps; undefined when none of its first draws is
 * kept. fast-check's filter draws until a value is kept, so a filter nothing passes (a pattern no value of the
 * schema's lengths matches) would never end: a generator asks here first, and reports the constraint it cannot meet.
 */
export function filtered<T>(arbitrary: fc.Arbitrary<T>, keeps: (value: T) => boolean): fc.Arbitrary<T> | undefined {
  return firstKept(arbitrary, keeps) === undefined ? undefined : arbitrary.filter(keeps);
}

/**
 * The first value of the arbitrary's draws that `keeps` keeps (the same for the same seed: 0 unless given); undefined
 * when none is.
 */
export function firstKept<T>(arbitrary: fc.Arbitrary<T>, keeps: (value: T) => boolean = () => true, seed = 0): T | undefined {
  // The draws of one seed are the same values in the same order however many are drawn: each round's draws begin
  // with the last round's, so the first value kept is the one a single round of 200 would find.
  for (const numRuns of PROBE_RUNS) {
    const kept = fc.sample(arbitrary, { seed, numRuns }).find(keeps);
    if (kept !== undefined) return kept;
  }
  return undefined;
}
