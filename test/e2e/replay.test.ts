import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Exchange, RunReport } from '../../src/results/run-report.js';
import { curlCommand } from '../../src/report/reproduce.js';
import { reference } from '../support/reference.js';
import { readReport, runCli, tempDir } from '../support/cli.js';

let plainOnce: Promise<string> | undefined;
/**
 * The report directory of a plain run against the bundled reference (no fault, no flag but the directory and the
 * rules). The tests that use it only replay from its report.json, which they do not change: it runs once for them.
 * The rules are those whose checks they name: AUTH-1's and AUTH-3's checks, AUTH-4's closing check and HTTP-1's audit
 * of the auth suite (for which every check runs, unreported: see runsChecksOf).
 */
function plainRunDir(): Promise<string> {
  plainOnce ??= (async () => {
    const dir = await tempDir();
    await runCli(['--target', 'reference', '--only', 'AUTH-1', '--only', 'AUTH-3', '--only', 'AUTH-4', '--only', 'HTTP-1', '--report-dir', dir]);
    return dir;
  })();
  return plainOnce;
}

let nameTrimmedOnce: Promise<{ dir: string; stdout: string }> | undefined;
/**
 * A run against the bundled reference with name-trimmed at seed 42 (a generated name's shrunk case whose replay, once
 * fixed, fast-check went on past): its report directory and what it printed. The tests that use it replay from its
 * report.json, which they do not change (one replays from changed copies): it runs once for them. CREATE-1 only, the
 * rule the fault breaks: the tests replay its failed checks and read what the run printed under them. 40 cases a
 * property, not the profile's: one test holds a replay to the count the report recorded.
 */
function nameTrimmedRun(): Promise<{ dir: string; stdout: string }> {
  nameTrimmedOnce ??= (async () => {
    const dir = await tempDir();
    const { stdout } = await runCli(['--target', 'reference', '--fault', 'name-trimmed', '--seed', '42', '--runs', '40', '--only', 'CREATE-1', '--report-dir', dir]);
    return { dir, stdout };
  })();
  return nameTrimmedOnce;
}

