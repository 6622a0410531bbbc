import { createHash } from 'node:crypto';
import fc from 'fast-check';

/**
 * The seed of one generated check: derived from the run's seed and the check's name, so that each check's
 * cases are reproducible on their own and adding a check does not change the cases of the others.
 */
export function checkSeed(runSeed: number, checkName: string): number {
  return createHash('sha256').update(`${runSeed}\u0000${checkName}`).digest().readInt32BE(0);
}

/** The outcome of running one property. */
export interface PropertyOutcome {
  readonly failed: boolean;
  readonly seed: number;
  readonly numRuns: number;
  readonly path?: string;
  readonly counterexample?: string;
  readonly numShrinks?: number;
  readonly error?: unknown;
}

/**
 * Runs an asynchronous property with fast-check, shrinking any failure to a minimal case. `fc.check` (not
 * `fc.assert`) so that the counterexample, seed and path land in the report.
 */
export async function runProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: { seed: number; numRuns: number; path?: string },
): Promise<PropertyOutcome> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path !== undefined ? { path: options.path, endOnFailure: true } : {}),
  });
  if (!details.failed) return { failed: false, seed: options.seed, numRuns: details.numRuns };
  return {
    failed: true,
    seed: options.seed,
    numRuns: details.numRuns,
    ...(details.counterexamplePath !== null ? { path: details.counterexamplePath } : {}),
    ...(details.counterexample !== null ? { counterexample: visible(fc.stringify(ordinary(details.counterexample[0]))) } : {}),
    numShrinks: details.numShrinks,
    error: details.errorInstance,
  };
}

/**
 * A generated value with its records as ordinary objects: fast-check's records have no prototype, which
 * `fc.stringify` shows as `__proto__:null` in every counterexample.
 */
function ordinary(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordinary);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, ordinary(inner)]));
}

/**
 * Characters a reader cannot see or tell from a space: controls, format characters (zero-width joiners,
 * direction marks), line and paragraph separators, and every space but U+0020.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

/**
 * A counterexample as a person can read it: what cannot be seen is written as its `\uXXXX` escape, so that a
 * name that fails over U+2028 does not look like one with a space. fast-check writes strings as quoted
 * literals, in which the escape means the same character.
 */
export function visible(text: string): string {
  return text.replace(INVISIBLE, (c) => {
    const hex = (c.codePointAt(0) ?? 0).toString(16);
    return c.length > 1 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
  });
}
