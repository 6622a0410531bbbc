import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { firstContact } from '../../src/http/first-contact.js';

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
  it('reaches a target that answers, whatever it answers, with GET /categories and no credential', async () => {
    const seen: { url?: string; authorization?: string; agent?: string }[] = [];
    const target = await serve((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization, agent: request.headers['user-agent'] });
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    expect(await firstContact(target, { timeoutMs: 2000 })).toBeUndefined();
    expect(seen).toEqual([{ url: '/v1/categories', authorization: undefined, agent: expect.stringMatching(/^petstore-conformance\//) }]);
  });

  it('reaches a target that connects and then never answers: what follows is for the checks', async () => {
    const target = await serve(() => undefined);
    expect(await firstContact(target, { timeoutMs: 200 })).toBeUndefined();
  });

  it('names a refused connection as the suite\'s client does', async () => {
    const target = await serve(() => undefined);
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
    expect(await firstContact(target, { timeoutMs: 2000 })).toMatchObject({ code: 'CONNECTION_REFUSED', phase: 'connect' });
  });

  it('ends at once when the run is interrupted', async () => {
    const controller = new AbortController();
    controller.abort('SIGINT');
    expect(await firstContact('http://127.0.0.1:9/v1', { timeoutMs: 2000 }, controller.signal)).toMatchObject({ code: 'INTERRUPTED' });
  });
});
