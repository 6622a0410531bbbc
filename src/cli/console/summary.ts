import { basename } from 'node:path';
import { firstLine } from '../../core/first-line.js';
import { followingText, oneOfEachKind, rootCauses, type RootCause } from '../../results/causes.js';
import type { CheckResult, JudgedResult, RuleOutcome, RunReport } from '../../results/run-report.js';
import { reproductionOf } from '../../report/reproduce.js';
import { noticesOf } from '../../results/notices.js';
import { heaviest, type Effect } from '../../results/verdict.js';
import { runFigures, VERDICT_TEXT } from '../../report/verdict-text.js';
import type { Output } from './output.js';
import { plural } from '../../core/plural.js';
import { effectMark } from './marks.js';

/** How many kinds of failed checks a rule shows on the console, one check of each (see failureKind); report.json has them all. */
const SHOWN_KINDS = 6;

/** How many of the failures new since the baseline the console names; report.json has them all. */
const SHOWN_NEW_FAILURES = 3;

/** How much of its first failure a root cause's line shows; the rule's own lines below show it whole. */
const CAUSE_EXAMPLE = 160;

/**
 * The root causes of the failures (see rootCauses), then results by rule, then the verdict: one screen. A rule shows
 * one failed check of each kind it has, each with what runs it again (see reproductionOf), as every report gives it.
 */
export function printSummary(out: Output, report: RunReport, reportPaths: readonly string[]): void {
  const { style } = out;
  // A replay needs the report.json it names: not given when it could not be written (a full disk).
  const replayable = reportPaths.some((p) => basename(p) === 'report.json');
  printCauses(out, report);
  out.line();
  out.line(style.bold('Results by rule'));
  for (const rule of report.rules) {
    out.line(`  ${symbol(out, rule)} ${rule.id.padEnd(9)}${rule.level.padEnd(7)}${describe(rule, report)}`);
    const failing = report.results.filter((r) => r.rule === rule.id && r.outcome === 'failed');
    const kinds = oneOfEachKind(failing);
    for (const { result, alike } of kinds.slice(0, SHOWN_KINDS)) {
      const more = alike > 1 ? ` (and ${alike - 1} more like it)` : '';
      out.line(style.dim(`      ${result.expected ? '(expected) ' : ''}${result.check}: ${firstLine(result.message ?? '')}${more}`));
      const { replay, curl } = reproductionOf(result, report);
      if (replay && replayable) out.line(style.dim(`        replay: ${replay}`));
      if (curl) out.line(style.dim(`        curl: ${curl}`));
    }
    const hidden = kinds.slice(SHOWN_KINDS);
    if (hidden.length > 0) out.line(style.dim(`      … and ${plural(hidden.reduce((n, k) => n + k.alike, 0), 'more check')} of ${plural(hidden.length, 'other kind')} in report.html`));
    // A partial verdict may pass the exit code: what it left unjudged must say why here, not only in the reports.
    // Checks withheld (the budget, a read-only run) are explained by the notices below.
    const unexplained = report.verdict === 'partial' ? report.results.filter((r) => r.rule === rule.id && r.outcome === 'skipped' && !r.withheld) : [];
    const first = unexplained[0];
    if (first) out.line(style.dim(`      skipped: ${first.check}: ${first.message ?? ''}${unexplained.length > 1 ? ` (and ${unexplained.length - 1} more in report.html)` : ''}`));
  }
  out.line();
  const paint = { conformant: style.green, 'non-conformant': style.red, partial: style.yellow, incomplete: style.yellow }[report.verdict];
  const { passed, failed, skipped, error } = report.summary.byOutcome;
  out.line(`Verdict: ${paint(style.bold(VERDICT_TEXT[report.verdict].label))}${report.implementation ? ` for ${report.implementation}` : ''}  ${failureCounts(report, out)}; ` +
    `${passed} passed, ${failed} failed, ${skipped} skipped${error ? `, ${error} the suite failed in` : ''} of ${runFigures(report)}`);
  if (passed + failed === 0 && report.results.length > 0) out.line(style.yellow('Nothing was judged: every check was skipped, each for a reason given here.'));
  for (const notice of noticesOf(report)) out.line(notice.level === 'warning' ? style.yellow(notice.text) : notice.text);
  for (const t of report.baseline?.newFailures.slice(0, SHOWN_NEW_FAILURES) ?? []) out.line(style.red(`  new: ${t}`));
  out.line(`Reports: ${reportPaths.join(', ') || 'none written'}`);
  out.line(style.dim(`Seed: ${report.seed} (repeat the generated data with --seed ${report.seed})`));
}

