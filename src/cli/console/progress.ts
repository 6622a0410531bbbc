import { plural } from '../../core/plural.js';
import type { CheckResult } from '../../results/run-report.js';
import { heaviest, type Effect } from '../../results/verdict.js';
import type { RunListener } from '../../runner/listener.js';
import { effectMark } from './marks.js';
import type { Output } from './output.js';

/** Width of the suite names' column. */
const WIDTH = 17;

/**
 * Shows a run's progress: a live counter on a terminal, and a line per finished suite everywhere, marked by the
 * heaviest effect of its checks (`effectOf`: each check judged as the report will judge it). The counter's
 * total is the suite's tests less those that end as no check (see RunListener.onDropped), so that it ends at the
 * count of the suite's line and the report.
 */
export function progressListener(out: Output, effectOf: (result: CheckResult) => Effect): RunListener {
  let suite = '';
  const totals = new Map<string, number>();
  let done = 0;
  let failed = 0;
  let lastRule = '';
  const started = new Map<string, number>();
  const show = () => out.status(`  ${suite.padEnd(WIDTH)} ${done}/${totals.get(suite) ?? 0}${failed ? out.style.red(`  ${failed} failed`) : ''}${lastRule ? `  ${out.style.dim(lastRule)}` : ''}`);
  return {
    onSuiteStart(name, checks) {
      suite = name;
      totals.set(name, checks);
      done = 0;
      failed = 0;
      lastRule = '';
      started.set(name, performance.now());
      show();
    },
    onCheck(result) {
      done++;
      if (result.outcome === 'failed') failed++;
      lastRule = result.rule;
      show();
    },
    onDropped(name) {
      totals.set(name, (totals.get(name) ?? 1) - 1);
      if (name === suite) show();
    },
    onNotice(text) {
      out.line(out.style.yellow(`  ${text}`));
    },
    onSuiteEnd(name, results) {
      if (results.length === 0) return; // nothing of it selected, or another shard's
      const seconds = ((performance.now() - (started.get(name) ?? performance.now())) / 1000).toFixed(1);
      const mark = effectMark(out, heaviest(results.map(effectOf))) ?? out.style.green('✓');
      out.line(`  ${mark} ${name.padEnd(WIDTH)} ${counts(results)} ${out.style.dim(`(${seconds} s)`)}`);
    },
  };
}

function counts(results: readonly CheckResult[]): string {
  const failed = results.filter((r) => r.outcome === 'failed').length;
  const skipped = results.filter((r) => r.outcome === 'skipped').length;
  const errors = results.filter((r) => r.outcome === 'error').length;
  const parts = [plural(results.length, 'check'), `${results.length - failed - skipped - errors} passed`];
  if (failed) parts.push(`${failed} failed`);
  if (skipped) parts.push(`${skipped} skipped`);
  if (errors) parts.push(`${errors} the suite failed in`);
  return parts.join(', ');
}

