import type { Selection } from '../rules/selection.js';
import type { SpecModel } from '../spec/types.js';
import type { ClientSettings } from '../http/client.js';

/**
 * How a run checks, as its command line decided: each value parsed once from the option table (cli/options.ts,
 * over the profile's defaults) and carried as it is to the runner, the worker and its HTTP client. An option that
 * changes how the run checks is a field here, and nowhere else on the way.
 */
export interface Settings extends ClientSettings {
  /** The deadline of each request, in milliseconds (`--timeout`). */
  readonly timeoutMs: number;
  /** Larger responses fail HTTP-1 (`--max-response-bytes`). */
  readonly maxResponseBytes: number;
  /** Cases per generated (fast-check) property (`--runs`). */
  readonly numRuns: number;
  /** Cases per generated property whose every case may create a category: fewer where each stays on the target. */
  readonly createRuns: number;
  /** The write budget (`--max-writes`): most categories the run may create; absent: no limit (see WriteBudget). */
  readonly maxWrites?: number;
  /**
   * Most categories the run may add, beyond the budget, to bring a list shorter than LONG_LIST (rules/long-list.ts) to that length
   * (`--top-up`); 0: none, and the checks that need a long list are skipped on a shorter one.
   */
  readonly topUp: number;
  /** Why the run may not create anything (a production target, --read-only); absent: it may. */
  readonly readOnly?: string;
  /** Requests in flight at once (`--concurrency`), and started per second (`--rate`; absent: no limit). */
  readonly concurrency: number;
  readonly rate?: number;
  /** TLS: a CA (PEM, read from `--ca`) to trust besides the system's, and whether to skip verification (`--insecure`). */
  readonly ca?: string;
  readonly insecure: boolean;
  /** The rules to check (`--only`, `--skip`); absent: all. */
  readonly selection?: Selection;
  /**
   * Whether a value that breaks a format the spec's validators know (date-time, email, uri…) is an invalid value that
   * must be refused (`--assert-formats`); else formats are annotations, as OpenAPI makes them, and none is broken.
   */
  readonly assertFormats: boolean;
}

/** What the runner hands every suite: the run's settings, and the target, the key and the run's identity. */
export interface RunSettings extends Settings {
  /** Base URL of the target, ending in the version segment. */
  readonly target: string;
  /**
   * What the target is: a deployment (`url`), whose categories a later run finds, or the bundled reference server
   * (`reference`), started for this run alone and gone with it.
   */
  readonly targetKind: 'url' | 'reference';
  /** The key the checks send as `Authorization: Bearer <key>`. */
  readonly apiKey: string;
  /**
   * Every value the run must never print or write, the key among them: the run's redactor was built from them in the
   * CLI, and the worker builds its own from them (a Redactor does not cross to it; its secrets do).
   */
  readonly secrets: readonly string[];
  /** Values redacted only where they appear whole, as the command line's own secrets are (see Redactor). */
  readonly wholeSecrets: readonly string[];
  /** Seeds all generated data; each check derives its own from it and its name. */
  readonly seed: number;
  /** Distinguishes this run's categories on the target from every other run's. */
  readonly runId: string;
  /**
   * Set when the run is one shard of several (`--shard`): it runs only the checks of these suites. It declares the
   * others' all the same, unrun, so that it reserves the whole run's writes in the order one run does, the others'
   * whether they fit or not. What the other shards give back unused it cannot know, and counts as spent: no check
   * fits a shard's budget that would not fit one run's, and the shards together spend no more than one run may
   * (but for what shrinking a failure borrows, see Reservation.hold).
   */
  readonly shard?: { readonly index: number; readonly count: number; readonly suites: readonly string[] };
  /** Set when the run replays one check of an earlier report (`--replay`): only that check runs. */
  readonly replay?: Replay;
  readonly spec: SpecModel;
  /** Whether the build compiled the spec's validators to code (the bundled spec): the worker loads them instead of ajv. */
  readonly prebuiltValidators: boolean;
}

/** One check to run again, with the generated case it failed on. */
export interface Replay {
  /** The check's title: `<rule> <name>`. */
  readonly title: string;
  /** fast-check's path to the recorded counterexample; with the check's seed, it selects exactly that case. */
  readonly path?: string;
  /** The recorded check's own seed, for a generated check (derived from the run's, but taken as recorded). */
  readonly checkSeed?: number;
}

/**
 * The key the runner provides the settings under (vitest's provide), and the worker injects them by: the settings of
 * each run the vitest run serves, by slot (see protocol/slots.ts); one run's alone, most often.
 */
export const SETTINGS_KEY = 'settings';

declare module 'vitest' {
  interface ProvidedContext {
    [SETTINGS_KEY]: readonly RunSettings[];
  }
}
