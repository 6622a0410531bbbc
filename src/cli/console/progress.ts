import { plural } from '../../core/plural.js';
import type { CheckResult } from '../../results/run-report.js';
import { heaviest, type Effect } from '../../results/verdict.js';
import type { RunListener } from '../../runner/listener.js';
import { effectMark } from './marks.js';
import type { Output } from './output.js';

/** Width of the suite names' column. */
const WIDTH = 17;

/**
 * Shows a run's progress: a live counter of the run's checks on a terminal (the suites run side by side), and a line
 * per finished suite everywhere, marked by the heaviest effect of its checks (`effectOf`: each check judged as the
 * report will judge it). The counter's total is the suites' tests less those that end as no check (see
 * RunListener.onDropped), so that it ends at the count of the suites' lines and the report.
 */
export function progressListener(out: Output, effectOf: (result: CheckResult) => Effect): RunListener {
  let total = 0;
  let done = 0;
  let failed = 0;
  let lastRule = '';
  const started = new Map<string, number>();
  const show = () => out.status(`  ${'checks'.padEnd(WIDTH)} ${done}/${total}${failed ? out.style.red(`  ${failed} failed`) : ''}${lastRule ? `  ${out.style.dim(lastRule)}` : ''}`);
  return {
    onSuiteStart(name, checks) {
      total += checks;
      started.set(name, performance.now());
      show();
    },
    onCheck(result) {
      done++;
      if (result.outcome === 'failed') failed++;
      lastRule = result.rule;
      show();
    },
    onDropped() {
      total--;
      show();
    },
    onNotice(text) {
      out.line(out.style.yellow(`  ${text}`));
    },
    onSuiteEnd(name, results) {
      if (results.length === 0) return; // nothing of it selected, or another shard's
      const seconds = (suiteMs(results, started.get(name)) / 1000).toFixed(1);
      const mark = effectMark(out, heaviest(results.map(effectOf))) ?? out.style.green('✓');
      out.line(`  ${mark} ${name.padEnd(WIDTH)} ${counts(results)} ${out.style.dim(`(${seconds} s)`)}`);
    },
  };
}

/**
 * A suite's own time, from its first check's start to now: the suites of a wave start together once the waves before
 * them have ended, and were all told of at the run's start. A suite whose checks recorded no start counts from then.
 */
function suiteMs(results: readonly CheckResult[], toldOfAt: number | undefined): number {
  const starts = results.flatMap((r) => (r.startedAt === undefined ? [] : [r.startedAt]));
  if (starts.length > 0) return Math.max(0, Date.now() - Math.min(...starts));
  return toldOfAt === undefined ? 0 : performance.now() - toldOfAt;
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

