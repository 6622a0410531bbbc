import type { TaskMeta } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import type { Cause } from '../rules/cause.js';
import type { Parameter } from '../spec/types.js';

/**
 * What the worker reports to the runner about each check and each suite file, in vitest's task meta: the types, the
 * one writer of each (in the worker: defineSuite, the audit tests, SuiteState) and its one reader (the runner's
 * ResultCollector).
 */

/** A generated check's reproduction data. */
export interface GeneratedMeta {
  readonly seed: number;
  readonly numRuns: number;
  /** fast-check's path to the shrunk counterexample: with the seed, replays exactly that case. */
  readonly path?: string;
  readonly counterexample?: string;
  readonly numShrinks?: number;
  /** Shrinking stopped before the smallest case because the check's writes ran out. */
  readonly shrinkingCut?: true;
}

/** What a check reports about itself, beyond passed/failed: carried from the worker in vitest's task meta. */
export interface CheckMeta {
  readonly rule: string;
  readonly suite: string;
  /** Readable check name, without the rule id. */
  readonly name: string;
  /**
   * `check`: sends its own requests; `closing`: judges what the suite's checks did, from the list at its end;
   * `audit`: judges every exchange of the suite. Only a `check` can be replayed on its own.
   */
  readonly kind?: CheckKind;
  /**
   * Set when the check was not run because it would write: the write budget could not cover it, or the run is
   * read-only (a production target). The run is then partial.
   */
  readonly withheld?: Withheld;
  /** The exchanges that show the outcome: the failing ones first, capped; a passed check's fewer, abridged (checks/evidence.ts). */
  readonly exchanges: readonly Exchange[];
  /** How many exchanges the check made or judged in all. */
  readonly exchangeCount: number;
  /** Categories the check's own requests created, or may have (see WriteBudget); absent: none. */
  readonly writes?: number;
  /** The id of the exchange a failure points at. */
  readonly failedExchange?: string;
  /** The trace id every request of the check carried in its `traceparent` (see CheckRequests.traceId). */
  readonly traceId?: string;
  /** For INFO rules: what the target did. */
  readonly observation?: string;
  /** The text hazards the check's requests carried (`description:crlf`: generators/text-hazards.ts), once it ran. */
  readonly hazards?: readonly string[];
  /** For a check skipped over another rule's problem (see SkippedOver): the rule that must have failed for it. */
  readonly dependsOn?: string;
  /** For a failure that follows from another rule's failure (see Cause): that rule, and why. */
  readonly follows?: Cause;
  readonly generated?: GeneratedMeta;
  /** Set when an audit had nothing to judge: such a test is no check and is left out of results. */
  readonly notApplicable?: string;
  /**
   * Set on a check of a rule the selection does not report, run only for the exchanges an audit `--only` names judges
   * (see runsChecksOf): no result, though a crash of its is the run's error all the same.
   */
  readonly unreported?: true;
  /**
   * Set on a suite's declaration that its rule does not apply to the spec in use, and why (CREATE-4 where the spec
   * forbids properties it does not define): no check, but the rule is not left unjudged either.
   */
  readonly ruleNotApplicable?: string;
}

export type CheckKind = 'check' | 'closing' | 'audit';

/**
 * Why a check was not run or could not judge, for a reason that is not another rule's: the write budget, the top-up
 * allowance, a read-only run, a rate limit the suite did not wait out, or a target that created categories on too many requests it had to
 * refuse (see WriteBudget). Any of them makes a verdict partial, unless a MUST failure makes it non-conformant.
 */
export type Withheld = 'budget' | 'top-up' | 'read-only' | 'rate-limit' | 'stray-writes';

/** How the run brought a short list to the length the list checks need (see CheckRequests.topUp). */
export interface TopUp {
  /** The categories the list held before. */
  readonly listed: number;
  /** The length the list was brought to. */
  readonly to: number;
  /** The categories the run added for it. */
  readonly added: number;
}

/** A category the run created on the target, as report.json lists it for clean-up. */
export interface CreatedRecord {
  /** The id as the response showed it: an exact integer as text, or a string id; null when it showed none. */
  readonly id: string | null;
  /** The name as the response showed it, or else as the request sent it. */
  readonly name: unknown;
  /** The exchange whose 2xx showed it, or the refused request that created it nonetheless. */
  readonly exchange: string;
  /** Set when the category was created by a request that was refused. */
  readonly despiteRefusal?: true;
}

