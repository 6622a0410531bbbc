import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { CLI, filesBelow, readReport, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';
import { listOf, reference } from '../support/reference.js';

const KEY = 'psk_Qz7Wx3Vb9Lk2Jh5Tn8Rm4Pd'; // random: an English word in it would be redacted out of messages too

describe('an interrupted run', () => {
  // The two signals at once (they mostly wait: on a slow target, then for the signal). Each test's server is closed
  // by its own onTestFinished (reference() would close both after either), and each asserts with its own expect.
  it.concurrent.for(['SIGINT', 'SIGTERM'] as const)('stops within two seconds of %s, writes its reports marked incomplete, exits 2, and leaks no key', async (signal, { expect, onTestFinished }) => {
    const server = await startReferenceServer({ apiKey: KEY, variants: ['slow'] });
    onTestFinished(() => server.close());
    const dir = await tempDir();
    const env = { ...process.env, NO_COLOR: '1', PETSTORE_API_KEY: KEY };
    const child = spawn(process.execPath, [CLI, '--target', server.url, '--max-writes', '1000', '--report-dir', dir], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Once the first suite has finished, the run is well under way.
    for (let i = 0; i < 200 && !/✓ auth /.test(stdout); i++) await new Promise((r) => setTimeout(r, 50));
    expect(stdout).toMatch(/✓ auth /);
    const sent = performance.now();
    child.kill(signal);
    const [code] = await once(child, 'exit');
    const took = performance.now() - sent;
    console.log(`${signal}: stopped ${Math.round(took)} ms after the signal`);
    expect(code).toBe(2);
    expect(took).toBeLessThan(2000);
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

  it('stops within two seconds when requests are waiting on a target that stopped answering', async () => {
    const server = await hostileServer((_request, _response, n) => n > 5, { apiKey: KEY }); // never answers again
    const dir = await tempDir();
    const child = spawn(process.execPath, [CLI, '--target', server.url, '--timeout', '30000', '--report-dir', dir],
      { env: { ...process.env, NO_COLOR: '1', PETSTORE_API_KEY: KEY } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Requests are stuck once the checks have sent more than the server answers.
    for (let i = 0; i < 400 && server.requests() < 10; i++) await new Promise((r) => setTimeout(r, 25));
    expect(server.requests()).toBeGreaterThanOrEqual(10);
    const sent = performance.now();
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    const took = performance.now() - sent;
    console.log(`SIGINT with requests stuck: stopped ${Math.round(took)} ms after the signal`);
    expect(code).toBe(2);
    expect(took).toBeLessThan(2000);
    const report = await readReport(dir);
    expect(report.verdict).toBe('incomplete');
    expect(report.errors).toEqual([{ where: 'the run', message: 'stopped by SIGINT', interrupted: true }]);
    expect(report.results.filter((r) => r.outcome === 'failed')).toEqual([]);
    expect(stdout + stderr).not.toMatch(/Suite error|no check metadata/);
  });

  it('stops the same way when the signal comes while the suite is still starting', async () => {
    const server = await reference({ apiKey: KEY });
    const dir = await tempDir();
    const child = spawn(process.execPath, [CLI, '--target', server.url, '--report-dir', dir], { env: { ...process.env, NO_COLOR: '1', PETSTORE_API_KEY: KEY } });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    // The header is printed before the target is first reached and before vitest loads.
    for (let i = 0; i < 200 && !/^reports /m.test(stdout); i++) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    const report = await readReport(dir);
    expect(report.verdict).toBe('incomplete');
    expect(report.errors?.[0]).toMatchObject({ where: 'the run', interrupted: true });
  });
});
