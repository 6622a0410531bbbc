import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { CLI, filesBelow, RUN_NODE_FLAGS, readReport, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';
import { listOf, reference } from '../support/reference.js';

const KEY = 'psk_Qz7Wx3Vb9Lk2Jh5Tn8Rm4Pd'; // random: an English word in it would be redacted out of messages too

/** A run of the CLI under way, its output gathered as it comes. */
interface RunUnderWay {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
}

/**
 * Starts the CLI with these arguments and the key, to be signalled by the test. `finished` is the test's own
 * onTestFinished (a concurrent test's comes from its context): a run the test leaves behind is killed.
 */
function startRun(args: readonly string[], finished: typeof onTestFinished): RunUnderWay {
  const child = spawn(process.execPath, [...RUN_NODE_FLAGS, CLI, ...args], { env: { ...process.env, NO_COLOR: '1', PETSTORE_API_KEY: KEY } });
  finished(() => void child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/**
 * Waits until `condition` holds or the run has ended, however long a loaded machine takes to get there: the test's
 * timeout is the only bound.
 */
async function until(run: RunUnderWay, condition: () => boolean): Promise<void> {
  while (!condition() && run.child.exitCode === null && run.child.signalCode === null) await new Promise((r) => setTimeout(r, 25));
}

describe('an interrupted run', () => {
  // The two signals at once (they mostly wait: on a slow target, then for the signal). Each test's server is closed
  // by its own onTestFinished (reference() would close both after either), and each asserts with its own expect.
  it.concurrent.for(['SIGINT', 'SIGTERM'] as const)('stops on %s, writes its reports marked incomplete, exits 2, and leaks no key', async (signal, { expect, onTestFinished }) => {
    const server = await startReferenceServer({ apiKey: KEY, variants: ['slow'] });
    onTestFinished(() => server.close());
    const dir = await tempDir();
    const run = startRun(['--target', server.url, '--max-writes', '1000', '--report-dir', dir], onTestFinished);
    // Once the first suite has finished, the run is well under way.
    await until(run, () => /✓ auth /.test(run.stdout()));
    expect(run.stdout()).toMatch(/✓ auth /);
    run.child.kill(signal);
    const [code] = await once(run.child, 'exit');
    const stdout = run.stdout();
    const stderr = run.stderr();
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`${signal}: stopping; the reports will hold what ran, marked incomplete`));
    expect(stderr).toMatch(/the run was interrupted \(stopped by SIG(INT|TERM)\)/);
    const report = await readReport(dir);
    expect(report.verdict).toBe('incomplete');
    expect(report.errors?.[0]).toMatchObject({ where: 'the run', interrupted: true });
    expect(report.results.length).toBeGreaterThan(10);
    // Requests the interruption cut off are the suite's doing, not the target's.
    expect(report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.message}`)).toEqual([]);
    // What the run created is in the report, as far as it saw it, and counted: a request cut off once sent may have
    // created a category it never saw, which its write counts.
    const held = new Set((await listOf(server)).map((c) => String(c.id)));
    expect(report.created.length).toBeGreaterThanOrEqual(2);
    for (const c of report.created) expect(held.has(String(c.id)), String(c.id)).toBe(true);
    expect(held.size).toBeLessThanOrEqual(report.writes.spent + (report.writes.topUp?.added ?? 0));
    for (const { path, content } of [...await filesBelow(dir), { path: 'stdout', content: stdout }, { path: 'stderr', content: stderr }]) {
      for (let i = 0; i + 8 <= KEY.length; i++) expect(content.toLowerCase(), path).not.toContain(KEY.slice(i, i + 8).toLowerCase());
    }
  });

  // The requests' deadline is the longest --timeout takes, far past the test's timeout: a run that waited on its
  // requests, or went on to send others that hang as well, instead of cutting them off, fails the test by never ending.
  it('stops at once when requests are waiting on a target that stopped answering, cutting them off', async () => {
    const server = await hostileServer((_request, _response, n) => n > 5, { apiKey: KEY }); // never answers again
    const dir = await tempDir();
    const run = startRun(['--target', server.url, '--timeout', '600000', '--report-dir', dir], onTestFinished);
    // Requests are stuck once the checks have sent more than the server answers.
    await until(run, () => server.requests() >= 10);
    expect(server.requests()).toBeGreaterThanOrEqual(10);
    run.child.kill('SIGINT');
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(2);
    const report = await readReport(dir);
    expect(report.verdict).toBe('incomplete');
    expect(report.errors).toEqual([{ where: 'the run', message: 'stopped by SIGINT', interrupted: true }]);
    expect(report.results.filter((r) => r.outcome === 'failed')).toEqual([]);
    expect(run.stdout() + run.stderr()).not.toMatch(/Suite error|no check metadata/);
  });

  it('stops the same way when the signal comes while the suite is still starting', async () => {
    const server = await reference({ apiKey: KEY });
    const dir = await tempDir();
    const run = startRun(['--target', server.url, '--report-dir', dir], onTestFinished);
    // The header is printed before the target is first reached and before vitest loads.
    await until(run, () => /^reports /m.test(run.stdout()));
    run.child.kill('SIGINT');
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(2);
    const report = await readReport(dir);
    expect(report.verdict).toBe('incomplete');
    expect(report.errors?.[0]).toMatchObject({ where: 'the run', interrupted: true });
  });
});