/** What one shared set of requests spent (see Shared), for report.json. */
export interface SharedWrites {
  readonly name: string;
  readonly writes: number;
}

/** How many values of a part of the spec (a property, a parameter) the requests held: valid ones, and invalid ones. */
export interface Tally {
  valid: number;
  invalid: number;
}

/**
 * How much of the spec a suite file's requests exercised: requests by operation (its key; a path variant under its
 * operation's), NewCategory values by property, list query values by parameter; and the properties the suite sends no
 * value of, with why (see NewCategoryBodies.unexercised).
 */
export interface CoverageCounts {
  readonly operations: Readonly<Record<string, number>>;
  readonly properties: Readonly<Record<string, Tally>>;
  readonly parameters: Readonly<Record<string, Tally>>;
  readonly unsent: readonly { readonly property: string; readonly why: string }[];
}

/** How coverage names a parameter: `GET /categories ?limit` (a query parameter), `POST /categories header Idempotency-Key`. */
export function parameterName(operation: string, parameter: Pick<Parameter, 'in' | 'name'>): string {
  return parameter.in === 'query' ? `${operation} ?${parameter.name}` : `${operation} ${parameter.in} ${parameter.name}`;
}

/** What a suite reports as its checks run: its own requests and creations, and the run's counters so far. */
export interface SuiteTotals {
  /** How many requests the file's checks sent. */
  readonly requests: number;
  /** The categories the file's checks created. */
  readonly created: readonly CreatedRecord[];
  /** The writes the whole run had spent, or has under way (see WriteBudget). */
  writesUsed: number;
  /** The requests that could create (POSTs) the whole run had sent. */
  posts: number;
  /** What the requests its checks shared spent (see Shared). */
  readonly sharedWrites: readonly SharedWrites[];
  /** The top-up of a short list, when the run made one. */
  readonly topUp?: TopUp;
  /** The time the whole run had had a request open on the target (ms). */
  readonly waitingOnTargetMs: number;
  /** When the run's first request was sent (ms since the Unix epoch: the worker's performance.timeOrigin based); undefined before any. */
  readonly firstRequestAt: number | undefined;
  /** The response body bytes the whole run had read. */
  readonly bytesReceived: number;
  /** How much of the spec the file's requests exercised. */
  readonly coverage: CoverageCounts;
  /** Set once the target stopped answering for good (see CircuitBreaker.gone): why. */
  readonly targetGone?: string;
}

// TaskMeta is declared by vitest's runner package, which vitest re-exports.
declare module '@vitest/runner' {
  interface TaskMeta {
    /** On a test: the check it is (see recordCheck). */
    check?: CheckMeta;
    /** On a suite file: its totals so far (see publishTotals). */
    totals?: SuiteTotals;
  }
}

/** In the worker: records what a check is and what it found, for the runner. */
export function recordCheck(task: { readonly meta: TaskMeta }, check: CheckMeta): void {
  task.meta.check = check;
}

/** In the runner: what a test recorded of its check; undefined for a test that never ran as one. */
export function recordedCheck(test: { meta(): TaskMeta }): CheckMeta | undefined {
  return test.meta().check;
}

/** In the worker: a suite's totals as they stand, as each check starts and ends, in its describe block's meta. */
export function publishTotals(meta: TaskMeta, totals: SuiteTotals): void {
  meta.totals = totals;
}

/**
 * In the worker: the run's write counts alone, with every write before it is sent (the rest of the totals is
 * published as checks start and end: copying the created list with every write would grow with its square).
 */
export function publishWriteCounts(meta: TaskMeta, counts: Pick<SuiteTotals, 'writesUsed' | 'posts'>): void {
  if (meta.totals) Object.assign(meta.totals, counts);
}

/** In the runner: what a suite published in its describe block; undefined when no check of it ran. */
export function publishedTotals(suite: { meta(): TaskMeta }): SuiteTotals | undefined {
  return suite.meta().totals;
}
