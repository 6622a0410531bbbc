import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { RULES } from '../../src/rules/catalogue.js';
import { readReport, runCli, tempDir } from '../support/cli.js';

describe('a run against the bundled reference server', () => {
  it('is conformant with every MUST and SHOULD check passed, exit 0, and writes both reports', async () => {
    const dir = await tempDir();
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--report-dir', dir, '--seed', '7']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);
    expect(stdout).toMatch(/seed +7/);
    // The reference it started is gone after the run: no later run finds the categories its top-up adds.
    expect(stdout).toMatch(/^ {2}The list holds \d+ categories: LIST-2 adds \d+ so that it holds 257\. The bundled reference starts empty on every run, and is gone after it\.$/m);
    expect(stdout).not.toMatch(/later run/);

    const report = await readReport(dir);
    expect(report).toMatchObject({ verdict: 'conformant', targetKind: 'reference', seed: 7, specVersion: '1.0.0', suiteVersion: '0.1.0' });
    expect(report.specSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(report.startedAt)).not.toBeNaN();
    expect(report.durationMs).toBeGreaterThan(0);
    expect(report.summary.byOutcome).toEqual({ passed: report.results.length, failed: 0, skipped: 0, error: 0 });
    expect(report.summary.requests).toBeGreaterThan(200);
    // The requests and checks bench/RESULTS.md gives of a default run (and the README after it) are this run's.
    const bench = await readFile(join(packageRoot, 'bench', 'RESULTS.md'), 'utf8');
    const measured = /^\| default run, `--target reference` \| \d+ \| [^|]+ \| (\d+) \| (\d+) \|/m.exec(bench);
    expect([Number(measured?.[1]), Number(measured?.[2])]).toEqual([report.summary.requests, report.results.length]);
    // Where the time went adds up: the suites' start-up ends with the first request, and requests were open only
    // after it (the first request's time comes from the worker's clock: a millisecond of rounding either way).
    const timings = report.timings!;
    expect(timings.firstRequestMs).toBeGreaterThan(0);
    expect(timings.firstRequestMs).toBeLessThan(timings.suitesMs);
    expect(timings.waitingOnTargetMs).toBeGreaterThan(0);
    expect(timings.waitingOnTargetMs).toBeLessThanOrEqual(timings.suitesMs - timings.firstRequestMs + 2);
    // The suites' worker, started as vitest loaded, is the one vitest asked for (runner/early-worker.ts).
    expect(timings.earlyWorker).toBe(true);
    // Every rule of the catalogue was exercised and kept.
    for (const rule of RULES) expect(report.rules.find((r) => r.id === rule.id)?.outcome, rule.id).toBe('passed');
    for (const result of report.results) {
      expect(['MUST', 'SHOULD', 'INFO']).toContain(result.level);
      if (result.level === 'INFO') expect(result.observation, result.check).toBeTruthy();
      // Every check shows exchanges: those it made, or (an audit) a sample of those it judged.
      expect(result.exchanges.length, result.check).toBeGreaterThan(0);
      expect(result.exchangeCount, result.check).toBeGreaterThanOrEqual(result.exchanges.length > 3 ? 1 : result.exchanges.length);
    }

    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(report.results.length);
    expect(junit).not.toMatch(/<failure/);
    // An area's time is the time its checks ran, at once: before, their summed durations exceeded the run's.
    const run = Number(/<testsuites [^>]*time="([\d.]+)"/.exec(junit)?.[1]);
    const areas = [...junit.matchAll(/<testsuite name="(\w+)"[^>]*time="([\d.]+)"/g)].map((m) => [m[1], Number(m[2])] as const);
    expect(areas.length).toBeGreaterThan(4);
    for (const [area, time] of areas) expect(time, area).toBeLessThanOrEqual(run);
  });

  it('with a MUST fault: non-conformant, exit 1, and the failed result shows the request that broke the rule', async () => {
    const dir = await tempDir();
    // ERROR-2, whose audit judges every check's Errors (--only runs them all for it, unreported), with AUTH-1: that the
    // fault breaks ERROR-2 and no other rule on a full run is selftest's (test/e2e/selftest.test.ts); a MUST failure
    // makes a partial run non-conformant all the same.
    const { code, stdout } = await runCli(['--target', 'reference', '--fault', 'error-status-always-400', '--only', 'AUTH-1', '--only', 'ERROR-2', '--report-dir', dir]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/Verdict: NON-CONFORMANT/);
    const report = await readReport(dir);
    expect(report.verdict).toBe('non-conformant');
    const failed = report.results.filter((r) => r.outcome === 'failed');
    expect(new Set(failed.map((r) => r.rule))).toEqual(new Set(['ERROR-2']));
    const result = failed[0];
    expect(result?.message).toMatch(/Error\.status is 400 in a 401 response/);
    const shown = result?.exchanges.find((e) => e.id === result.failedExchange);
    expect(shown?.response?.status).toBe(401);
    expect(shown?.response?.body).toMatch(/"status":400/);
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<failure type="ERROR-2" message="ERROR-2 \(MUST\) failed: /);
  });

  it('with a SHOULD fault: conformant with a warning, exit 0, no JUnit failure', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', 'reference', '--fault', 'auth-no-challenge', '--report-dir', dir]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT .*SHOULD warning/);
    const report = await readReport(dir);
    expect(report.verdict).toBe('conformant');
    expect(report.rules.find((r) => r.id === 'AUTH-6')?.outcome).toBe('failed');
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit).not.toMatch(/<failure/);
    expect(junit).toMatch(/WARNING: AUTH-6 \(SHOULD\) is not kept/);
  });

  // Before: "9 of 10 checks passed, 1 skipped" and a partial verdict, exit 0, with no word of why (HTTP-1, which
  // judges the redirect, was not run).
  it('says under a rule why its checks were skipped when the verdict is partial', async () => {
    const { code, stdout } = await runCli(['--target', 'reference', '--fault', 'create-redirects', '--only', 'AUTH-3', '--report-dir', await tempDir()]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/AUTH-3 +MUST +\d+ of \d+ checks passed, 1 skipped\n +skipped: createCategory with the valid key .*: cannot be judged: auth-\d+ was answered with a redirect \(308\)/);
    const none = await runCli(['--target', 'reference', '--read-only', '--only', 'CREATE-3', '--report-dir', await tempDir()]);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/^Nothing was judged: every check was skipped, each for a reason given here\.$/m);
    expect(none.stdout).toMatch(/^Not judged, 2 checks: the run is read-only/m);
  });

  it('reproduces generated data with the same seed: the same shrunk counterexample twice', async () => {
    // The two runs at once: each has its own bundled reference and report directory. CREATE-1 alone: each check
    // derives its seed from the run's and its own name, whatever else runs.
    const counterexamples = await Promise.all([1, 2].map(async () => {
      const dir = await tempDir();
      await runCli(['--target', 'reference', '--fault', 'name-truncated', '--seed', '12345', '--only', 'CREATE-1', '--report-dir', dir]);
      const generated = (await readReport(dir)).results.find((r) => r.rule === 'CREATE-1' && r.generated && r.outcome === 'failed');
      expect(generated?.generated?.seed).toBeTypeOf('number');
      return generated?.generated;
    }));
    expect(counterexamples[0]?.counterexample).toMatch(/name/);
    expect(counterexamples[1]).toEqual(counterexamples[0]);
  });
});

