import type { RunTimings } from '../core/phases.js';
import type { CheckKind, CreatedRecord, GeneratedMeta, TopUp, Withheld } from '../protocol/check-meta.js';
import type { SharedWrites } from '../protocol/check-meta.js';
import type { Exchange } from '../http/exchange.js';
import type { Level } from '../rules/catalogue.js';
import { checkTitle } from '../protocol/titles.js';
import type { Settings } from '../protocol/settings.js';
import type { Effect, Verdict } from './verdict.js';

/** The verdict and the effects are the policy's (results/verdict.ts); the model carries them. */
export type { Effect, Verdict };

/** The recorded request and response of one check's exchange: what reports show and reproduce. */
export type { Exchange };

/**
 * A check's outcome. INFO checks pass when they observed something. `error`: the suite itself failed in the check (an
 * exception in the check or an audit, a check past its time limit): it judged nothing, and says nothing about the
 * target; the run is then incomplete.
 */
export type Outcome = 'passed' | 'failed' | 'skipped' | 'error';

/** One check's result: the unit of every report. */
export interface CheckResult {
  readonly rule: string;
  readonly level: Level;
  /** The suite (file) it belongs to: `auth`, `create.generated`, `list`… (suites/<suite>.suite.ts). */
  readonly suite: string;
  /** Readable name, unique within its rule. */
  readonly check: string;
  readonly outcome: Outcome;
  /** Why it failed, why it was skipped, or the suite's own error. */
  readonly message?: string;
  /** For INFO rules: what the target did. */
  readonly observation?: string;
  /** The text hazards its requests carried, as `<property>:<hazard>` (`description:crlf`; `body:deep-nesting`). */
  readonly hazards?: readonly string[];
  readonly durationMs: number;
  /** When it started, in ms since the Unix epoch: checks run at once, so a group's time is the union of theirs, not the sum. */
  readonly startedAt?: number;
  /** The exchanges that show the outcome, the failing one first. */
  readonly exchanges: readonly Exchange[];
  readonly exchangeCount: number;
  /** Categories the check's own requests created, or may have (see `writes` of the report); absent: none. */
  readonly writes?: number;
  readonly failedExchange?: string;
  /**
   * For a check that sent requests: the trace id each of them carried in its `traceparent` (`00-<trace id>-<span id>-01`,
   * a span per request), so that the target's logs of every exchange of the check, recorded here or not, join to it.
   */
  readonly traceId?: string;
  readonly generated?: GeneratedMeta;
  /** For a check skipped because another rule's problem left it nothing to judge: that rule. */
  readonly dependsOn?: string;
  /**
   * For a failed check: the rule whose failure is its cause. Its own rule for a failure in its own right; another, with
   * why, for one that follows from that rule's failure (an id a category took that a request which had to be refused
   * created; a status HTTP-1 reports, to a valid create). Absent from reports of versions before causes were told.
   */
  readonly cause?: ResultCause;
  /** Whether it sends its own requests (`check`), judges the suite's from the list at its end (`closing`), or judges every exchange (`audit`). */
  readonly kind: CheckKind;
  /** Set when it was not run because it would write: beyond the write budget, or in a read-only run. */
  readonly withheld?: Withheld;
  /** Set when an expected-failures list names this failed check: it does not count against the verdict. */
  readonly expected?: { readonly reason: string; readonly entry: string };
}

/** The cause of a failure (see CheckResult.cause): a rule, and why the failure follows from it when it is another's. */
export interface ResultCause {
  readonly rule: string;
  readonly why?: string;
}

/** A check's result in a judged report: with what it does to the verdict under the run's policy. */
export interface JudgedResult extends CheckResult {
  readonly effect: Effect;
}

/** The settings as report.json states them: every option that decides how the run checked, absent ones as null. */
export function reportedSettings(profile: string, settings: Settings): RunReport['settings'] {
  const { timeoutMs, maxResponseBytes, numRuns, createRuns, maxWrites, topUp, concurrency, rate, insecure, assertFormats, proxy, clientCertificate } = settings;
  return {
    profile, timeoutMs, maxResponseBytes, numRuns, createRuns, maxWrites: maxWrites ?? null, topUp, concurrency, rate: rate ?? null, insecure, assertFormats,
    // Where the proxy is and which variable named it, never its credentials; the certificate's file and subject, never its key.
    proxy: proxy ? { url: proxy.url, variable: proxy.variable } : null,
    clientCertificate: clientCertificate?.shown ?? null,
  };
}

/** The title that identifies a check across runs: `<rule> <check>`. */
export function titleOf(result: Pick<CheckResult, 'rule' | 'check'>): string {
  return checkTitle(result.rule, result.check);
}

