import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from '../support/cli.js';

describe('--expect-failures', () => {
  it('keeps listed failures from the verdict and the exit code, and flags entries that no longer fail', async () => {
    const dir = await tempDir();
    const list = join(dir, 'expected.json');
    await writeFile(list, JSON.stringify({ expectedFailures: [
      { id: 'ERROR-2', reason: 'the legacy error mapper; fix tracked in OPS-42' },
      { id: 'CREATE-3', reason: 'was broken last quarter' },
    ] }));
    const { code, stdout } = await runCli(['--target', 'reference', '--fault', 'error-status-always-400', '--expect-failures', list, '--report-dir', dir]);
    expect(code).toBe(0);
    const report = await readReport(dir);
    expect(report.verdict).toBe('conformant');
    const expected = report.results.filter((r) => r.expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((r) => r.rule === 'ERROR-2' && r.expected?.reason.includes('OPS-42'))).toBe(true);
    expect(report.expectations?.stale).toEqual([{ entry: 'CREATE-3', reason: 'was broken last quarter', why: 'now passes' }]);
    expect(stdout).toMatch(/Stale expected failure "CREATE-3": now passes/);
  });

  it('refuses an entry without a reason, with exit 2', async () => {
    const dir = await tempDir();
    const list = join(dir, 'expected.json');
    await writeFile(list, JSON.stringify([{ id: 'ERROR-2' }]));
    const { code, stderr } = await runCli(['--target', 'reference', '--expect-failures', list]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/entry 1 \(ERROR-2\) has no "reason": every expected failure needs one/);
  });
});

describe('--baseline', () => {
  /**
   * The rules the faults break, the same in every run of the test: ERROR-2 (error-status-always-400), judged by an audit
   * of the 401s that AUTH-1's checks get, and CREATE-1 (name-trimmed). That each fault breaks its rule and no other
   * on a full run is selftest's (test/e2e/selftest.test.ts); a MUST failure makes a partial run non-conformant.
   */
  const RULES_THE_FAULTS_BREAK = ['--only', 'AUTH-1', '--only', 'ERROR-2', '--only', 'CREATE-1'];

  it('reports new, fixed and unchanged failures; --fail-on new fails only on regressions', async () => {
    const base = await tempDir();
    await runCli(['--target', 'reference', '--fault', 'error-status-always-400', '--seed', '5', ...RULES_THE_FAULTS_BREAK, '--report-dir', base]);
    const baseline = join(base, 'report.json');

    // The three runs against the baseline at once: each has its own bundled reference and report directory, and
    // only reads the baseline.
    const [same, worse, fixedDir] = [await tempDir(), await tempDir(), await tempDir()];
    const [unchanged, regressed] = await Promise.all([
      runCli(['--target', 'reference', '--fault', 'error-status-always-400', '--seed', '5', ...RULES_THE_FAULTS_BREAK, '--baseline', baseline, '--fail-on', 'new', '--report-dir', same]),
      runCli(['--target', 'reference', '--fault', 'error-status-always-400', '--fault', 'name-trimmed', '--seed', '5', ...RULES_THE_FAULTS_BREAK, '--baseline', baseline, '--fail-on', 'new', '--report-dir', worse]),
      runCli(['--target', 'reference', '--seed', '5', ...RULES_THE_FAULTS_BREAK, '--baseline', baseline, '--report-dir', fixedDir]),
    ]);
    expect(unchanged.code).toBe(0);
    const sameReport = await readReport(same);
    expect(sameReport.verdict).toBe('non-conformant');
    expect(sameReport.baseline?.newFailures).toEqual([]);
    expect(sameReport.baseline?.stillFailing.length).toBeGreaterThan(0);

    expect(regressed.code).toBe(1);
    const worseReport = await readReport(worse);
    expect(worseReport.baseline?.newFailures.length).toBeGreaterThan(0);
    expect(worseReport.baseline?.newFailures.every((t) => t.startsWith('CREATE-1'))).toBe(true);

    const fixedReport = await readReport(fixedDir);
    expect(fixedReport.baseline?.fixed.length).toBe(sameReport.baseline?.stillFailing.length);
  });

  it('refuses --fail-on new without a baseline', async () => {
    const { code, stderr } = await runCli(['--target', 'reference', '--fail-on', 'new']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--fail-on new needs --baseline/);
  });
});

describe('--only and --skip', () => {
  it('run the selected rules only, name the rest as not run, and claim no full verdict', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', 'reference', '--only', 'auth', '--only', 'CREATE-2', '--skip', 'AUTH-7', '--report-dir', dir]);
    expect(code).toBe(0);
    const report = await readReport(dir);
    expect(report.verdict).toBe('partial');
    expect(new Set(report.results.map((r) => r.rule))).toEqual(new Set(['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-5', 'AUTH-6', 'CREATE-2']));
    expect(report.rules.filter((r) => r.outcome === 'not run').map((r) => r.id)).toContain('AUTH-7');
    expect(report.selection).toEqual({ only: ['AUTH', 'CREATE-2'], skip: ['AUTH-7'] });
    expect(stdout).toMatch(/Verdict: PARTIAL/);
  });

  it('refuses names that are neither rules nor areas', async () => {
    const { code, stderr } = await runCli(['--target', 'reference', '--only', 'AUTH-99']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/not "AUTH-99"/);
  });
});
