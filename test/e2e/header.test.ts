/**
 * --header through the real CLI: every request of the run carries the headers, the first contact's included, and their
 * values are written nowhere (console, reports, replay and curl commands), not even where the target echoes one back.
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesBelow, readReport, runCli, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';

const TENANT = 'tenant-7f3a9c21e5b4';
const GATEWAY_KEY = 'gw_9d8c7b6a5f4e3d2c1b0a';

describe('--header', () => {
  it('goes on every request, and its value into no output or report file', async () => {
    const seen: { tenant: unknown; gateway: unknown }[] = [];
    const server = await hostileServer((request, response) => {
      seen.push({ tenant: request.headers['x-tenant'], gateway: request.headers['x-gateway-key'] });
      if (request.method !== 'POST') return false;
      // The valid key refused on create, with the tenant echoed back: AUTH-3 fails, so that the console and the reports
      // give its replay and curl commands, and the echo is in the exchange they record.
      response.writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'unauthorized', message: `tenant ${String(request.headers['x-tenant'])} may not create` }));
      return true;
    });
    const dir = await tempDir();
    const result = await runCli(['--target', server.url, '--only', 'AUTH-3', '--header', `X-Tenant: ${TENANT}`, '--header', `X-Gateway-Key:${GATEWAY_KEY}`,
      '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
    expect(result.code, result.stderr).toBe(1);
    // The first request is the first contact's.
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual(seen.map(() => ({ tenant: TENANT, gateway: GATEWAY_KEY })));

    const files = await filesBelow(dir);
    expect(files.map((f) => basename(f.path))).toEqual(expect.arrayContaining(['report.json', 'report.har', 'junit.xml', 'report.html', 'summary.md']));
    const leaking = [{ path: 'stdout', content: result.stdout }, { path: 'stderr', content: result.stderr }, ...files]
      .filter(({ content }) => [TENANT, GATEWAY_KEY].some((value) => content.toLowerCase().includes(value.toLowerCase())));
    expect(leaking.map((f) => f.path)).toEqual([]);
    // The names are shown, the values are not.
    expect(result.stdout).toContain("--header 'X-Tenant: [REDACTED]' --header 'X-Gateway-Key: [REDACTED]'");
    expect(result.stdout).toContain("-H 'X-Tenant: [REDACTED]'");
    expect((await readReport(dir)).invocation?.targetArgs).toEqual(expect.arrayContaining(['--header', 'X-Tenant: [REDACTED]']));
    // The echo is recorded, its value removed by the run's redactor.
    expect(files.find((f) => basename(f.path) === 'report.json')?.content).toContain('tenant [REDACTED] may not create');
  });
});
