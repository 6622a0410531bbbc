import { RULES, type Level } from '../rules/catalogue.js';
import type { CheckResult, Counts, InapplicableRule, RuleOutcome, RunError, RunReport, Verdict } from './run-report.js';

/** A failure that counts: failed, and not named by an expected-failures list. */
export function counts(result: CheckResult): boolean {
  return result.outcome === 'failed' && result.expected === undefined;
}

/** A failure that breaks the verdict: one that counts, of a MUST rule, or with --strict of a SHOULD rule too. */
export function breaksVerdict(result: CheckResult, strict: boolean): boolean {
  return counts(result) && (result.level === 'MUST' || (strict && result.level === 'SHOULD'));
}

/**
 * The verdict of a set of results (see {@link Verdict}); with `strict`, SHOULD failures count as MUST ones do. A rule
 * the spec makes inapplicable is no rule left unjudged.
 */
export function verdictOf(results: readonly CheckResult[], errors: readonly RunError[] = [], strict = false, inapplicable: readonly InapplicableRule[] = []): Verdict {
  // Interrupted, or failed itself, the suite judged only part of the target: whatever it found, it gives no verdict
  // (exit 2). An error of the suite's own is never the target's failure.
  if (errors.length > 0 || results.length === 0 || results.some((r) => r.outcome === 'error')) return 'incomplete';
  if (results.some((r) => breaksVerdict(r, strict))) return 'non-conformant';
  const judged = new Set([...results.filter((r) => r.outcome !== 'skipped').map((r) => r.rule), ...inapplicable.map((i) => i.rule)]);
  const unjudged = RULES.some((rule) => rule.level !== 'INFO' && !judged.has(rule.id));
  const withheld = results.some((r) => r.withheld && r.level !== 'INFO');
  return unjudged || withheld ? 'partial' : 'conformant';
}

/**
 * Holds every skip to the rule it relied on: a check skipped because "MEDIA-1 reports it" is only a skip when
 * MEDIA-1 did fail in the run, or was itself left unjudged by what failed (a check that relies on CREATE-1's
 * categories, when every CREATE-1 check was skipped over a refused key, rests on AUTH-3's failure), or was not run at
 * all. Otherwise nothing reported the problem, and the skip becomes this check's failure: a skip can point at a
 * cause, never hide a fault.
 */
export function holdSkipsToTheirOwners(results: readonly CheckResult[]): CheckResult[] {
  const explained = explainedRules(results);
  // A rule not run at all (--only, --skip) cannot be held to anything: a skip over it stays one, and the verdict partial.
  const judged = new Set(results.map((r) => r.rule));
  return results.map((r) => {
    if (r.outcome !== 'skipped' || r.dependsOn === undefined || explained.has(r.dependsOn) || !judged.has(r.dependsOn)) return r;
    const { dependsOn, ...rest } = r;
    return { ...rest, outcome: 'failed', message: `${r.message ?? ''}; but ${dependsOn} did not fail, so this check fails instead` };
  });
}

/**
 * The rules whose problems the run reported: those that failed, and, until nothing changes, those that passed no
 * check and skipped some over a rule already in the set.
 */
function explainedRules(results: readonly CheckResult[]): Set<string> {
  // A rule in whose judging the suite failed is no rule that did not fail: the run is incomplete, and says why.
  const explained = new Set(results.filter((r) => r.outcome === 'failed' || r.outcome === 'error').map((r) => r.rule));
  const passed = new Set(results.filter((r) => r.outcome === 'passed').map((r) => r.rule));
  for (let grew = true; grew;) {
    grew = false;
    for (const r of results) {
      if (r.outcome !== 'skipped' || r.dependsOn === undefined || explained.has(r.rule) || passed.has(r.rule)) continue;
      if (explained.has(r.dependsOn)) {
        explained.add(r.rule);
        grew = true;
      }
    }
  }
  return explained;
}

/** Outcome counts of a set of results. */
function countOutcomes(results: readonly CheckResult[]): Counts {
  const tally: Counts = { passed: 0, failed: 0, skipped: 0, error: 0 };
  for (const r of results) tally[r.outcome]++;
  return tally;
}

/** Every catalogue rule with how its checks fared, in catalogue order; one the spec makes inapplicable, with why. */
export function ruleOutcomes(results: readonly CheckResult[], inapplicable: readonly InapplicableRule[] = []): RuleOutcome[] {
  return RULES.map((rule) => {
    const checks = countOutcomes(results.filter((r) => r.rule === rule.id));
    const why = inapplicable.find((i) => i.rule === rule.id)?.why;
    const outcome = checks.failed > 0 ? 'failed' : checks.error > 0 ? 'error' : checks.passed > 0 ? 'passed' : checks.skipped > 0 ? 'skipped' : why ? 'not applicable' : 'not run';
    return { id: rule.id, level: rule.level, requirement: rule.requirement, outcome, checks, ...(outcome === 'not applicable' && why ? { why } : {}) };
  });
}

/** The summary block of a report. */
export function summaryOf(results: readonly CheckResult[], requests: number): RunReport['summary'] {
  const levels: Level[] = ['MUST', 'SHOULD', 'INFO'];
  return {
    checks: results.length,
    requests,
    byOutcome: countOutcomes(results),
    byLevel: Object.fromEntries(levels.map((level) => [level, countOutcomes(results.filter((r) => r.level === level))])) as Record<Level, Counts>,
    expectedFailures: results.filter((r) => r.expected !== undefined).length,
  };
}
