import type { BaselineComparison, CheckResult, JudgedResult, RunRecord, RunReport, StaleExpectation } from './run-report.js';
import { titleOf } from './run-report.js';
import { counts, effectOf, ruleOutcomes, summaryOf, verdictOf } from './verdict.js';

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
  /** Whether a partial verdict fails the exit code (see exitCodeOf in verdict.ts). */
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
  const results = record.results.map((r) => judgeResult(r, assessment));
  const stale: StaleExpectation[] = entries.flatMap((e) => {
    const named = results.filter((r) => e.id === r.rule || e.id === titleOf(r));
    if (named.some((r) => r.expected !== undefined)) return [];
    return [{ entry: e.id, reason: e.reason, why: named.length ? 'now passes' as const : 'matches no check' as const }];
  });
  return {
    ...recorded,
    verdict: verdictOf(results, record.errors, assessment, record.inapplicable),
    summary: summaryOf(results, requests),
    rules: ruleOutcomes(results, record.inapplicable),
    results,
    ...(assessment.expectations ? { expectations: { file: assessment.expectations.file, stale } } : {}),
    ...(assessment.baseline ? { baseline: compare(results, assessment.baseline.file, assessment.baseline.report) } : {}),
    policy: { strict: assessment.strict, failOn: assessment.failOn, failOnPartial: assessment.failOnPartial },
  };
}

/**
 * One check's result as `judge` gives it: marked expected when a listed entry names its failure, with its effect. The
 * console's progress judges each check so as it comes in, as the report will.
 */
export function judgeResult(result: CheckResult, assessment: Assessment): JudgedResult {
  const entry = result.outcome === 'failed' ? assessment.expectations?.entries.find((e) => e.id === result.rule || e.id === titleOf(result)) : undefined;
  const marked = entry ? { ...result, expected: { reason: entry.reason, entry: entry.id } } : result;
  return { ...marked, effect: effectOf(marked, assessment) };
}

/** The record a report was judged from: what a merge combines of its shards' reports. */
export function recordOf(report: RunReport): RunRecord {
  const { verdict: _verdict, summary, rules: _rules, policy: _policy, expectations: _expectations, baseline: _baseline, ...recorded } = report;
  return { ...recorded, requests: summary.requests };
}

function compare(results: readonly JudgedResult[], file: string, baseline: RunReport): BaselineComparison {
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
