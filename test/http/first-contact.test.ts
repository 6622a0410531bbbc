import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { firstContact } from '../../src/http/first-contact.js';
import { TRACEPARENT } from '../../src/http/trace.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe('firstContact', () => {
  it('reaches a target that answers, whatever it answers, with a GET carrying the credential it is given, and says the status', async () => {
    const seen: { url?: string; authorization?: string; agent?: string; trace?: string }[] = [];
    const target = await serve((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization, agent: request.headers['user-agent'], trace: request.headers.traceparent as string | undefined });
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    expect(await firstContact('/categories', { target, timeoutMs: 2000 })).toEqual({ status: 401 });
    expect(await firstContact('/pets/1', { target, timeoutMs: 2000, authorization: 'Bearer k' })).toEqual({ status: 401 });
    // A traceparent, as every other request of a run has (it was the one request without).
    expect(seen).toEqual([
      { url: '/v1/categories', authorization: undefined, agent: expect.stringMatching(/^petstore-conformance\//), trace: expect.stringMatching(TRACEPARENT) },
      { url: '/v1/pets/1', authorization: 'Bearer k', agent: expect.stringMatching(/^petstore-conformance\//), trace: expect.stringMatching(TRACEPARENT) },
    ]);
    expect(seen[0]?.trace).not.toBe(seen[1]?.trace);
  });

  it('carries the run\'s headers for every request (--header), as the checks\' requests do', async () => {
    const seen: (string | string[] | undefined)[] = [];
    const target = await serve((request, response) => {
      seen.push(request.headers['x-tenant']);
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    expect(await firstContact('/categories', { target, timeoutMs: 2000, headers: { 'X-Tenant': 'tenant-7f3a9c21' } })).toEqual({ status: 200 });
    expect(seen).toEqual(['tenant-7f3a9c21']);
  });

  it('reaches a target that connects and then never answers: what follows is for the checks', async () => {
    const target = await serve(() => undefined);
    expect(await firstContact('/categories', { target, timeoutMs: 200 })).toEqual({});
  });

  it('says how a connection broke before any answer (a server of another protocol hangs up)', async () => {
    const target = await serve((request) => request.socket.destroy());
    expect(await firstContact('/categories', { target, timeoutMs: 2000 })).toEqual({ broken: expect.objectContaining({ code: 'CONNECTION_RESET' }) });
  });

  it('names a refused connection as the suite\'s client does', async () => {
    const target = await serve(() => undefined);
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
    expect((await firstContact('/categories', { target, timeoutMs: 2000 })).failure).toMatchObject({ code: 'CONNECTION_REFUSED', phase: 'connect' });
  });

  it('ends at once when the run is interrupted', async () => {
    const controller = new AbortController();
    controller.abort('SIGINT');
    expect((await firstContact('/categories', { target: 'http://127.0.0.1:9/v1', timeoutMs: 2000 }, controller.signal)).failure).toMatchObject({ code: 'INTERRUPTED' });
  });
});
