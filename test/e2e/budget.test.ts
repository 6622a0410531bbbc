import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';
import { listOf, reference } from '../support/reference.js';

describe('the write budget (--max-writes)', () => {
  it('caps what the run creates on the target, even on a server that creates despite refusing', async () => {
    for (const faults of [[], ['auth-store-before-check', 'missing-name-defaulted']]) {
      const server = await reference({ apiKey: 'psk_budget_test_key_0123456789', faults });
      const dir = await tempDir();
      await runCli(['--target', server.url, '--max-writes', '40', '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
      const report = await readReport(dir);
      const held = await listOf(server);
      expect(held.length, `faults: ${faults.join(', ') || 'none'}`).toBeLessThanOrEqual(40);
      expect(report.writes).toBeLessThanOrEqual(40);
      expect(report.settings.maxWrites).toBe(40);
    }
  });

  it.each([[30, 'the budget binds: retries it cannot pay for are not sent'], [1000, 'the budget has room: retries are sent and counted']])(
    'holds through 429 retries at --max-writes %i (%s)', async (budget) => {
      let posts = 0;
      const server = await hostileServer((request, response) => {
        if (request.method !== 'POST' || ++posts % 3 !== 0) return false;
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"code":"slow_down","message":"Slow down.","status":429}');
        return true;
      });
      const dir = await tempDir();
      await runCli(['--target', server.url, '--max-writes', String(budget), '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
      const report = await readReport(dir);
      expect(posts).toBeGreaterThan(10);
      expect(posts).toBeLessThanOrEqual(budget);
      expect(report.writes).toBe(posts);
      // Each 429 was waited out and sent again, or, where the budget could not pay for that, its check was not judged.
      const retried = report.results.flatMap((r) => r.exchanges).filter((e) => e.retries?.length).length;
      const unpaid = report.results.filter((r) => r.withheld === 'rate-limit').length;
      if (budget === 30) expect(unpaid).toBeGreaterThan(0);
      else expect(retried).toBeGreaterThan(0);
    });

  it('skips the checks it cannot afford, saying so, and runs the rest', async () => {
    const server = await reference({ apiKey: 'psk_budget_test_key_0123456789' });
    const dir = await tempDir();
    const { code } = await runCli(['--target', server.url, '--max-writes', '30', '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
    const report = await readReport(dir);
    expect(code).toBe(0);
    const unaffordable = report.results.filter((r) => r.outcome === 'skipped' && /write budget of 30 are left \(--max-writes\)/.test(r.message ?? ''));
    expect(unaffordable.length).toBeGreaterThan(10);
    expect(unaffordable.some((r) => r.generated === undefined && r.rule === 'CREATE-2')).toBe(true);
    expect(report.results.filter((r) => r.outcome === 'passed').length).toBeGreaterThan(50);
  });

  it('defaults to 100 for a deployment and to no limit for the bundled reference', async () => {
    const server = await reference({ apiKey: 'psk_budget_test_key_0123456789' });
    const dir = await tempDir();
    await runCli(['--target', server.url, '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
    expect((await readReport(dir)).settings.maxWrites).toBe(100);
    expect((await listOf(server)).length).toBeLessThanOrEqual(100);
    const own = await tempDir();
    await runCli(['--target', 'reference', '--report-dir', own]);
    const report = await readReport(own);
    expect(report.settings.maxWrites).toBeNull();
    expect(report.writes).toBeGreaterThan(100);
  });
});

describe('what the run creates', () => {
  it('is listed in report.json, every category the target holds, and marked as the run\'s', async () => {
    const server = await reference({ apiKey: 'psk_budget_test_key_0123456789' });
    const dir = await tempDir();
    await runCli(['--target', server.url, '--max-writes', '1000', '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
    const report = await readReport(dir);
    const held = await listOf(server);
    expect(new Set(report.created.map((c) => c.id))).toEqual(new Set(held.map((c) => String(c.id))));
    // Names carry the run's prefix, except where a check is about the exact name: the exact-name examples, the
    // generated names and the open cases (whose descriptions carry the marker instead).
    const exactNameChecks = /^(create\.generated|info|info\.generated)-\d+$/;
    const exactNameExamples = new Set(['  Rabbit  ', 'R', '42', 'null']);
    for (const c of held.filter((h) => !h.name.includes(`conformance-${report.runId}-`))) {
      const record = report.created.find((r) => r.id === String(c.id));
      expect(exactNameChecks.test(record?.exchange ?? '') || exactNameExamples.has(c.name), JSON.stringify(record)).toBe(true);
    }
  });
});
