import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'vitest';
import { HttpClient } from '../../src/http/client.js';
import { sleep } from '../../src/http/pacing.js';
import { suiteVersion } from '../../src/core/package-info.js';
import { TRACEPARENT } from '../../src/http/trace.js';
import type { IncomingHttpHeaders } from 'node:http';

const options = { timeoutMs: 1500, maxResponseBytes: 1000 };

// The tests run at once: most of their time is spent waiting on deadlines. Each has a server and a client of its own,
// closed by the test's own onTestFinished, and asserts with its own expect (the test context's: vitest does not know
// which of concurrent tests the global ones are called in).
describe.concurrent('HttpClient against a local server', () => {
  /** A server on 127.0.0.1 whose answer to each request the test decides; closed after the test (`onTestFinished`, the test's). */
  async function serving(onTestFinished: TestContext['onTestFinished'], answer: (n: number, response: ServerResponse, request: IncomingMessage) => void, maxResponseBytes = options.maxResponseBytes, timeoutMs = 100, concurrency = 32) {
    let n = 0;
    const server = createServer((request, response) => answer(++n, response, request));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new HttpClient({ ...options, maxResponseBytes, timeoutMs, concurrency, target: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
    onTestFinished(async () => {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    return { client, received: () => n };
  }
  const get = { operation: 'list', method: 'GET', path: '/categories' };

  it('finds a target\'s answers slow by the time from sending to the last byte, not by the wait for a slot', async ({ expect, onTestFinished }) => {
    // One slot, held 300 ms by the first request: the thirty after it wait about that long for it, and are answered at
    // once (the quickest of them decides, however loaded the machine).
    const { client: fast } = await serving(onTestFinished, (n, response) => (n === 1 ? setTimeout(() => response.end('[]'), 300) : response.end('[]')), options.maxResponseBytes, 2000, 1);
    const replies = await Promise.all(Array.from({ length: 31 }, (_, i) => fast.send(`fast-${i}`, get)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.every((r) => r.exchange.durationMs >= 250)).toBe(true);
    expect(fast.answersAreSlow).toBe(false);
    const { client: slow } = await serving(onTestFinished, (_n, response) => setTimeout(() => response.end('[]'), 40), options.maxResponseBytes, 2000);
    expect(slow.answersAreSlow).toBe(false);
    await Promise.all([slow.send('slow-1', get), slow.send('slow-2', get)]);
    expect(slow.answersAreSlow).toBe(true);
  });

  it('stops sending after ten requests in a row got no answer, probes after a second, and closes again on an answer', async ({ expect, onTestFinished }) => {
    let silent = true;
    const { client, received } = await serving(onTestFinished, (_n, response) => {
      if (!silent) response.end('[]');
    });
    for (let i = 0; i < 10; i++) expect((await client.send(`r${i}`, get)).exchange.transportError?.code).toBe('TIMEOUT');
    const cut = await client.send('cut', get);
    expect(cut.exchange.transportError?.code).toBe('TARGET_NOT_ANSWERING');
    expect(received()).toBe(10);
    silent = false;
    await sleep(1050);
    expect((await client.send('probe', get)).status).toBe(200);
    expect((await client.send('after', get)).status).toBe(200);
    expect(received()).toBe(12);
  });

  it('gives a shape that got no answer in time the short deadline from then on; other shapes keep the full one until three of one method and path got none', async ({ expect, onTestFinished }) => {
    // Nothing is answered, but a list of one, after 1500 ms: in time for the full deadline, too late for the short one.
    // Which deadline a request got shows in whether it was answered, however late a loaded machine runs either timer.
    const { client } = await serving(onTestFinished, (_n, response, request) => {
      if (request.url?.includes('limit=1')) setTimeout(() => response.end('[]'), 1500);
    }, options.maxResponseBytes, 2000);
    const post = (shape?: string) => ({ request: { operation: 'create', method: 'POST', path: '/categories', body: '{}' }, control: shape ? { shape } : {} });
    const timedOut = (reply: { exchange: { transportError?: { code: string; message: string } } }) => {
      expect(reply.exchange.transportError?.code).toBe('TIMEOUT');
      return reply.exchange.transportError?.message;
    };
    const check = post('a check');
    const first = await Promise.all([client.send('list-1', get), client.send('create-1', check.request, check.control)]);
    for (const reply of first) expect(timedOut(reply)).toMatch(/^no complete response within 2000 ms: .* \(--timeout sets the deadline\)$/);
    // The same shapes again (a query is not part of a shape), beside others: a request to another path, the same
    // POST under another check's shape, and one under the default shape (method and path).
    const other = post('another check');
    const unnamed = post();
    const [list, sameCheck, pets, otherCheck, defaultShape] = await Promise.all([
      client.send('list-2', { ...get, query: 'limit=1' }),
      client.send('create-2', check.request, check.control),
      client.send('pet-1', { operation: 'getPet', method: 'GET', path: '/pets/1' }),
      client.send('create-3', other.request, other.control),
      client.send('create-4', unnamed.request, unnamed.control),
    ]);
    expect(timedOut(list)).toMatch(/^no complete response within 1000 ms: .* \(a short deadline, not the 2000 ms of --timeout: list-1, a request of the same shape, got none\)$/);
    expect(timedOut(sameCheck)).toMatch(/within 1000 ms: .*: create-1, a request of the same shape, got none\)$/);
    for (const reply of [pets, otherCheck, defaultShape]) expect(timedOut(reply)).toMatch(/^no complete response within 2000 ms: .* \(--timeout sets the deadline\)$/);
    // Three shapes of POST /categories have stalled now: the operation hangs, whichever check sends to it.
    const third = post('a third check');
    const [thirdCheck, otherPet] = await Promise.all([
      client.send('create-5', third.request, third.control),
      client.send('pet-2', { operation: 'getPet', method: 'GET', path: '/pets/2' }),
    ]);
    const [, ...stalled] = /within 1000 ms: .*: (\S+), (\S+), (\S+), POST \/categories requests of other shapes, got none\)$/.exec(timedOut(thirdCheck) ?? '') ?? [];
    expect(stalled.sort()).toEqual(['create-1', 'create-3', 'create-4']);
    expect(timedOut(otherPet)).toMatch(/^no complete response within 2000 ms: .* \(--timeout sets the deadline\)$/);
  });

  it('gives a shape that got a body over the size cap the short deadline too', async ({ expect, onTestFinished }) => {
    const { client } = await serving(onTestFinished, (n, response) => {
      if (n === 1) response.end('x'.repeat(2000));
    }, options.maxResponseBytes, 2000);
    expect((await client.send('list-1', get)).exchange.transportError?.code).toBe('TOO_LARGE');
    expect((await client.send('list-2', get)).exchange.transportError?.message).toMatch(/^no complete response within 1000 ms: .*: list-1, a request of the same shape, got none\)$/);
  });

  it('gives a shape that got a server error only after the short deadline the short deadline too; a quick one does not', async ({ expect, onTestFinished }) => {
    const { client } = await serving(onTestFinished, (n, response) => {
      const fail = () => response.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"db","message":"pool timed out","status":500}');
      if (n === 1) setTimeout(fail, 1200);
      else if (n === 2) fail();
    }, options.maxResponseBytes, 2000);
    const pets = { operation: 'getPet', method: 'GET', path: '/pets/1' };
    expect((await client.send('list-1', get)).status).toBe(500);
    expect((await client.send('pet-1', pets)).status).toBe(500);
    expect((await client.send('list-2', get)).exchange.transportError?.message).toMatch(/^no complete response within 1000 ms: .*: list-1, a request of the same shape, got a server error \(500\) only after 1\d{3} ms\)$/);
    expect((await client.send('pet-2', pets)).exchange.transportError?.message).toMatch(/^no complete response within 2000 ms: .* \(--timeout sets the deadline\)$/);
  });

  it('takes a request\'s deadline when it gets its slot: one that waited behind a request of its shape that stalled gets the short one', async ({ expect, onTestFinished }) => {
    const { client } = await serving(onTestFinished, () => undefined, options.maxResponseBytes, 2000, 1);
    const [first, queued] = await Promise.all([client.send('list-1', get), client.send('list-2', get)]);
    expect(first.exchange.transportError?.message).toMatch(/within 2000 ms/);
    expect(queued.exchange.transportError?.message).toMatch(/^no complete response within 1000 ms: .*: list-1, a request of the same shape, got none\)$/);
  });

  it('retries a 429 after its Retry-After, and tells a limit that persisted from one it did not wait out', async ({ expect, onTestFinished }) => {
    const { client } = await serving(onTestFinished, (n, response) => {
      const retryAfter = n === 1 ? '0' : n === 2 ? '3600' : '0';
      response.writeHead(429, { 'retry-after': retryAfter }).end();
    });
    // Request 1: 429 with Retry-After 0, retried; request 2: 429 asking for an hour, not waited out.
    const first = await client.send('a', get);
    expect(first.exchange.retries).toEqual([{ status: 429, waitedMs: 0 }]);
    expect(first.exchange.rateLimited).toEqual({ persisted: false, why: 'its Retry-After (3600) asks for longer than the 10 s the suite waits' });
    const second = await client.send('b', get);
    expect(second.exchange.retries).toHaveLength(3);
    expect(second.exchange.rateLimited).toEqual({ persisted: true, why: 'still 429 after 3 retries' });
  });

  it('identifies every request: the suite\'s User-Agent, which a check\'s own headers cannot replace, and a traceparent with the trace id given and a span id of its own', async ({ expect, onTestFinished }) => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      response.end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new HttpClient({ ...options, target: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
    onTestFinished(async () => {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const own = { ...get, headers: { accept: 'application/json', 'User-Agent': 'curl/8.0', TraceParent: `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01` } };
    const replies = [await client.send('a', own, { traceId }), await client.send('b', get, { traceId }), await client.send('c', get)];
    expect(seen.map((h) => h['user-agent'])).toEqual(Array(3).fill(`petstore-conformance/${suiteVersion}`));
    const sent = seen.map((h) => String(h['traceparent']));
    for (const value of sent) expect(value).toMatch(TRACEPARENT);
    expect(sent.map((v) => v.split('-')[1])).toEqual([traceId, traceId, expect.not.stringMatching(traceId)]);
    expect(new Set(sent.map((v) => v.split('-')[2])).size).toBe(3);
    // Recorded as sent, once each, whatever letter case the check wrote its own in.
    replies.forEach((reply, i) => {
      const recorded = reply.exchange.request.headers;
      expect(recorded['user-agent']).toBe(`petstore-conformance/${suiteVersion}`);
      expect(recorded['traceparent']).toBe(sent[i]);
      expect(Object.keys(recorded).filter((k) => /^(user-agent|traceparent)$/i.test(k))).toEqual(['user-agent', 'traceparent']);
      expect(Date.parse(reply.exchange.startedAt)).not.toBeNaN();
    });
    expect(seen[0]?.['accept']).toBe('application/json');
  });
});
