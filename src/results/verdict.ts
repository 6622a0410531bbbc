import { fitFirstLine } from '../core/first-line.js';
import { RULES, type Level } from '../rules/catalogue.js';
import { titleOf, type CheckResult, type Counts, type InapplicableRule, type JudgedResult, type RuleOutcome, type RunError, type RunReport } from './run-report.js';

/*
 * The verdict policy, in one place: what each result, and each rule's row, does to the run's verdict (its effect),
 * the verdict and the exit code that follow from the effects, and the words every writer uses for them. The writers
 * (the console, report.html, summary.md, junit.xml, the GitHub annotations, --help) read effects and these words:
 * none decides from a level or --strict itself, so that a change to the policy is a change to this file.
 */

/**
 * `incomplete` when the run was interrupted, or the suite itself failed (an exception in a check or an audit, a suite
 * that did not load), whatever it found: it claims nothing about the target; `non-conformant` when a result breaks the
 * verdict (see {@link effectOf}); `partial` when nothing did but not every check ran: a MUST or SHOULD rule was not
 * judged (--only, --skip) or a MUST or SHOULD check was withheld (the write budget, a read-only run, a 429 not waited
 * out); it claims no full verdict; `conformant` otherwise.
 */
export type Verdict = 'conformant' | 'non-conformant' | 'partial' | 'incomplete';

/**
 * What a result, or a rule's row, does to the verdict. `breaks-verdict`: a failure that makes the run non-conformant;
 * `warns`: a failure shown as a warning, the verdict stands; `expected`: a failure an expected-failures list names,
 * which does not count; `incomplete`: the suite itself failed in it, and the run gives no verdict; `partial`: not
 * judged where the verdict needs it, which leaves the verdict partial at best; `none`: nothing to say.
 */
export type Effect = 'breaks-verdict' | 'warns' | 'expected' | 'incomplete' | 'partial' | 'none';

/** What of a run's policy decides the effects: with `strict` (--strict), SHOULD failures break the verdict as MUST ones do. */
export type EffectPolicy = Pick<RunReport['policy'], 'strict'>;

/** The effects of a failure that counts: the ones writers list as failures. */
export type FailureEffect = Extract<Effect, 'breaks-verdict' | 'warns'>;

/** What each failure that counts is called where a writer labels one, and what it means after "a failure". */
export const FAILURE_TEXT: Readonly<Record<FailureEffect, { readonly label: string; readonly meaning: string }>> = {
  'breaks-verdict': { label: 'breaks the verdict', meaning: 'makes the run non-conformant' },
  warns: { label: 'warning', meaning: 'is a warning: the verdict stands' },
};

/** What a failure of a rule of `level` does, unless an expected-failures list names it. */
function failureEffect(level: Level, policy: EffectPolicy): FailureEffect {
  return level === 'MUST' || (policy.strict && level === 'SHOULD') ? 'breaks-verdict' : 'warns';
}

/** The effect of one check's result under the run's policy. */
export function effectOf(result: Pick<CheckResult, 'level' | 'outcome' | 'expected' | 'withheld'>, policy: EffectPolicy): Effect {
  switch (result.outcome) {
    case 'error':
      // An error of the suite's own is never the target's failure: whatever else the run found, it gives no verdict.
      return 'incomplete';
    case 'failed':
      return result.expected !== undefined ? 'expected' : failureEffect(result.level, policy);
    default:
      // An INFO check only observes: withheld, it leaves nothing the verdict needs unjudged.
      return result.withheld && result.level !== 'INFO' ? 'partial' : 'none';
  }
}

/** Effects from the one that weighs most on a row to the one that weighs least: a rule's row takes its checks' first. */
const WEIGHT: readonly Effect[] = ['breaks-verdict', 'warns', 'expected', 'incomplete', 'partial', 'none'];

/** The effect that weighs most among some (a rule's checks', a suite's): `none` when there are none. */
export function heaviest(effects: Iterable<Effect>): Effect {
  const present = new Set(effects);
  return WEIGHT.find((effect) => present.has(effect)) ?? 'none';
}

/** Results with their effects under the policy: what a report carries, and every writer reads. */
export function withEffects(results: readonly CheckResult[], policy: EffectPolicy): JudgedResult[] {
  return results.map((r) => ({ ...r, effect: effectOf(r, policy) }));
}

/** A failure that counts: one that breaks the verdict or warns, not one an expected-failures list names. */
export function counts<R extends { readonly effect: Effect }>(result: R): result is R & { readonly effect: FailureEffect } {
  return result.effect === 'breaks-verdict' || result.effect === 'warns';
}

/**
 * The verdict of a set of results (see {@link Verdict}) under the policy. A rule the spec makes inapplicable is no
 * rule left unjudged.
 */
export function verdictOf(results: readonly CheckResult[], errors: readonly RunError[] = [], policy: EffectPolicy = { strict: false }, inapplicable: readonly InapplicableRule[] = []): Verdict {
  const judged = withEffects(results, policy);
  // A row's effect is its heaviest check's, which may hide a lighter one (an error beside a warning): both count.
  const effects = new Set([...judged, ...ruleOutcomes(judged, inapplicable)].map((r) => r.effect));
  // Interrupted, or failed itself, the suite judged only part of the target: whatever it found, it gives no verdict.
  if (errors.length > 0 || results.length === 0 || effects.has('incomplete')) return 'incomplete';
  if (effects.has('breaks-verdict')) return 'non-conformant';
  return effects.has('partial') ? 'partial' : 'conformant';
}

