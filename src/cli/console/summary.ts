import { basename } from 'node:path';
import type { CheckResult, RuleOutcome, RunReport } from '../../results/run-report.js';
import { reproductionOf } from '../../report/reproduce.js';
import { noticesOf } from '../../results/notices.js';
import type { Effect } from '../../results/verdict.js';
import { runFigures, VERDICT_TEXT } from '../../report/verdict-text.js';
import type { Output } from './output.js';
import { plural } from '../../core/plural.js';
import { effectMark } from './marks.js';

/** How many failing checks a rule shows on the console; report.json has them all. */
const SHOWN_FAILURES = 3;

/**
 * Results by rule, then the verdict: one screen. Each failed check shown comes with what runs it again (see
 * reproductionOf), as every report gives it.
 */
export function printSummary(out: Output, report: RunReport, reportPaths: readonly string[]): void {
  const { style } = out;
  // A replay needs the report.json it names: not given when it could not be written (a full disk).
  const replayable = reportPaths.some((p) => basename(p) === 'report.json');
  out.line();
  out.line(style.bold('Results by rule'));
  for (const rule of report.rules) {
    out.line(`  ${symbol(out, rule)} ${rule.id.padEnd(9)}${rule.level.padEnd(7)}${describe(rule, report)}`);
    const failing = report.results.filter((r) => r.rule === rule.id && r.outcome === 'failed');
    for (const result of failing.slice(0, SHOWN_FAILURES)) {
      out.line(style.dim(`      ${result.expected ? '(expected) ' : ''}${result.check}: ${result.message ?? ''}`));
      const { replay, curl } = reproductionOf(result, report);
      if (replay && replayable) out.line(style.dim(`        replay: ${replay}`));
      if (curl) out.line(style.dim(`        curl: ${curl}`));
    }
    if (failing.length > SHOWN_FAILURES) out.line(style.dim(`      … and ${failing.length - SHOWN_FAILURES} more in report.html`));
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
  for (const t of report.baseline?.newFailures.slice(0, SHOWN_FAILURES) ?? []) out.line(style.red(`  new: ${t}`));
  out.line(`Reports: ${reportPaths.join(', ') || 'none written'}`);
  out.line(style.dim(`Seed: ${report.seed} (repeat the generated data with --seed ${report.seed})`));
}

/**
 * The failures that count, by effect and level: those that break the verdict (the MUST ones always named), then the
 * warnings. "0 MUST failures, 2 SHOULD failures" is a --strict run's.
 */
function failureCounts(report: RunReport, out: Output): string {
  const tally = (effect: Effect, noun: string) => (['MUST', 'SHOULD', 'INFO'] as const).flatMap((level) => {
    const n = report.results.filter((r) => r.effect === effect && r.level === level).length;
    return n > 0 || (effect === 'breaks-verdict' && level === 'MUST') ? [`${n} ${level} ${noun}${n === 1 ? '' : 's'}`] : [];
  });
  const warnings = tally('warns', 'warning');
  return [...tally('breaks-verdict', 'failure'), ...(warnings.length ? [out.style.yellow(warnings.join(', '))] : [])].join(', ');
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
