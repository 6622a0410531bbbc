import type { CheckResult } from '../../results/model.js';
import type { RunListener } from '../../runner/listener.js';
import type { Output } from './output.js';

/** Width of the suite names' column. */
const WIDTH = 17;

/** Shows a run's progress: a live counter on a terminal, and a line per finished suite everywhere. */
export function progressListener(out: Output): RunListener {
  let suite = '';
  let total = 0;
  let done = 0;
  let failed = 0;
  const started = new Map<string, number>();
  return {
    onSuiteStart(name, checks) {
      suite = name;
      total = checks;
      done = 0;
      failed = 0;
      started.set(name, performance.now());
      out.status(`  ${name.padEnd(WIDTH)} 0/${total}`);
    },
    onCheck(result) {
      done++;
      if (result.outcome === 'failed') failed++;
      out.status(`  ${suite.padEnd(WIDTH)} ${done}/${total}${failed ? out.style.red(`  ${failed} failed`) : ''}  ${out.style.dim(result.rule)}`);
    },
    onNotice(text) {
      out.line(out.style.yellow(`  ${text}`));
    },
    onSuiteEnd(name, results) {
      if (results.length === 0) return; // nothing of it selected, or another shard's
      const seconds = ((performance.now() - (started.get(name) ?? performance.now())) / 1000).toFixed(1);
      out.line(`  ${mark(out, results)} ${name.padEnd(WIDTH)} ${counts(results)} ${out.style.dim(`(${seconds} s)`)}`);
    },
  };
}

function mark(out: Output, results: readonly CheckResult[]): string {
  if (results.some((r) => r.outcome === 'failed' && r.level === 'MUST')) return out.style.red('✗');
  if (results.some((r) => r.outcome === 'failed')) return out.style.yellow('!');
  return out.style.green('✓');
}

function counts(results: readonly CheckResult[]): string {
  const failed = results.filter((r) => r.outcome === 'failed').length;
  const skipped = results.filter((r) => r.outcome === 'skipped').length;
  const parts = [`${results.length} checks`, `${results.length - failed - skipped} passed`];
  if (failed) parts.push(`${failed} failed`);
  if (skipped) parts.push(`${skipped} skipped`);
  return parts.join(', ');
}