describe('--replay', () => {
  it('runs exactly the recorded counterexample of a failed generated check again, against the same or another target', async () => {
    const { dir: first } = await nameTrimmedRun();
    const failed = (await readReport(first)).results.find((r) => r.generated && r.outcome === 'failed');
    expect(failed?.generated?.path).toBeDefined();

    // Without --target: the report's target and how it was reached (the bundled reference, its fault). Before, a replay
    // needed them given again.
    const again = await tempDir();
    const broken = await runCli(['--replay', `${first}/report.json`, failed?.check ?? '', '--report-dir', again]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^target +http:\S+ \(bundled reference server: name-trimmed\)$/m);
    expect(broken.stdout).toMatch(/Replay: reproduced: the check failed in the report and failed now/);
    const replayed = await readReport(again);
    const check = replayed.results.find((r) => r.check === failed?.check);
    expect(check?.outcome).toBe('failed');
    expect(check?.exchangeCount, 'only the recorded case is sent').toBe(1);
    expect(check?.generated?.counterexample).toBe(failed?.generated?.counterexample);
    expect(replayed.seed).toBe(42);
    expect(new Set(replayed.results.map((r) => r.suite))).toEqual(new Set([failed?.suite]));

    const fixed = await tempDir();
    const clean = await runCli(['--target', 'reference', '--replay', `${first}/report.json`, 'generated valid NewCategories', '--report-dir', fixed]);
    expect(clean.code).toBe(0);
    // Before: "not reproduced", as if the replay had gone wrong.
    expect(clean.stdout).toMatch(/Replay: passes now: the check failed in the report and passed now/);
    const passed = (await readReport(fixed)).results.find((r) => r.check === failed?.check);
    expect(passed?.exchangeCount, 'a replay that passes sends its one case, not more').toBe(1);
  });

  it('prints, under each failed check shown, a replay command that runs as pasted (no curl: the bundled reference stops with the run)', async () => {
    const first = await nameTrimmedRun();
    const replays = first.stdout.split('\n').filter((l) => l.trim().startsWith('replay: ')).map((l) => l.trim().slice('replay: '.length));
    expect(replays.length).toBeGreaterThan(0);
    // The bundled reference stops with the run: its requests are not given as curl commands.
    expect(first.stdout).not.toMatch(/^\s+curl: /m);
    const command = replays[0] as string;
    expect(command).toMatch(/^node dist\/src\/cli\/main\.js --target reference --fault name-trimmed --replay \S+report\.json '[A-Z]+-\d+ .*'$/);
    // Pasted into bash where the run was started (the package's directory, as runCli runs it).
    const again = spawnSync('bash', ['-c', `${command} --report-dir ${await tempDir()}`], { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 180_000 });
    expect(again.status, again.stdout + again.stderr).toBe(1);
    expect(again.stdout).toMatch(/Replay: reproduced: the check failed in the report and failed now/);
  });

  it('prints the curl of an example\'s failing request when the target outlives the run, as report.html has it', async () => {
    const server = await reference({ faults: ['name-trimmed'] });
    const dir = await tempDir();
    // CREATE-1 only, the rule the fault breaks: its examples fail, and the test reads what is printed under one.
    const run = await runCli(['--target', server.url, '--only', 'CREATE-1', '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
    const report = await readReport(dir);
    const failed = report.results.find((r) => r.outcome === 'failed' && !r.generated && r.kind === 'check');
    const exchange = failed?.exchanges.find((e) => e.id === failed.failedExchange);
    expect(exchange).toBeDefined();
    expect(run.stdout.split('\n').map((l) => l.trim())).toContain(`curl: ${curlCommand(exchange as Exchange)}`);
    expect(run.stdout).toMatch(/^\s+replay: node dist\/src\/cli\/main\.js --target http:\/\/127\.0\.0\.1:\d+\/v1 --replay /m);
  });

  it.each([
    [['--replay', 'r.json'], /--replay takes the report and the check/],
    [['--replay', 'missing.json', 'x'], /cannot read the report missing\.json to replay: ENOENT/],
    [['--replay', 'package.json', 'x'], /package\.json is not a petstore-conformance report\.json/],
    [['--replay', 'r.json', 'x', '--seed', '1'], /--replay runs with the seed of the report/],
    [['--replay', 'r.json', 'x', '--runs', '5'], /--replay runs as many cases as the report it replays; drop --runs/],
  ])('refuses %j with exit 2', async (args, message) => {
    const result = await runCli(['--target', 'reference', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('replays with what judges the check: a create that creates despite a 401 fails AUTH-4 in the replay too', async () => {
    const first = await tempDir();
    // AUTH-2 only: the replay needs the report to have recorded its check, and runs the suite's closing checks itself.
    await runCli(['--target', 'reference', '--fault', 'auth-store-before-check', '--seed', '42', '--only', 'AUTH-2', '--report-dir', first]);
    const again = await tempDir();
    const replay = await runCli(['--target', 'reference', '--fault', 'auth-store-before-check', '--replay', `${first}/report.json`,
      'generated invalid credentials get 401 on createCategory and create nothing', '--report-dir', again]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/Replay: reproduced: the check passed in the report and passed now; the replay's other checks of what it sent failed too: AUTH-4 requests the auth\.generated suite saw rejected created nothing/);
  });

  it('takes the check\'s seed and cases per property from the report, as recorded', async () => {
    const { dir: first } = await nameTrimmedRun();
    const report = JSON.parse(await readFile(join(first, 'report.json'), 'utf8')) as RunReport;
    const failed = report.results.find((r) => r.generated && r.outcome === 'failed');
    // The changed reports are copies: the run's own is shared with other tests.
    const copies = await tempDir();
    // A report whose run seed was changed afterwards still names the check's own seed: the case is found all the same.
    const reseeded = join(copies, 'report.json');
    await writeFile(reseeded, JSON.stringify({ ...report, seed: 43 }));
    const again = await tempDir();
    const replay = await runCli(['--target', 'reference', '--fault', 'name-trimmed', '--replay', reseeded, failed?.check ?? '', '--report-dir', again]);
    expect(replay.stdout).toMatch(/Replay: reproduced: the check failed in the report and failed now/);
    const replayed = await readReport(again);
    expect(replayed.settings.numRuns).toBe(40);
    expect(replayed.results.find((r) => r.check === failed?.check)?.generated?.counterexample).toBe(failed?.generated?.counterexample);

    // A path this version's generator does not have is no failure of the target's: the case could not be replayed.
    const foreign = join(copies, 'foreign.json');
    await writeFile(foreign, JSON.stringify({ ...report, results: report.results.map((r) => (r === failed && r.generated ? { ...r, generated: { ...r.generated, path: '7:99999:99999:99999' } } : r)) }));
    const unfit = await runCli(['--target', 'reference', '--replay', foreign, failed?.check ?? '', '--report-dir', await tempDir()]);
    expect(unfit.code).toBe(0);
    expect(unfit.stdout).toMatch(/Replay: could not replay .*: its path "7:99999:99999:99999" does not fit this version's generator/);
  });

  // Before, a replay took the default profile of its target, whatever the report's run had.
  it('runs with the profile of the report it replays, unless told another', async () => {
    const dir = await plainRunDir();
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const staging = join(await tempDir(), 'report.json');
    await writeFile(staging, JSON.stringify({ ...report, settings: { ...report.settings, profile: 'staging' } }));
    const check = 'AUTH-3 listCategories with the valid key as "Bearer <key>" is accepted';
    const replayed = await runCli(['--replay', staging, check, '--report-dir', await tempDir()]);
    expect(replayed.stdout).toMatch(/^profile staging: at most 100 new categories/m);
    expect(replayed.stdout).toMatch(/^target +http:\S+ \(bundled reference server\)$/m);
    const told = await runCli(['--replay', staging, check, '--profile', 'ci', '--report-dir', await tempDir()]);
    expect(told.stdout).toMatch(/^profile ci: /m);
  });

  it('says which checks match when the name is ambiguous or unknown', async () => {
    const dir = await plainRunDir();
    const ambiguous = await runCli(['--target', 'reference', '--replay', `${dir}/report.json`, 'gets 401']);
    expect(ambiguous.stderr).toMatch(/"gets 401" matches \d+ checks of .* \("AUTH-1 listCategories with no credential gets 401", /);
    const unknown = await runCli(['--target', 'reference', '--replay', `${dir}/report.json`, 'no such check']);
    expect(unknown.stderr).toMatch(/no check of .* matches "no such check"/);
  });

  // Found by a review (it was in escapes.test.ts): a replay that cannot do what it is asked says so. Here to replay
  // from the same plain run as the test above.
  it('refuses to replay an audit or a closing check on its own', async () => {
    const dir = await plainRunDir();
    const audit = await runCli(['--target', 'reference', '--replay', `${dir}/report.json`, 'HTTP-1 all requests of the auth suite']);
    expect(audit.code).toBe(2);
    expect(audit.stderr).toMatch(/is an audit: it judges what other checks of its suite sent/);
    const closing = await runCli(['--target', 'reference', '--replay', `${dir}/report.json`, 'AUTH-4 requests the auth suite saw rejected created nothing']);
    expect(closing.stderr).toMatch(/is a closing check/);
  });
});

describe('--seed', () => {
  it('sends the same generated cases against the bundled reference, credentials included', async () => {
    // AUTH-2 only: the generated checks of the AUTH area are its own, and each derives its seed from the run's and its
    // own name, whatever else runs.
    const runs = await Promise.all([1, 2].map(async () => {
      const dir = await tempDir();
      await runCli(['--target', 'reference', '--fault', 'auth-key-last-character-ignored', '--seed', '4', '--runs', '100', '--only', 'AUTH-2', '--report-dir', dir]);
      return readReport(dir);
    }));
    const generated = (report: RunReport) => report.results.filter((r) => r.generated)
      .map((r) => ({ check: r.check, outcome: r.outcome, count: r.exchangeCount, counterexample: r.generated?.counterexample }));
    expect(generated(runs[1] as RunReport)).toEqual(generated(runs[0] as RunReport));
    expect(generated(runs[0] as RunReport).length).toBeGreaterThan(0);
  });
});
