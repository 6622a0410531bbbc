import fc from 'fast-check';

/** How many values a probe draws: enough to find a kind of value one in a few dozen draws gives. */
const PROBE_RUNS = 200;

/**
 * `arbitrary.filter(keeps)`, when a probe of it finds any value it keeps; undefined when none of its first draws is
 * kept. fast-check's filter draws until a value is kept, so a filter nothing passes (a pattern no value of the
 * schema's lengths matches) would never end: a generator asks here first, and reports the constraint it cannot meet.
 */
export function filtered<T>(arbitrary: fc.Arbitrary<T>, keeps: (value: T) => boolean): fc.Arbitrary<T> | undefined {
  return firstKept(arbitrary, keeps) === undefined ? undefined : arbitrary.filter(keeps);
}

/** The first value of the arbitrary's draws (the same on every run) that `keeps` keeps; undefined when none is. */
export function firstKept<T>(arbitrary: fc.Arbitrary<T>, keeps: (value: T) => boolean = () => true): T | undefined {
  return fc.sample(arbitrary, { seed: 0, numRuns: PROBE_RUNS }).find(keeps);
}
