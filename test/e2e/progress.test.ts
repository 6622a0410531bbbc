import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/results/run-report.js';
import { runCli, tempDir } from '../support/cli.js';

/** Makes the CLI's stdout a terminal, so that it shows the live counter (which it does only on one). */
const AS_TERMINAL = { NODE_OPTIONS: "--import=data:text/javascript,Object.defineProperty(process.stdout,'isTTY',{value:true})", CI: '' };

describe('the live counter', () => {
  it('counts the run\'s checks as the suites run side by side, and ends at the sum of the suites\' lines, the final counts and report.json', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', 'reference', '--seed', '7', '--report-dir', dir], AS_TERMINAL);
    expect(code).toBe(0);
    // eslint-disable-next-line no-control-regex
    const pieces = stdout.replace(/\u001b\[2K/g, '').split(/[\r\n]/);
    const live: { done: number; total: number }[] = [];
    const lines = new Map<string, number>();
    for (const piece of pieces) {
      const status = /^ {2}checks +(\d+)\/(\d+)(?: |$)/.exec(piece);
      if (status) live.push({ done: Number(status[1]), total: Number(status[2]) });
      const line = /^ {2}[✓✗!] (\S+) +(\d+) checks?, /.exec(piece);
      if (line) lines.set(line[1] as string, Number(line[2]));
    }
    expect(live.length, 'the counter was shown').toBeGreaterThan(5);
    expect(lines.size).toBe(9);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const sum = [...lines.values()].reduce((a, b) => a + b, 0);
    expect(live.at(-1)).toEqual({ done: sum, total: sum });
    expect(live.every(({ done, total }, i) => done <= total && done >= (live[i - 1]?.done ?? 0))).toBe(true);
    expect(report.summary.checks).toBe(sum);
    expect(report.results).toHaveLength(sum);
    const { passed, failed, skipped } = report.summary.byOutcome;
    expect(stdout).toContain(`${passed} passed, ${failed} failed, ${skipped} skipped of ${sum} checks,`);
  });
});
