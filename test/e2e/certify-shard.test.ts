import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { titleOf } from '../../src/results/model.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { reference } from '../support/reference.js';

describe('--certify and verify', () => {
  it('certifies a run, verifies it, and catches a report edited afterwards', async () => {
    const dir = await tempDir();
    await runCli(['--target', 'reference', '--certify', '--report-dir', dir]);
    const certificate = JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8')) as Record<string, unknown>;
    const report = await readReport(dir);
    expect(certificate).toMatchObject({ target: report.target, seed: report.seed, specSha256: report.specSha256, suiteVersion: report.suiteVersion, verdict: 'conformant' });
    expect(Object.keys(certificate['files'] as object).sort()).toEqual(['badge.svg', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
    const verified = await runCli(['verify', dir]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/verified: the reports in .* are as the run wrote them/);

    const junit = join(dir, 'junit.xml');
    await writeFile(junit, (await readFile(junit, 'utf8')).replace('failures="0"', 'failures="1"'));
    const tampered = await runCli(['verify', dir]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/✗ junit\.xml was changed after the run/);

    // Dropping the edited file from the certificate does not hide the edit.
    const files = certificate['files'] as Record<string, string>;
    delete files['junit.xml'];
    await writeFile(join(dir, 'certificate.json'), JSON.stringify(certificate));
    const uncovered = await runCli(['verify', dir]);
    expect(uncovered.code).toBe(1);
    expect(uncovered.stdout).toMatch(/✗ the certificate does not cover junit\.xml/);
  });

  it('exits 2 for a directory without a certificate', async () => {
    const { code, stderr } = await runCli(['verify', await tempDir()]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot verify .*: ENOENT; it needs the certificate\.json a run with --certify writes/);
  });
});

describe('--shard and merge', () => {
  // With a budget that binds, shards (which share it) and a single run plan different checks: give one that does not.
  it('two shards merged give the results of one run with the same seed', async () => {
    const key = 'psk_shard_test_key_0123456789';
    const target = (await reference({ apiKey: key })).url;
    const shards = [await tempDir(), await tempDir()];
    for (const [i, dir] of shards.entries()) {
      const { code } = await runCli(['--target', target, '--seed', '21', '--max-writes', '10000', '--shard', `${i + 1}/2`, '--report-dir', dir], { PETSTORE_API_KEY: key });
      expect(code).toBe(0);
      expect((await readReport(dir)).verdict).toBe('partial');
    }
    const merged = await tempDir();
    const { code, stdout } = await runCli(['merge', ...shards, '--report-dir', merged]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/merged 2 shards/);
    const single = await tempDir();
    await runCli(['--target', (await reference({ apiKey: key })).url, '--seed', '21', '--max-writes', '10000', '--report-dir', single], { PETSTORE_API_KEY: key });
    const outcomes = async (dir: string) => new Map((await readReport(dir)).results.map((r) => [titleOf(r), r.outcome]));
    expect(await outcomes(merged)).toEqual(await outcomes(single));
    expect((await readReport(merged)).verdict).toBe('conformant');
  });

  it('refuses to merge shards of different runs', async () => {
    const dirs = [await tempDir(), await tempDir()];
    await runCli(['--target', 'reference', '--seed', '1', '--shard', '1/2', '--report-dir', dirs[0] as string]);
    await runCli(['--target', 'reference', '--seed', '2', '--shard', '2/2', '--report-dir', dirs[1] as string]);
    const { code, stderr } = await runCli(['merge', ...dirs]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/the shards are not of one run: .* has (target|seed) /);
  });
});
