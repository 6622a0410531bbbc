import { judge, type Assessment } from '../../src/results/assess.js';
import type { CheckResult, RunRecord, RunReport } from '../../src/results/run-report.js';
import { RULES, type Level } from '../../src/rules/catalogue.js';

/** A check's result of a rule, at the rule's catalogue level, with no exchanges. */
export function checkOf(rule: string, outcome: CheckResult['outcome'], more: Partial<CheckResult> = {}): CheckResult {
  const level = (RULES.find((r) => r.id === rule)?.level ?? 'MUST') as Level;
  return { rule, level, suite: 'test', check: `${rule} ${outcome} check`, outcome, kind: 'check', durationMs: 0, exchanges: [], exchangeCount: 0, ...more };
}

/** A passed check of every catalogue rule but those named: a run that judged every rule. */
export function everyRulePassed(except: readonly string[] = []): CheckResult[] {
  return RULES.filter((r) => !except.includes(r.id)).map((r) => checkOf(r.id, 'passed'));
}

/** A run's record of these results, with what reports need of the rest. */
export function recordOf(results: readonly CheckResult[], more: Partial<RunRecord> = {}): RunRecord {
  return {
    target: 'http://127.0.0.1:9/v1', targetKind: 'url', seed: 1, runId: 'r1', specVersion: '1.0.0', specSha256: '0'.repeat(64), specPath: 'spec/petstore.yaml', specFiles: [{ path: 'petstore.yaml', sha256: '0'.repeat(64) }],
    suiteVersion: '0.0.0', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1000,
    settings: { profile: 'staging', timeoutMs: 10_000, maxResponseBytes: 1, numRuns: 1, createRuns: 1, maxWrites: null, topUp: 0, concurrency: 1, rate: null, insecure: false, assertFormats: false },
    resources: { maxRssBytes: 0 }, writes: { budget: null, spent: 0, posts: 0, shared: [], topUp: null }, created: [],
    results, requests: results.length, ...more,
  };
}

/** The default policy: no --strict, fail on any failure. */
export const POLICY: Assessment = { strict: false, failOn: 'any', failOnPartial: false };

/** The report of these results, judged under the default policy and whatever else is given. */
export function reportOf(results: readonly CheckResult[], assessment: Partial<Assessment> = {}, more: Partial<RunRecord> = {}): RunReport {
  return judge(recordOf(results, more), { ...POLICY, ...assessment });
}
