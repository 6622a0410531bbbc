import { createHash } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CI_RUN_IDS } from '../../src/cli/shard-seed.js';
import { titleOf, type RunReport } from '../../src/results/run-report.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { reference } from '../support/reference.js';

describe('--certify and verify', () => {
  it('certifies a run of the implementation named, says the files are intact and that this is no signature, and catches a report edited afterwards', async () => {
    const dir = await tempDir();
    const run = await runCli(['--target', 'reference', '--certify', '--implementation', ' petstore-reference   0.1.0 ', '--report-dir', dir]);
    expect(run.stdout).toMatch(/^runs {4}petstore-reference 0\.1\.0 \(--implementation\)$/m);
    expect(run.stdout).toMatch(/^Verdict: CONFORMANT for petstore-reference 0\.1\.0 {2}0 MUST failures/m);
    const certificate = JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8')) as Record<string, unknown>;
    const report = await readReport(dir);
    expect(report.implementation).toBe('petstore-reference 0.1.0');
    expect(certificate).toMatchObject({ target: report.target, implementation: 'petstore-reference 0.1.0', seed: report.seed, specSha256: report.specSha256, suiteVersion: report.suiteVersion, verdict: 'conformant' });
    expect(Object.keys(certificate['files'] as object).sort()).toEqual(['badge.svg', 'junit.xml', 'report.har', 'report.html', 'report.json', 'summary.md']);
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toMatch(/^`http:\/\/127\.0\.0\.1:\d+\/v1` · petstore-reference 0\.1\.0 · spec /m);
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toContain('<property name="implementation" value="petstore-reference 0.1.0"/>');
    const verified = await runCli(['verify', dir]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^intact: the files in .* are as they were when its certificate\.json was made/);
    expect(verified.stdout).toMatch(/^this is not a signature: whoever can edit the files can write a new certificate for them; .*gh attestation verify certificate\.json/m);
    expect(verified.stdout).toMatch(/^Certified verdict: CONFORMANT \(petstore-reference 0\.1\.0 at http:\/\/127\.0\.0\.1:\d+\/v1, spec /m);

    // Before: "verified" for a report whose target was edited, its hashes made again. The files are intact as the new
    // certificate has them, and verify says no more than that.
    const forged = await tempDir();
    await cp(dir, forged, { recursive: true });
    const reportText = (await readFile(join(forged, 'report.json'), 'utf8')).replaceAll(report.target, 'https://petstore.example.com/v1');
    await writeFile(join(forged, 'report.json'), reportText);
    const files = { ...certificate['files'] as Record<string, string>, 'report.json': createHash('sha256').update(reportText).digest('hex') };
    await writeFile(join(forged, 'certificate.json'), JSON.stringify({ ...certificate, target: 'https://petstore.example.com/v1', files }));
    const rewritten = await runCli(['verify', forged]);
    expect(rewritten.code).toBe(0);
    expect(rewritten.stdout).not.toMatch(/verified/);
    expect(rewritten.stdout).toMatch(/^intact: .*\nthis is not a signature/m);

    const junit = join(dir, 'junit.xml');
    await writeFile(junit, (await readFile(junit, 'utf8')).replace('failures="0"', 'failures="1"'));
    const tampered = await runCli(['verify', dir]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/✗ junit\.xml was changed after the certificate was made/);
    expect(tampered.stdout).toMatch(/^not intact: 1 problem in /m);

    // Dropping the edited file from the certificate does not hide the edit.
    delete (certificate['files'] as Record<string, string>)['junit.xml'];
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
  const key = 'psk_shard_test_key_0123456789';

  /**
   * Runs every shard of a run against one target, one after another, then merges them; and the same run unsharded,
   * against another target, while the shards run (it shares nothing with them).
   */
  async function shardedAndSingle(count: number, args: readonly string[]) {
    const target = (await reference({ apiKey: key })).url;
    const singleTarget = (await reference({ apiKey: key })).url;
    const runSingle = async () => {
      const single = await tempDir();
      await runCli(['--target', singleTarget, '--seed', '21', ...args, '--report-dir', single], { PETSTORE_API_KEY: key });
      return readReport(single);
    };
    const runShards = async () => {
      const dirs = await Promise.all(Array.from({ length: count }, () => tempDir()));
      for (const [i, dir] of dirs.entries()) {
        const { code } = await runCli(['--target', target, '--seed', '21', ...args, '--shard', `${i + 1}/${count}`, '--report-dir', dir], { PETSTORE_API_KEY: key });
        expect(code).toBe(0);
        expect((await readReport(dir)).verdict).toBe('partial');
      }
      return dirs;
    };
    const [dirs, single] = await Promise.all([runShards(), runSingle()]);
    const merged = await tempDir();
    const result = await runCli(['merge', ...dirs, '--report-dir', merged]);
    return { dirs, result, merged: await readReport(merged), single };
  }
  const once = new Map<string, ReturnType<typeof shardedAndSingle>>();
  /**
   * {@link shardedAndSingle}, once for each count and flags: the refusal tests below merge shards of these runs
   * again (they only read their report directories) rather than run shards of their own.
   */
  function shardedAndSingleOnce(count: number, args: readonly string[]): ReturnType<typeof shardedAndSingle> {
    const id = JSON.stringify([count, args]);
    const run = once.get(id) ?? shardedAndSingle(count, args);
    once.set(id, run);
    return run;
  }
  const TWO_SHARDS = [2, []] as const;
  const THREE_SHARDS_BUDGET_BINDS = [3, ['--max-writes', '45', '--top-up', '0']] as const;
  const outcomes = (report: RunReport) => new Map(report.results.map((r) => [titleOf(r), r.outcome]));

  it('two shards of a default run merged give the full verdict of one run with the same seed', async () => {
    const { result, merged, single } = await shardedAndSingleOnce(...TWO_SHARDS);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/merged the 2 shards of the run/);
    expect(outcomes(merged)).toEqual(outcomes(single));
    expect(merged.verdict).toBe('conformant');
    expect(merged.writes.budget).toBe(100);
    expect(merged.writes.spent).toBe(single.writes.spent);
  });

  // Every shard reserves the other shards' writes as one run would, but cannot know what of them those shards gave
  // back unused (a second try not needed, a shrink that never happened): it counts them spent. So the shards judge
  // no check that one run would not, and together stay within the budget.
  it('plans the whole run in every shard: under a budget that binds, the shards stay within it together', async () => {
    const { merged, single } = await shardedAndSingleOnce(...THREE_SHARDS_BUDGET_BINDS);
    expect(single.verdict).toBe('partial');
    expect(merged.verdict).toBe('partial');
    expect(merged.writes.spent).toBeLessThanOrEqual(45);
    const judged = (report: RunReport) => report.results.filter((r) => !r.withheld).map(titleOf);
    expect(judged(single)).toEqual(expect.arrayContaining(judged(merged)));
    expect(judged(merged).length).toBeGreaterThan(200);
  });

  it('refuses a set that lacks a shard, or holds one twice', async () => {
    // Shards 1 and 2 of the three of the run above.
    const dirs = (await shardedAndSingleOnce(...THREE_SHARDS_BUDGET_BINDS)).dirs.slice(0, 2);
    const lacking = await runCli(['merge', ...dirs]);
    expect(lacking.code).toBe(2);
    expect(lacking.stderr.trim()).toBe(`petstore-conformance: the run was cut into 3 shards, but shard 3/3 is missing: give every shard's report directory`);
    const twice = await runCli(['merge', dirs[0] as string, dirs[0] as string]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/shard 1\/3 is given twice/);
  });

  it('refuses to merge shards that judged differently: other rules, another profile', async () => {
    const target = (await reference({ apiKey: key })).url;
    const dirs = [await tempDir(), await tempDir(), await tempDir()];
    const shard = (dir: string, index: number, args: readonly string[]) => runCli(['--target', target, '--seed', '4', '--only', 'AUTH-3', ...args, '--shard', `${index}/2`, '--report-dir', dir], { PETSTORE_API_KEY: key });
    await shard(dirs[0] as string, 1, []);
    await shard(dirs[1] as string, 2, ['--skip', 'AUTH-3', '--only', 'AUTH-1']);
    await shard(dirs[2] as string, 2, ['--profile', 'ci']);
    const rules = await runCli(['merge', dirs[0] as string, dirs[1] as string]);
    expect(rules.code).toBe(2);
    expect(rules.stderr).toMatch(/the shards are not of one run: .* has selection --only AUTH-3,AUTH-1 --skip AUTH-3, .* has --only AUTH-3 --skip \(none\)$/m);
    const profile = await runCli(['merge', dirs[0] as string, dirs[2] as string]);
    expect(profile.code).toBe(2);
    expect(profile.stderr).toMatch(/the shards are not of one run: .* has settings\.profile ci, .* has staging$/m);
  });

  it('refuses to merge shards of different runs', async () => {
    // Shard 1/2 of the first run above (seed 21, its own target), and shard 2/2 of another run.
    const dirs = [(await shardedAndSingleOnce(...TWO_SHARDS)).dirs[0] as string, await tempDir()];
    await runCli(['--target', 'reference', '--seed', '2', '--shard', '2/2', '--report-dir', dirs[1] as string]);
    const { code, stderr } = await runCli(['merge', ...dirs]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/the shards are not of one run: .* has (target|seed) /);
  });

  // Before: shards run as --help showed them (no --seed) each drew a seed of its own, and merge refused them.
  it('gives the shards of one CI run one seed without --seed, from the run\'s id; outside CI, --shard asks for --seed', async () => {
    const target = (await reference({ apiKey: key })).url;
    const noCi = Object.fromEntries(CI_RUN_IDS.map((name) => [name, undefined]));
    const dirs = [await tempDir(), await tempDir()];
    const shards = await Promise.all(dirs.map((dir, i) => runCli(['--target', target, '--only', 'AUTH-3', '--shard', `${i + 1}/2`, '--report-dir', dir],
      { ...noCi, PETSTORE_API_KEY: key, GITHUB_RUN_ID: '9876543210' })));
    for (const shard of shards) expect(shard.stdout).toMatch(/^seed +\d+ \(from GITHUB_RUN_ID: every shard of this CI run takes it\)$/m);
    const merged = await runCli(['merge', ...dirs, '--report-dir', await tempDir()]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);

    const outside = await runCli(['--target', target, '--shard', '1/2'], { ...noCi, PETSTORE_API_KEY: key });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/^petstore-conformance: --shard needs the same --seed in every shard, so that merge can combine them: give each shard --seed <int>/);
  });
});