/**
 * The root causes of the failures that count, first, before the rules they fail: each with how many failures it
 * explains, which of them follow from it under other rules, and its first failure.
 */
function printCauses(out: Output, report: RunReport): void {
  const causes = toldCauses(report);
  if (causes.length === 0) return;
  const { style } = out;
  out.line();
  out.line(style.bold(`${plural(causes.length, 'cause')} of ${plural(causes.reduce((n, c) => n + c.failures.length, 0), 'failure')}`));
  for (const cause of causes) {
    const first = cause.failures[0] as JudgedResult;
    const following = cause.following.size > 0 ? `, ${[...cause.following.values()].reduce((a, b) => a + b, 0)} of them under rules that follow from it: ${followingText(cause)}` : '';
    out.line(`  ${effectMark(out, heaviest(cause.failures.map((f) => f.effect))) ?? ' '} ${cause.rule.padEnd(9)}${plural(cause.failures.length, 'failure')}${following}`);
    const example = `${first.check}: ${firstLine(first.message ?? '')}`;
    out.line(style.dim(`      ${example.length > CAUSE_EXAMPLE ? `${example.slice(0, CAUSE_EXAMPLE - 1)}…` : example}`));
  }
}

/**
 * The failures that count, by effect and level: those that break the verdict (the MUST ones always named), then the
 * warnings, after how many causes they have. "0 MUST failures, 2 SHOULD failures" is a --strict run's.
 */
function failureCounts(report: RunReport, out: Output): string {
  const tally = (effect: Effect, noun: string) => (['MUST', 'SHOULD', 'INFO'] as const).flatMap((level) => {
    const n = report.results.filter((r) => r.effect === effect && r.level === level).length;
    return n > 0 || (effect === 'breaks-verdict' && level === 'MUST') ? [`${n} ${level} ${noun}${n === 1 ? '' : 's'}`] : [];
  });
  const warnings = tally('warns', 'warning');
  const causes = toldCauses(report).length;
  return [...(causes > 0 ? [plural(causes, 'cause')] : []), ...tally('breaks-verdict', 'failure'), ...(warnings.length ? [out.style.yellow(warnings.join(', '))] : [])].join(', ');
}

/**
 * The root causes the console tells (see rootCauses): none when there is one and every failure is its rule's own, which
 * the rules' lines say as well.
 */
function toldCauses(report: RunReport): RootCause[] {
  const causes = rootCauses(report.results);
  return causes.length > 1 || causes.some((c) => c.following.size > 0) ? causes : [];
}

function symbol(out: Output, rule: RuleOutcome): string {
  const marked = effectMark(out, rule.effect);
  if (marked) return marked;
  if (rule.outcome === 'passed') return rule.level === 'INFO' ? out.style.dim('·') : out.style.green('✓');
  return out.style.dim('-');
}

function describe(rule: RuleOutcome, report: RunReport): string {
  const { passed, failed, skipped, error } = rule.checks;
  const total = passed + failed + skipped + error;
  if (rule.outcome === 'not run') return 'not run';
  if (rule.outcome === 'not applicable') return `not applicable: ${rule.why ?? ''}`;
  if (rule.outcome === 'error') return `the suite failed in ${error} of ${plural(total, 'check')}: not judged`;
  if (rule.level === 'INFO') return observations(report.results.filter((r) => r.rule === rule.id)) || `nothing observed: ${skipped} of ${plural(total, 'check')} skipped`;
  const skippedText = skipped ? `, ${skipped} skipped` : '';
  return `${failed || passed} of ${plural(total, 'check')} ${failed ? 'failed' : 'passed'}${skippedText}`;
}

function observations(results: readonly CheckResult[]): string {
  const shown = results.map((r) => r.observation).filter((o) => o !== undefined);
  const text = shown.join('; ');
  return text.length > 110 ? `${text.slice(0, 107)}…` : text;
}
