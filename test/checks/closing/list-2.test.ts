import { describe, expect, it } from 'vitest';
import { listedAsCreated } from '../../../src/checks/closing/list-2.js';
import { CheckFailure } from '../../../src/checks/failure.js';
import type { Reply } from '../../../src/http/reply.js';
import { RunEnd } from '../../../src/runtime/run-end.js';
import type { SuiteState } from '../../../src/runtime/suite-state.js';
import { checkIn, createdBy, MemoryTarget, refusedCreate, Skipped, suiteOver } from '../../support/memory-target.js';

/** LIST-2's closing check over the categories the suite created, run; `opening`: the list before the suite's checks. */
function closingCheck(state: SuiteState, { topUpTo = 0, opening = undefined as Reply | undefined } = {}) {
  const t = checkIn(state, 'LIST-2');
  const check = listedAsCreated({ creator: 'the auth suite', categories: () => [...state.ledger.created.values()], topUpTo, opening: () => opening });
  return { t, outcome: check(t) };
}

describe('LIST-2 closing check', () => {
  it('passes when the list shows every created category as its 201 did, in any order, among others, with more properties', async () => {
    const target = new MemoryTarget().holding(2);
    const state = suiteOver(target);
    await createdBy(state, 3);
    target.shows = (stored) => [...stored].reverse().map((c) => ({ ...c, createdAt: '2026-01-01T00:00:00Z' }));
    const { t, outcome } = closingCheck(state);
    await expect(outcome).resolves.toBeUndefined();
    // What it judged: the closing list, which the target answered as a framework would.
    expect(t.meta(true).exchanges.map((e) => [e.id, e.response?.headers['content-type']])).toEqual([['auth-4', 'application/json; charset=utf-8']]);
  });

  it('compares ids exactly: beyond 2^53, and negative', async () => {
    for (const first of [2n ** 63n - 10n, -5n]) {
      const state = suiteOver(new MemoryTarget({ firstId: first }));
      await createdBy(state, 2);
      await expect(closingCheck(state).outcome).resolves.toBeUndefined();
      expect([...state.ledger.created.keys()]).toEqual([first, first + 1n]);
    }
  });

  it('fails when a created category is missing, naming it and the exchange that created it', async () => {
    const target = new MemoryTarget({ firstId: 9007199254740993n });
    const state = suiteOver(target);
    await createdBy(state, 3);
    // The double of 9007199254740993 is 9007199254740992: a list that rounds ids loses the category.
    target.shows = (stored) => stored.map((c, i) => (i === 0 ? { ...c, id: 9007199254740992n } : c));
    const { outcome } = closingCheck(state);
    await expect(outcome).rejects.toThrow(CheckFailure);
    await expect(outcome).rejects.toThrow(/^1 of 3 created categories: missing\n {2}category 9007199254740993 \{"name":"[^"]+"\} \(created in auth-1\) is missing/);
  });

  it('fails when the list shows a created category with other content, saying what differs', async () => {
    const target = new MemoryTarget();
    const state = suiteOver(target);
    await createdBy(state, 2);
    target.shows = (stored) => stored.map((c) => (c.id === 2n ? { ...c, name: 'Renamed' } : c));
    await expect(closingCheck(state).outcome).rejects.toThrow(/^1 of 2 created categories: name differs\n {2}category 2: name differs: "Renamed", not "[^"]+" \(listed as \{"name":"Renamed"\}; its 201 in auth-2 showed/);
  });

  it('passes a list that grew by what the suite created since the list before', async () => {
    const state = suiteOver(new MemoryTarget().holding(3));
    const opening = await checkIn(state, 'LIST-2').openingList();
    await createdBy(state, 3);
    await expect(closingCheck(state, { opening }).outcome).resolves.toBeUndefined();
    expect(state.run.listCut).toBeUndefined();
  });

  it('fails a list that grew by less than the suite created since the list before, and tells the run it is cut', async () => {
    const target = new MemoryTarget().holding(3);
    const state = suiteOver(target);
    const opening = await checkIn(state, 'LIST-2').openingList();
    // A list cut to its newest three: every category of the suite's is in it, but it does not grow.
    target.shows = (stored) => stored.slice(-3);
    await createdBy(state, 3);
    await expect(closingCheck(state, { opening }).outcome).rejects.toThrow(/^the list grew by 0 while 3 categories were created: it is truncated or paged/);
    expect(state.run.listCut).toMatch(/^the list grew by 0 while 3/);
  });

  it('skips when the suite created no category: there is nothing to look for', async () => {
    const { outcome } = closingCheck(suiteOver(new MemoryTarget().holding(1)));
    await expect(outcome).rejects.toThrow(new Skipped('the auth suite created no category'));
  });

  it('tops a short list up to the length it needs, then finds what it created', async () => {
    const target = new MemoryTarget().holding(1);
    const state = suiteOver(target, { topUp: 5 });
    const { outcome } = closingCheck(state, { topUpTo: 4 });
    await expect(outcome).resolves.toBeUndefined();
    expect(target.stored).toHaveLength(4);
    expect(state.run.toppedUp).toEqual({ listed: 1, to: 4 });
    expect(state.ledger.created.size).toBe(3);
  });

  it('at the run\'s end: reads the list once the checks at the end have ended, the list the closing AUTH-4 check reads too', async () => {
    const target = new MemoryTarget().holding(1);
    const sent: string[] = [];
    const answer = target.answer.bind(target);
    target.answer = (id, request) => {
      sent.push(request.method);
      return answer(id, request);
    };
    const state = suiteOver(target, { topUp: 5 });
    const end = new RunEnd();
    end.expectCheckAtEnd();
    end.closingCheckStarts();
    const t = checkIn(state, 'LIST-2');
    const outcome = listedAsCreated({ creator: 'the whole run', categories: () => [...state.ledger.created.values()], topUpTo: 4, end })(t);
    // The check at the end, let in by the top-up: authentication tried once more.
    await end.turn();
    await refusedCreate(state);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['GET', 'POST', 'POST', 'POST', 'POST']);
    end.checkAtEndEnded();
    await expect(outcome).resolves.toBeUndefined();
    expect(sent).toEqual(['GET', 'POST', 'POST', 'POST', 'POST', 'GET']);
    // AUTH-4 judges the list LIST-2 read last (the suite's sixth exchange), and reads none of its own.
    expect((await checkIn(state, 'AUTH-4').closingList()).exchange.id).toBe('auth-6');
    expect(sent).toHaveLength(6);
  });

  it('fails a topped-up list that did not grow by what the top-up added', async () => {
    const target = new MemoryTarget().holding(1);
    target.shows = (stored) => stored.slice(0, 1);
    const { outcome } = closingCheck(suiteOver(target, { topUp: 5 }), { topUpTo: 4 });
    await expect(outcome).rejects.toThrow(/^the list grew by 0 while 3 categories were created: it is truncated or paged/);
  });
});