/** The exit codes: the contract CI pipelines script against. */
export const EXIT = { ok: 0, failed: 1, notCarriedOut: 2, partial: 3 } as const;

/** An exit code of the CLI. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What each exit code means, in --help's words. */
export const EXIT_MEANING: Readonly<Record<ExitCode, string>> = {
  [EXIT.ok]: 'conformant (or partial)',
  [EXIT.failed]: 'non-conformant',
  [EXIT.notCarriedOut]: 'the run could not be carried out',
  [EXIT.partial]: 'partial with --fail-on-partial',
};

/**
 * The exit code of a judged run: `notCarriedOut` when it is incomplete; `failed` when a result breaks the verdict
 * (with --fail-on new, only one the baseline did not have); `partial` when nothing did but the verdict is partial and
 * --fail-on-partial holds (not for a shard); `ok` otherwise.
 */
export function exitCodeOf(report: RunReport): ExitCode {
  if (report.verdict === 'incomplete') return EXIT.notCarriedOut;
  const { failOn, failOnPartial } = report.policy;
  const newFailures = new Set(report.baseline?.newFailures ?? []);
  const breaking = report.results.filter((r) => r.effect === 'breaks-verdict');
  const counted = failOn === 'new' ? breaking.filter((r) => newFailures.has(titleOf(r))) : breaking;
  if (counted.length > 0) return EXIT.failed;
  // A shard judges its slice only: whether the whole run was partial is for the merge of every shard to say.
  return report.verdict === 'partial' && failOnPartial && !report.shard ? EXIT.partial : EXIT.ok;
}

/**
 * The exit code of a verdict as a run that lets nothing pass exits with it (every failure counts, a partial verdict
 * fails): what `verify` exits with for a certificate's verdict.
 */
export const EXIT_OF_VERDICT: Readonly<Record<Verdict, ExitCode>> = {
  conformant: EXIT.ok, 'non-conformant': EXIT.failed, partial: EXIT.partial, incomplete: EXIT.notCarriedOut,
};

/**
 * What a failure of a rule of `level` does under the policy, for a writer's heading of that level: said to come of
 * --strict where the policy makes it so.
 */
export function levelMeaning(level: Level, policy: EffectPolicy): string {
  const effect = failureEffect(level, policy);
  const byStrict = effect !== failureEffect(level, { strict: false }) ? ' (--strict)' : '';
  const failure = `a failure ${FAILURE_TEXT[effect].meaning}${byStrict}`;
  return level === 'INFO' ? `observations of what the contract leaves open; ${failure}` : failure;
}

/** --strict as the option table gives it to --help: a few words, and the whole story. */
export const STRICT_OPTION = {
  brief: 'SHOULD failures count as MUST failures',
  describe: 'SHOULD failures count as MUST failures do: in the verdict, the exit code and JUnit',
} as const;

/**
 * Holds every skip to the rule it relied on: a check skipped because "MEDIA-1 reports it" is only a skip when
 * MEDIA-1 did fail in the run, or was itself left unjudged by what failed (a check that relies on CREATE-1's
 * categories, when every CREATE-1 check was skipped over a refused key, rests on AUTH-3's failure), or was not run at
 * all. Otherwise nothing reported the problem, and the skip becomes this check's failure: a skip can point at a
 * cause, never hide a fault. So is every failure's cause: one that names another rule that did not fail is the
 * failure's own.
 */
export function holdSkipsToTheirOwners(results: readonly CheckResult[]): CheckResult[] {
  const explained = explainedRules(results);
  // A rule not run at all (--only, --skip) cannot be held to anything: a skip over it stays one, and the verdict partial.
  const judged = new Set(results.map((r) => r.rule));
  const holds = (rule: string) => explained.has(rule) || !judged.has(rule);
  return results.map((r) => {
    if (r.outcome === 'failed' && r.cause && r.cause.rule !== r.rule && !holds(r.cause.rule)) {
      return { ...r, message: fitFirstLine(r.message ?? '', `; but ${r.cause.rule} did not fail, so this failure is the check's own`), cause: { rule: r.rule } };
    }
    if (r.outcome !== 'skipped' || r.dependsOn === undefined || holds(r.dependsOn)) return r;
    const { dependsOn, ...rest } = r;
    return { ...rest, outcome: 'failed', message: fitFirstLine(r.message ?? '', `; but ${dependsOn} did not fail, so this check fails instead`), cause: { rule: r.rule } };
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

/**
 * Every catalogue rule with how its checks fared, in catalogue order; one the spec makes inapplicable, with why. Its
 * effect is its heaviest check's; a MUST or SHOULD rule with no check judged, and not inapplicable, leaves the
 * verdict partial.
 */
export function ruleOutcomes(results: readonly JudgedResult[], inapplicable: readonly InapplicableRule[] = []): RuleOutcome[] {
  return RULES.map((rule) => {
    const own = results.filter((r) => r.rule === rule.id);
    const checks = countOutcomes(own);
    const why = inapplicable.find((i) => i.rule === rule.id)?.why;
    const outcome = checks.failed > 0 ? 'failed' : checks.error > 0 ? 'error' : checks.passed > 0 ? 'passed' : checks.skipped > 0 ? 'skipped' : why ? 'not applicable' : 'not run';
    const unjudged = rule.level !== 'INFO' && checks.passed + checks.failed + checks.error === 0 && why === undefined;
    const effect = heaviest([...own.map((r) => r.effect), ...(unjudged ? ['partial' as const] : [])]);
    return { id: rule.id, level: rule.level, requirement: rule.requirement, outcome, effect, checks, ...(outcome === 'not applicable' && why ? { why } : {}) };
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
