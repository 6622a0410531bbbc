/**
 * Faults that once escaped the suite, or verdicts that once claimed too much, each as found by a review: they
 * stay caught.
 */
import { describe, expect, it } from 'vitest';
import { onlyArgs, readReport, runCli, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';
import { listOf, reference } from '../support/reference.js';

const KEY = 'psk_escapes_test_key_0123456789';

describe('what must not escape', () => {
  it('a list cut to its newest 100, on a target that already holds 200, fails LIST-2 at the default budget', async () => {
    const server = await reference({ apiKey: KEY, faults: ['list-newest-100'], preload: 200 });
    const dir = await tempDir();
    const { code } = await runCli(['--target', server.url, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(1);
    const report = await readReport(dir);
    const failed = report.results.filter((r) => r.outcome === 'failed');
    expect(failed.some((r) => r.rule === 'LIST-2' && /the list grew by 0 while \d+ categories were created/.test(r.message ?? ''))).toBe(true);
    expect(new Set(failed.map((r) => r.rule))).toEqual(new Set(['LIST-2']));
  });

  it('a run whose checks did not fit the write budget claims no full verdict; the default budget fits them all', async () => {
    const server = await reference({ apiKey: KEY });
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', server.url, '--max-writes', '50', '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(0);
    const report = await readReport(dir);
    expect(report.verdict).toBe('partial');
    expect(report.results.filter((r) => r.withheld === 'budget').length).toBeGreaterThan(0);
    expect(stdout).toMatch(/Not judged, \d+ checks?: the write budget \(--max-writes 50\) ran out/);
    const full = await tempDir();
    await runCli(['--target', (await reference({ apiKey: KEY })).url, '--report-dir', full], { PETSTORE_API_KEY: KEY });
    expect((await readReport(full)).verdict).toBe('conformant');
  });
});

describe('one cause, one rule', () => {
  // A key refused on every operation is a wrong key, which stops the run before any check (see trust.test.ts): this
  // one is taken for reads and refused for writes, a key without the write scope.
  it('a key the target does not take for creating fails AUTH-3, not CREATE-1, MODEL-2 or LIST-1, whose checks skip over it', async () => {
    const server = await hostileServer((request, response) => {
      if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${KEY}`) return false;
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="insufficient_scope"' });
      response.end(JSON.stringify({ code: 'unauthorized', message: 'The API key may not create.', status: 401 }));
      return true;
    }, { apiKey: KEY });
    const dir = await tempDir();
    // AUTH-3, and the rules whose checks are to skip naming it: the rules the test reads.
    const rules = onlyArgs(['AUTH-3', 'CREATE-1', 'MODEL-2', 'LIST-1', 'LIST-2']);
    const { code } = await runCli(['--target', server.url, ...rules, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(1);
    const report = await readReport(dir);
    const failed = new Set(report.results.filter((r) => r.outcome === 'failed').map((r) => r.rule));
    expect(failed).toContain('AUTH-3');
    for (const echo of ['CREATE-1', 'MODEL-2', 'LIST-1', 'LIST-2']) expect(failed, echo).not.toContain(echo);
    expect(report.results.find((r) => r.rule === 'MODEL-2' && r.kind === 'check')?.message).toMatch(/\(AUTH-3 reports it\)/);
  });
});

describe('what the run created', () => {
  it('is listed whole, also where a 2xx shows no integer id', async () => {
    const server = await reference({ apiKey: KEY, faults: ['id-as-string'] });
    const dir = await tempDir();
    await runCli(['--target', server.url, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    const report = await readReport(dir);
    const held = await listOf(server);
    expect(held.length).toBeGreaterThan(50);
    expect(report.created).toHaveLength(held.length);
    expect(new Set(report.created.map((c) => c.id))).toEqual(new Set(held.map((c) => String(c.id))));
  });
});
