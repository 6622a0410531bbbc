import { describe, expect, it } from 'vitest';
import { Reply } from '../../src/http/reply.js';
import type { RunState } from '../../src/runtime/run-state.js';
import { SuiteLists } from '../../src/runtime/suite-lists.js';

/** A list's reply: a 200 with `body`, or another status. */
function listReply(status: number, body = '[]', rateLimited = false): Reply {
  return new Reply({
    id: 'x-1', operation: 'GET /categories', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1/v1/categories', headers: {} },
    response: { status, headers: { 'content-type': 'application/json' }, body, bodyBytes: body.length },
    ...(rateLimited ? { rateLimited: { persisted: true, why: 'test' } } : {}),
  } as ConstructorParameters<typeof Reply>[0], Buffer.from(body));
}

/** A fetch that counts its calls and answers with the replies given, in turn. */
function fetcher(...replies: Reply[]) {
  let calls = 0;
  return { fetch: async () => replies[Math.min(calls++, replies.length - 1)] as Reply, calls: () => calls };
}

describe('SuiteLists', () => {
  it('reads the closing list once between writes, and again after one', async () => {
    const lists = new SuiteLists({} as RunState);
    const { fetch, calls } = fetcher(listReply(200), listReply(200, '[{"id":1}]'));
    await Promise.all([lists.closing(fetch), lists.closing(fetch)]);
    expect(calls()).toBe(1);
    lists.noteWrite();
    expect((await lists.closing(fetch)).body).toEqual([{ id: 1 }]);
    expect(calls()).toBe(2);
  });

  it('hands a usable closing list on as the next suite\'s opening list, and nothing else', async () => {
    const run = {} as RunState;
    const closed = listReply(200, '[{"id":7}]');
    await new SuiteLists(run).closing(async () => closed);
    const next = fetcher(listReply(200));
    expect(await new SuiteLists(run).opening(next.fetch)).toBe(closed);
    expect(next.calls()).toBe(0);
    for (const unusable of [listReply(429, '{}', true), listReply(500, '{}'), listReply(200, '{}')]) {
      await new SuiteLists(run).closing(async () => unusable);
      const own = fetcher(listReply(200));
      await new SuiteLists(run).opening(own.fetch);
      expect(own.calls(), String(unusable.status)).toBe(1);
    }
  });
});