describe('a run of one rule (--only) against the bundled reference server', () => {
  // Before: --only ERROR-1 and --only MODEL-1 declared no check, their audits judged the 3 list reads the suites open
  // on, and the run ended incomplete (exit 2, "0 checks, 3 requests", ERROR-1 itself "not run (--only, --skip)").
  it.each([
    ['ERROR-1', 'error-missing-code', /required property "code" is missing/],
    ['MODEL-1', 'description-null', /\/description: must be string/],
  ])('judges %s over a full run\'s exchanges, reporting that rule alone: a fault that breaks it fails it', async (rule, fault, why) => {
    const dir = await tempDir();
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--fault', fault, '--only', rule, '--report-dir', dir]);
    expect(stderr).toBe('');
    expect(code, stdout).toBe(1);
    const report = await readReport(dir);
    expect(report.verdict).toBe('non-conformant');
    expect(new Set(report.results.map((r) => r.rule))).toEqual(new Set([rule]));
    expect(report.results.find((r) => r.outcome === 'failed')?.message).toMatch(why);
    // The checks of the other rules ran for it, unreported: the create suite's requests among those it judged.
    expect(report.results.some((r) => r.suite === 'create')).toBe(true);
    expect(report.summary.requests).toBeGreaterThan(200);
    expect(stdout).toMatch(new RegExp(`^Not run: (?!.*${rule}).* \\(--only, --skip\\)`, 'm'));
  });

  // Every rule, with fewer generated cases: none is left with nothing to judge (an audit whose exchanges no check sent).
  it.each(RULES.map((r) => r.id))('gives --only %s a partial verdict with checks of that rule alone', async (rule) => {
    const dir = await tempDir();
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--runs', '2', '--only', rule, '--report-dir', dir]);
    expect(stderr).toBe('');
    expect(code, stdout).toBe(0);
    const report = await readReport(dir);
    expect(report.verdict).toBe('partial');
    expect(report.results.length).toBeGreaterThan(0);
    expect(new Set(report.results.map((r) => r.rule))).toEqual(new Set([rule]));
    expect(report.rules.find((r) => r.id === rule)?.outcome).not.toBe('not run');
  });
});
