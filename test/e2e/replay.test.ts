import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from '../support/cli.js';

describe('--replay', () => {
  it('runs exactly the recorded counterexample of a failed generated check again, against the same or another target', async () => {
    const first = await tempDir();
    // name-trimmed at seed 42: a generated name's shrunk case whose replay, once fixed, fast-check went on past.
    await runCli(['--target', 'reference', '--fault', 'name-trimmed', '--seed', '42', '--report-dir', first]);
    const failed = (await readReport(first)).results.find((r) => r.generated && r.outcome === 'failed');
    expect(failed?.generated?.path).toBeDefined();

    const again = await tempDir();
    const broken = await runCli(['--target', 'reference', '--fault', 'name-trimmed', '--replay', `${first}/report.json`, failed?.check ?? '', '--report-dir', again]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/Replay: reproduced: the check failed in the report and failed now/);
    const replayed = await readReport(again);
    const check = replayed.results.find((r) => r.check === failed?.check);
    expect(check?.outcome).toBe('failed');
    expect(check?.exchangeCount, 'only the recorded case is sent').toBe(1);
    expect(check?.generated?.counterexample).toBe(failed?.generated?.counterexample);
    expect(replayed.seed).toBe(42);
    expect(new Set(replayed.results.map((r) => r.suite))).toEqual(new Set([failed?.suite]));

    const fixed = await tempDir();
    const clean = await runCli(['--target', 'reference', '--replay', `${first}/report.json`, 'generated valid names', '--report-dir', fixed]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/Replay: not reproduced: the check failed in the report and passed now/);
    const passed = (await readReport(fixed)).results.find((r) => r.check === failed?.check);
    expect(passed?.exchangeCount, 'a replay that passes sends its one case, not more').toBe(1);
  });

  it.each([
    [['--replay', 'r.json'], /--replay takes the report and the check/],
    [['--replay', 'missing.json', 'x'], /cannot read the report missing\.json to replay: ENOENT/],
    [['--replay', 'package.json', 'x'], /package\.json is not a petstore-conformance report\.json/],
    [['--replay', 'r.json', 'x', '--seed', '1'], /--replay runs with the seed of the report/],
  ])('refuses %j with exit 2', async (args, message) => {
    const result = await runCli(['--target', 'reference', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('says which checks match when the name is ambiguous or unknown', async () => {
    const dir = await tempDir();
    await runCli(['--target', 'reference', '--report-dir', dir]);
    const ambiguous = await runCli(['--target', 'reference', '--replay', `${dir}/report.json`, 'gets 401']);
    expect(ambiguous.stderr).toMatch(/"gets 401" matches \d+ checks of .* \("AUTH-1 listCategories with no credential gets 401", /);
    const unknown = await runCli(['--target', 'reference', '--replay', `${dir}/report.json`, 'no such check']);
    expect(unknown.stderr).toMatch(/no check of .* matches "no such check"/);
  });
});
