import type { CheckResult, RuleOutcome, RunReport } from '../../results/model.js';
import type { Output } from './output.js';

/** How many failing checks a rule shows on the console; report.json has them all. */
const SHOWN_FAILURES = 3;

/** Results by rule, then the verdict: one screen. */
export function printSummary(out: Output, report: RunReport, reportPaths: readonly string[]): void {
  const { style } = out;
  out.line();
  out.line(style.bold('Results by rule'));
  for (const rule of report.rules) {
    out.line(`  ${symbol(out, rule)} ${rule.id.padEnd(9)}${rule.level.padEnd(7)}${describe(rule, report)}`);
    const failing = report.results.filter((r) => r.rule === rule.id && r.outcome === 'failed');
    for (const result of failing.slice(0, SHOWN_FAILURES)) out.line(style.dim(`      ${result.check}: ${result.message ?? ''}`));
    if (failing.length > SHOWN_FAILURES) out.line(style.dim(`      … and ${failing.length - SHOWN_FAILURES} more in report.json`));
  }
  out.line();
  const must = report.summary.byLevel.MUST;
  const should = report.summary.byLevel.SHOULD;
  const verdict = report.verdict === 'conformant' ? style.green(style.bold('CONFORMANT'))
    : report.verdict === 'non-conformant' ? style.red(style.bold('NON-CONFORMANT')) : style.yellow(style.bold('INCOMPLETE'));
  const warnings = should.failed ? style.yellow(`, ${should.failed} SHOULD warning${should.failed > 1 ? 's' : ''}`) : '';
  out.line(`Verdict: ${verdict}  ${must.failed} MUST failure${must.failed === 1 ? '' : 's'}${warnings}; ` +
    `${report.summary.byOutcome.passed} passed, ${report.summary.byOutcome.failed} failed, ${report.summary.byOutcome.skipped} skipped ` +
    `of ${report.summary.checks} checks; ${report.summary.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`);
  for (const error of report.errors ?? []) out.line(style.yellow(`Suite error in ${error.where}: ${error.message}`));
  out.line(`Reports: ${reportPaths.join(', ')}`);
  out.line(style.dim(`Seed: ${report.seed} (repeat the generated data with --seed ${report.seed})`));
}

function symbol(out: Output, rule: RuleOutcome): string {
  if (rule.outcome === 'failed') return rule.level === 'MUST' ? out.style.red('✗') : out.style.yellow('!');
  if (rule.outcome === 'passed') return rule.level === 'INFO' ? out.style.dim('·') : out.style.green('✓');
  return out.style.dim('-');
}

function describe(rule: RuleOutcome, report: RunReport): string {
  const { passed, failed, skipped } = rule.checks;
  const total = passed + failed + skipped;
  if (rule.outcome === 'not run') return 'not run';
  if (rule.level === 'INFO') return observations(report.results.filter((r) => r.rule === rule.id));
  const skippedText = skipped ? `, ${skipped} skipped` : '';
  return failed ? `${failed} of ${total} checks failed${skippedText}` : `${passed} of ${total} checks passed${skippedText}`;
}

function observations(results: readonly CheckResult[]): string {
  const shown = results.map((r) => r.observation).filter((o) => o !== undefined);
  const text = shown.join('; ');
  return text.length > 110 ? `${text.slice(0, 107)}…` : text;
}