/** Counts of outcomes. */
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Checks in which the suite itself failed (see {@link Outcome}). */
  error: number;
}

/** How a whole rule fared: failed if any of its checks failed, error if the suite failed in any, passed if any passed, else skipped. */
export interface RuleOutcome {
  readonly id: string;
  readonly level: Level;
  readonly requirement: string;
  readonly outcome: Outcome | 'not run' | 'not applicable';
  /** What the rule does to the verdict: its heaviest check's effect, or `partial` for a MUST or SHOULD rule not judged. */
  readonly effect: Effect;
  /** Why a rule does not apply to the spec in use. */
  readonly why?: string;
  readonly checks: Counts;
}

/** Why a run is incomplete: where the suite itself failed, that the run was interrupted, or that the target went. */
export interface RunError {
  readonly where: string;
  readonly message: string;
  /** Set when a signal (Ctrl-C, SIGTERM) stopped the run: no bug, but no full verdict either. */
  readonly interrupted?: true;
  /** Set when the target stopped answering for good: the checks after it could not be sent. No bug either. */
  readonly targetGone?: true;
}

/**
 * What a run recorded, before it is judged (see results/assess.ts): a report without its verdict, counts and policy,
 * with the number of requests it sent. The runner and merge make one; `judge` makes the report of it, once.
 */
export type RunRecord = Omit<RunReport, 'verdict' | 'summary' | 'rules' | 'results' | 'policy' | 'expectations' | 'baseline'> & {
  readonly results: readonly CheckResult[];
  readonly requests: number;
};

/** How a run was started, for the commands every report gives to run a failed check again (`--replay`). */
export interface Invocation {
  /** How the CLI is started: `npx --no-install petstore-conformance`, or `node dist/src/cli/main.js` in its clone. */
  readonly program: string;
  /** The options that chose the target and how it is reached (`--target`, `--fault`, `--spec`, `--ca`…), as given. */
  readonly targetArgs: readonly string[];
  /** The run's report.json, by its absolute path. */
  readonly reportJson: string;
}

/** Everything a run produced: the content of report.json, read by every reporter. */
export interface RunReport {
  readonly verdict: Verdict;
  readonly target: string;
  /** `reference` when the run started the bundled reference server. */
  readonly targetKind: 'url' | 'reference';
  /** The implementation the target runs, as the user named it (`--implementation 'acme-petstore 2.3.1'`); absent: not named. */
  readonly implementation?: string;
  readonly seed: number;
  readonly runId: string;
  readonly specVersion: string;
  /** The spec's digest: its file's sha256, or for a spec split over files, their list's (see spec/files.ts). */
  readonly specSha256: string;
  /** The spec's root file (an absolute path, or the URL it was fetched from). */
  readonly specPath: string;
  /** Every file the spec is made of, the root first, each with its sha256: what `specSha256` covers. */
  readonly specFiles: readonly { readonly path: string; readonly sha256: string }[];
  readonly suiteVersion: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly settings: {
    /** The profile whose defaults the run took: staging, ci or certify. */
    readonly profile: string;
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
    readonly numRuns: number;
    /** Cases per generated property whose cases create categories. */
    readonly createRuns: number;
    /** The write budget (--max-writes); null: no limit. */
    readonly maxWrites: number | null;
    /** Most categories the run may add to bring a short list to the length the list checks need (--top-up). */
    readonly topUp: number;
    readonly concurrency: number;
    /** Requests started per second; null: no limit. */
    readonly rate: number | null;
    /** Whether TLS certificates went unverified (--insecure). */
    readonly insecure: boolean;
    /** Whether a value that breaks a known format was sent as invalid (--assert-formats); else formats were annotations. */
    readonly assertFormats: boolean;
    /**
     * The proxy the requests went through (its address without credentials, and the variable that named it); null:
     * none. Absent from reports of versions before proxies were followed.
     */
    readonly proxy?: { readonly url: string; readonly variable: string } | null;
    /** The client certificate presented (mutual TLS), by its file and subject; null: none. Absent before it could be. */
    readonly clientCertificate?: string | null;
  };
  /** Why the run created nothing (a production target, --read-only); absent when it could create. */
  readonly readOnly?: string;
  /** What the run cost this machine: its peak resident memory, the worker's included. */
  readonly resources: {
    readonly maxRssBytes: number;
    /** The response body bytes the run read from the target; absent from reports merged from shards. */
    readonly bytesReceived?: number;
  };
  /** Where the run's time went; absent from reports merged from shards. */
  readonly timings?: RunTimings;
  /** What the run wrote on the target. */
  readonly writes: WritesSummary;
  /** Every category the run created on the target, so that operators can remove them. */
  readonly created: readonly CreatedRecord[];
  /** How much of the spec the run exercised; absent from reports of versions before it was counted. */
  readonly coverage?: SpecCoverage;
  /** Rules the spec in use makes inapplicable, and why: they have no checks, and leave the verdict whole. */
  readonly inapplicable?: readonly InapplicableRule[];
  readonly summary: {
    readonly checks: number;
    readonly requests: number;
    readonly byOutcome: Counts;
    readonly byLevel: Readonly<Record<Level, Counts>>;
    /** Failed checks an expected-failures list names (counted as failed above too). */
    readonly expectedFailures: number;
  };
  readonly rules: readonly RuleOutcome[];
  readonly results: readonly JudgedResult[];
  /** Present when the verdict is `incomplete`. */
  readonly errors?: readonly RunError[];
  /** Set on a shard's report (--shard): which slice of the suite files it ran. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** The rules the run was asked to check, when not all (--only, --skip). */
  readonly selection?: { readonly only: readonly string[]; readonly skip: readonly string[] };
  /** The expected-failures list applied, and its entries that no longer match a failure. */
  readonly expectations?: { readonly file: string; readonly stale: readonly StaleExpectation[] };
  /** How the run compares with an earlier one (--baseline). */
  readonly baseline?: BaselineComparison;
  /** How the run was started; absent from a merge of shards, which has no one command to run a check again. */
  readonly invocation?: Invocation;
  /** What decides the exit code besides the verdict. */
  readonly policy: { readonly strict: boolean; readonly failOn: 'any' | 'new'; readonly failOnPartial: boolean };
}

