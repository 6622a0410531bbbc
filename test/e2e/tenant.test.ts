import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { listen } from '../support/local-servers.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { revisedSpecFile } from '../support/spec-files.js';

const KEY = 'psk_tenant-test-key-0123456789';

/** The bundled spec, with a required X-Tenant-Id header (1 to 40 characters) on the categories' operations. */
const tenantSpec = () => revisedSpecFile((doc) => {
  (doc.paths['/categories'] as OpenAPIV3.PathItemObject).parameters = [
    { name: 'X-Tenant-Id', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 40 } },
  ];
});

/**
 * A multi-tenant deployment, as a team writes one: each tenant's categories apart, ids from one sequence, a request
 * without a tenant refused with 400. It keeps the contract and the spec; it records the tenant of every request.
 */
async function multiTenant(): Promise<{ url: string; tenants: (string | undefined)[] }> {
  const categories = new Map<string, object[]>();
  const tenants: (string | undefined)[] = [];
  let next = 1;
  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const refuse = (response: ServerResponse, status: number, code: string, message: string, headers?: Record<string, string>) =>
    send(response, status, { code, message, status }, headers);
  const origin = await listen((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // Decoded whole: a character split across two chunks, decoded chunk by chunk, would come back as two U+FFFD
      // (the text hazards' 65,535 bytes of a name caught that here).
      const raw = Buffer.concat(chunks).toString();
      const path = new URL(request.url as string, 'http://x').pathname;
      const token = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (token !== KEY) return refuse(response, 401, 'unauthorized', 'Missing or invalid API key.', { 'www-authenticate': 'Bearer' });
      if (path !== '/v1/categories') return refuse(response, 404, 'not_found', 'No such resource.');
      const tenant = request.headers['x-tenant-id'] as string | undefined;
      tenants.push(tenant);
      if (tenant === undefined || tenant.length < 1 || tenant.length > 40) return refuse(response, 400, 'invalid_tenant', 'X-Tenant-Id: 1 to 40 characters.');
      const own = categories.get(tenant) ?? [];
      categories.set(tenant, own);
      if (request.method === 'GET') return send(response, 200, own);
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) return refuse(response, 415, 'unsupported_media_type', 'Send JSON.');
      let body: { id?: unknown; name?: unknown; description?: unknown };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return refuse(response, 400, 'malformed_json', 'Malformed JSON.');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body) || typeof body.name !== 'string' || (body.description !== undefined && typeof body.description !== 'string')) {
        return refuse(response, 400, 'invalid_body', 'Send a NewCategory.');
      }
      const { id: _, ...rest } = body;
      const created = { id: next++, ...rest };
      own.push(created);
      return send(response, 201, created);
    });
  });
  return { url: `${origin}/v1`, tenants };
}

describe('a header parameter that keeps data apart (a tenant)', () => {
  it('takes one value for the whole run, and the list is not held to show categories created under other values of it', async () => {
    const server = await multiTenant();
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, '--spec', await tenantSpec(), '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((await readReport(dir)).verdict).toBe('conformant');
    // One tenant for nearly every request: the others are the values CREATE-1 and CREATE-2 try, and none.
    const counts = new Map<string | undefined, number>();
    for (const tenant of server.tenants) counts.set(tenant, (counts.get(tenant) ?? 0) + 1);
    const [main] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
    expect(counts.get(main)).toBeGreaterThan(server.tenants.length * 0.9);
  });

  it('given with --header, has that value on every request but those that try others or leave it out', async () => {
    const server = await multiTenant();
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, '--spec', await tenantSpec(), '--header', 'X-Tenant-Id: acme', '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = await readReport(dir);
    expect(report.verdict).toBe('conformant');
    // The values LIST-1, CREATE-1 and CREATE-2 try are their own; every other request is acme's.
    const others = server.tenants.filter((t) => t !== 'acme');
    expect(others.length).toBeLessThan(server.tenants.length * 0.2);
    // Left out where a check leaves the parameter out: the run's header is not put back.
    expect(others).toContain(undefined);
  });
});
