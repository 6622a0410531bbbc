import type { BaselineComparison, CheckResult, RunRecord, RunReport, StaleExpectation } from './run-report.js';
import { titleOf } from './run-report.js';
import { breaksVerdict, counts, ruleOutcomes, summaryOf, verdictOf } from './verdict.js';

/** An entry of an expected-failures list: a rule id, or a check's title, with the reason it is allowed to fail. */
export interface ExpectedFailure {
  readonly id: string;
  readonly reason: string;
}

/** What a run is judged against besides the contract. */
export interface Assessment {
  readonly expectations?: { readonly file: string; readonly entries: readonly ExpectedFailure[] };
  readonly baseline?: { readonly file: string; readonly report: RunReport };
  readonly strict: boolean;
  readonly failOn: 'any' | 'new';
  /** Whether a partial verdict fails the exit code (3). */
  readonly failOnPartial: boolean;
}

/**
 * The report of a run: its verdict, summary and rule outcomes, under the policy and with what it is judged against
 * besides the contract. Listed expected failures are marked so and leave the verdict alone; listed entries that match
 * no failure are stale; the baseline splits failures into new, fixed and still failing.
 */
export function judge(record: RunRecord, assessment: Assessment): RunReport {
  const { requests, ...recorded } = record;
  const entries = assessment.expectations?.entries ?? [];
  const results = record.results.map((r) => {
    const entry = r.outcome === 'failed' ? entries.find((e) => e.id === r.rule || e.id === titleOf(r)) : undefined;
    return entry ? { ...r, expected: { reason: entry.reason, entry: entry.id } } : r;
  });
  const stale: StaleExpectation[] = entries.flatMap((e) => {
    const named = results.filter((r) => e.id === r.rule || e.id === titleOf(r));
    if (named.some((r) => r.expected !== undefined)) return [];
    return [{ entry: e.id, reason: e.reason, why: named.length ? 'now passes' as const : 'matches no check' as const }];
  });
  return {
    ...recorded,
    verdict: verdictOf(results, record.errors, assessment.strict, record.inapplicable),
    summary: summaryOf(results, requests),
    rules: ruleOutcomes(results, record.inapplicable),
    results,
    ...(assessment.expectations ? { expectations: { file: assessment.expectations.file, stale } } : {}),
    ...(assessment.baseline ? { baseline: compare(results, assessment.baseline.file, assessment.baseline.report) } : {}),
    policy: { strict: assessment.strict, failOn: assessment.failOn, failOnPartial: assessment.failOnPartial },
  };
}

/** The record a report was judged from: what a merge combines of its shards' reports. */
export function recordOf(report: RunReport): RunRecord {
  const { verdict: _verdict, summary, rules: _rules, policy: _policy, expectations: _expectations, baseline: _baseline, ...recorded } = report;
  return { ...recorded, requests: summary.requests };
}

function compare(results: readonly CheckResult[], file: string, baseline: RunReport): BaselineComparison {
  const before = new Map(baseline.results.map((r) => [titleOf(r), r.outcome]));
  const failing = results.filter(counts).map(titleOf);
  return {
    report: file,
    startedAt: baseline.startedAt,
    newFailures: failing.filter((t) => before.get(t) !== 'failed'),
    fixed: results.filter((r) => r.outcome === 'passed' && before.get(titleOf(r)) === 'failed').map(titleOf),
    stillFailing: failing.filter((t) => before.get(t) === 'failed'),
  };
}

/**
 * The exit code: 2 when the run could not be carried out; 1 when a failure counts (a MUST failure, also a
 * SHOULD failure with --strict; with --fail-on new, only those the baseline did not have); 3 when nothing failed
 * but the verdict is partial and --fail-on-partial holds (not for a shard); 0 otherwise.
 */
export function exitCodeOf(report: RunReport): 0 | 1 | 2 | 3 {
  if (report.verdict === 'incomplete') return 2;
  const { strict, failOn, failOnPartial } = report.policy;
  const newFailures = new Set(report.baseline?.newFailures ?? []);
  const failing = report.results.filter((r) => breaksVerdict(r, strict));
  const counted = failOn === 'new' ? failing.filter((r) => newFailures.has(titleOf(r))) : failing;
  if (counted.length > 0) return 1;
  // A shard judges its slice only: whether the whole run was partial is for the merge of every shard to say.
  return report.verdict === 'partial' && failOnPartial && !report.shard ? 3 : 0;
}
