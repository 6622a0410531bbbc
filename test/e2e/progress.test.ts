import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/results/run-report.js';
import { runCli, tempDir } from '../support/cli.js';

/** Makes the CLI's stdout a terminal, so that it shows the live counter (which it does only on one). */
const AS_TERMINAL = { NODE_OPTIONS: "--import=data:text/javascript,Object.defineProperty(process.stdout,'isTTY',{value:true})", CI: '' };

describe('the live counter', () => {
  it('ends every suite at the count of its line, and the suites add up to the final counts and report.json', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', 'reference', '--seed', '7', '--report-dir', dir], AS_TERMINAL);
    expect(code).toBe(0);
    // eslint-disable-next-line no-control-regex
    const pieces = stdout.replace(/\u001b\[2K/g, '').split(/[\r\n]/);
    const live = new Map<string, { done: number; total: number }>();
    const lines = new Map<string, number>();
    for (const piece of pieces) {
      const status = /^ {2}(\S+) +(\d+)\/(\d+)(?: |$)/.exec(piece);
      if (status) live.set(status[1] as string, { done: Number(status[2]), total: Number(status[3]) });
      const line = /^ {2}[✓✗!] (\S+) +(\d+) checks?, /.exec(piece);
      if (line) lines.set(line[1] as string, Number(line[2]));
    }
    expect(live.size, 'the counter was shown').toBeGreaterThan(5);
    expect([...live.keys()].sort()).toEqual([...lines.keys()].sort());
    for (const [suite, { done, total }] of live) {
      expect({ suite, done, total }).toEqual({ suite, done: lines.get(suite), total: lines.get(suite) });
    }
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const sum = [...lines.values()].reduce((a, b) => a + b, 0);
    expect(report.summary.checks).toBe(sum);
    expect(report.results).toHaveLength(sum);
    const { passed, failed, skipped } = report.summary.byOutcome;
    expect(stdout).toContain(`${passed} passed, ${failed} failed, ${skipped} skipped of ${sum} checks,`);
  });
});
