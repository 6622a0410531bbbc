import { LONG_LIST } from '../rules/long-list.js';

/** The three ways the tool is used; `--profile` picks one, and each of its defaults can still be set on its own. */
export type ProfileName = 'staging' | 'ci' | 'certify';

/** The defaults that fit one use. */
export interface Profile {
  readonly name: ProfileName;
  /** What the profile is for, for --help and the console. */
  readonly use: string;
  /** Most categories a run may create (`--max-writes`); undefined: no limit. */
  readonly maxWrites?: number;
  /** Most categories a run may add to bring a short list to the length the list checks need (`--top-up`). */
  readonly topUp: number;
  /** Cases per generated property (`--runs`). */
  readonly numRuns: number;
  /** Cases per generated property whose every case may create a category (`--create-runs`); undefined: `numRuns`. */
  readonly createRuns?: number;
  readonly concurrency: number;
  readonly timeoutMs: number;
  /** Whether a partial verdict fails the exit code (`--fail-on-partial`). */
  readonly failOnPartial: boolean;
  /** Whether the run also writes certificate.json (`--certify`). */
  readonly certify: boolean;
}

/**
 * Every profile. `staging` is the default for a URL target: a shared, long-lived environment, where every category a
 * run creates stays (the contract has no delete), so a full verdict must cost few writes; `ci` is the default for the
 * bundled reference server, which like a fresh build in CI is private to the run and thrown away after it.
 */
export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  staging: {
    name: 'staging',
    use: 'a shared, long-lived environment (staging before a release): a full verdict for about 90 new categories a run',
    // The examples and the generated cases that create (8 each): 95 created against a target that keeps the contract
    // (docs/using.md, held to a run by test/e2e/deployment.test.ts); shrinking a failure takes what is left.
    maxWrites: 100,
    topUp: LONG_LIST,
    numRuns: 25,
    // A generated case that creates leaves a category behind for good: 8 a property, beside the examples, which try
    // every case the catalogue names. The properties whose cases create nothing (refusals, reads) keep all 25.
    createRuns: 8,
    // Polite to an environment others use; enough for ids given concurrently (MODEL-2).
    concurrency: 8,
    timeoutMs: 10_000,
    failOnPartial: false,
    certify: false,
  },
  ci: {
    name: 'ci',
    use: 'a fresh server build in CI, thrown away after the run: writes cost nothing',
    topUp: LONG_LIST,
    numRuns: 25,
    concurrency: 32,
    timeoutMs: 10_000,
    // Without a budget, a run is partial only by the user's own choice (--only, --skip, --read-only) or a long 429:
    // a CI gate that must not pass on a partial verdict adds --fail-on-partial (the GitHub Action does).
    failOnPartial: false,
    certify: false,
  },
  certify: {
    name: 'certify',
    use: 'an implementer certifying their own server: four times the generated cases, a full verdict required, certificate.json written',
    topUp: LONG_LIST,
    numRuns: 100,
    concurrency: 32,
    timeoutMs: 10_000,
    failOnPartial: true,
    certify: true,
  },
};

/** The profile a run gets when `--profile` is not given: `ci` for the bundled reference server, `staging` for a URL. */
export function defaultProfile(reference: boolean): ProfileName {
  return reference ? 'ci' : 'staging';
}
