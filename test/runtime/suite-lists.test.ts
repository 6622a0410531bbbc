import { describe, expect, it } from 'vitest';
import { Reply } from '../../src/http/reply.js';
import { OpeningLists } from '../../src/runtime/opening-lists.js';
import { SuiteTurns } from '../../src/runtime/suite-turns.js';
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
    const lists = new SuiteLists({ openings: new OpeningLists(), turns: new SuiteTurns() } as RunState);
    const { fetch, calls } = fetcher(listReply(200), listReply(200, '[{"id":1}]'));
    await Promise.all([lists.closing(fetch), lists.closing(fetch)]);
    expect(calls()).toBe(1);
    lists.noteWrite();
    expect((await lists.closing(fetch)).body).toEqual([{ id: 1 }]);
    expect(calls()).toBe(2);
  });

  it('opens the suites that start together on one list, and later ones on the newest usable list a suite closed on', async () => {
    const run = { openings: new OpeningLists(), turns: new SuiteTurns() } as RunState;
    const first = fetcher(listReply(200));
    const [a, b] = await Promise.all([new SuiteLists(run).opening(first.fetch), new SuiteLists(run).opening(first.fetch)]);
    expect(a).toBe(b);
    expect(first.calls()).toBe(1);
    const closed = listReply(200, '[{"id":7}]');
    await new SuiteLists(run).closing(async () => closed);
    const next = fetcher(listReply(200));
    expect(await new SuiteLists(run).opening(next.fetch)).toBe(closed);
    expect(next.calls()).toBe(0);
    // After a closing list that cannot serve (a 429, a server error, a body that is no list), the next suites to open
    // read one list, which they share.
    const openings: Reply[] = [];
    for (const unusable of [listReply(429, '{}', true), listReply(500, '{}'), listReply(200, '{}')]) {
      await new SuiteLists(run).closing(async () => unusable);
      openings.push(await new SuiteLists(run).opening(next.fetch));
    }
    expect(next.calls()).toBe(1);
    expect(new Set(openings).size).toBe(1);
    expect(openings[0]).not.toBe(a);
  });

  it('opens a suite on the run\'s categories once a list read after a create shows them, or on its own list when no suite is left to read one', async () => {
    const openings = new OpeningLists();
    const run = { openings, turns: new SuiteTurns() } as RunState;
    openings.started();
    openings.started();
    const own = fetcher(listReply(200, '[{"id":9}]'));
    const waiting = new SuiteLists(run, true).opening(own.fetch);
    const shown = listReply(200, '[{"id":3}]');
    openings.showsRunCategories(shown);
    expect(await waiting).toBe(shown);
    const alone = new OpeningLists();
    alone.started();
    alone.started();
    const opening = new SuiteLists({ openings: alone, turns: new SuiteTurns() } as RunState, true).opening(own.fetch);
    alone.ended();
    expect((await opening).body).toEqual([{ id: 9 }]);
    expect(own.calls()).toBe(1);
  });
});