/**
 * What a run wrote on the target. A write is a category created, or possibly created (a request meant to create that
 * got no complete answer once sent); requests that had to be refused count only when the target created on them.
 */
export interface WritesSummary {
  /** The write budget (`--max-writes`); null: no limit. */
  readonly budget: number | null;
  /** Writes spent within the budget: every check's own (each result's `writes`) and the shared requests'. */
  readonly spent: number;
  /** Requests that could create (POSTs) the run sent, whatever came of them. */
  readonly posts: number;
  /** Requests several checks judged, sent once, and what they spent. */
  readonly shared: readonly SharedWrites[];
  /** The categories added to bring a short list to the length the list checks need, beyond the budget; null: none. */
  readonly topUp: TopUp | null;
}

/**
 * How much of the loaded spec a run exercised: every operation it lists, with the requests sent to it; every property
 * of its NewCategory and every parameter of its operations, with how many valid and invalid values the requests held.
 * A part with no valid value sent says why, where the suite knows (see {@link unexercised}).
 */
export interface SpecCoverage {
  readonly operations: readonly { readonly operation: string; readonly requests: number }[];
  readonly properties: readonly CoverageEntry[];
  readonly parameters: readonly CoverageEntry[];
}

/** A property or a parameter of the spec, and how many of its values the run's requests held. */
export interface CoverageEntry {
  /** `name`; a parameter as `GET /categories ?limit` (a query parameter) or `GET /categories header X-Trace`. */
  readonly name: string;
  readonly valid: number;
  readonly invalid: number;
  /** Why the suite sends no value of it, when it never does. */
  readonly why?: string;
}

/**
 * The parts of the spec a run sent nothing of (an operation no request went to; a property or a parameter no valid value
 * of was sent), each in words with why where the suite knows: warnings, that never change the verdict.
 */
export function unexercised(coverage: SpecCoverage | undefined): string[] {
  if (!coverage) return [];
  return [
    ...coverage.operations.filter((o) => o.requests === 0).map((o) => `operation ${o.operation}: no request was sent to it`),
    ...[...coverage.properties.map((p) => ['property', p] as const), ...coverage.parameters.map((p) => ['parameter', p] as const)]
      .filter(([, entry]) => entry.valid === 0)
      .map(([kind, entry]) => `${kind} ${entry.name}: no valid value was sent${entry.why ? ` (${entry.why})` : ''}`),
  ];
}

/** A rule the spec in use makes inapplicable (see CheckMeta.ruleNotApplicable). */
export interface InapplicableRule {
  readonly rule: string;
  readonly why: string;
}

/** An expected-failures entry that matched no failed check: the list can shrink. */
export interface StaleExpectation {
  readonly entry: string;
  readonly reason: string;
  readonly why: 'now passes' | 'matches no check';
}

/** Checks by how their outcome moved since the baseline run. */
export interface BaselineComparison {
  readonly report: string;
  readonly startedAt: string;
  /** Failing now, not failing (or absent) then: regressions. */
  readonly newFailures: readonly string[];
  /** Failing then, passing now. */
  readonly fixed: readonly string[];
  /** Failing then and now. */
  readonly stillFailing: readonly string[];
}
