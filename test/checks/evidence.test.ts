import { describe, expect, it } from 'vitest';
import { CheckEvidence, evidence, KEPT_WHEN_PASSED, PASSED_BODY_LIMIT } from '../../src/checks/evidence.js';
import type { Exchange } from '../../src/http/exchange.js';

const exchange = (n: number, body: string): Exchange => ({
  id: `list-${n}`, operation: 'GET /categories', startedAt: '2026-11-26T00:00:00.000Z', durationMs: 1,
  request: { method: 'POST', url: 'http://127.0.0.1/v1/categories', headers: {}, body: `{"name":"${'n'.repeat(5000)}"}` },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body, bodyBytes: body.length },
});

describe('evidence', () => {
  const long = `[${'{"id":1,"name":"x"},'.repeat(1000)}{"id":2,"name":"y"}]`;
  const exchanges = Array.from({ length: 8 }, (_, n) => exchange(n, n % 2 ? long : '[]'));

  it('keeps a passed check\'s first exchanges, each response body cut to the limit and marked so, its request whole', () => {
    const kept = evidence(exchanges, true);
    expect(kept.map((e) => e.id)).toEqual(exchanges.slice(0, KEPT_WHEN_PASSED).map((e) => e.id));
    expect(kept[1]?.response).toMatchObject({ body: long.slice(0, PASSED_BODY_LIMIT), bodyTruncated: true, bodyBytes: long.length, status: 200 });
    expect(kept[0]).toBe(exchanges[0]); // a short body is kept as it is
    expect(kept[1]?.request).toBe(exchanges[1]?.request);
    // The records the check holds are not changed: an audit may show the same exchange whole.
    expect(exchanges[1]?.response?.body).toBe(long);
  });

  it('keeps every exchange of a check that did not pass, whole', () => {
    expect(evidence(exchanges, false)).toBe(exchanges);
  });
});

describe('CheckEvidence', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

  it('keeps the exchanges of cases run ahead of their turn when their turn comes, in the cases\' order, not the answers\'', async () => {
    const check = new CheckEvidence();
    const shared = new CheckEvidence();
    const [first, second] = [0, 1].map((n) => check.runApart(async () => {
      // The first case is answered last; a shared request it sends is kept by the shared context, at once.
      if (n === 0) await tick();
      check.keep(exchange(n, '[]'));
      shared.keep(exchange(10 + n, '[]'));
    }));
    await Promise.all([first?.done, second?.done]);
    expect(check.count).toBe(0);
    expect(shared.count).toBe(2);
    expect(check.takeCase(first?.apart ?? { exchanges: [], writes: 0 }).map((e) => e.id)).toEqual(['list-0']);
    const counterexample = check.takeCase(second?.apart ?? { exchanges: [], writes: 0 });
    check.endCases(counterexample);
    expect(check.count).toBe(2);
    expect(check.kept(false).map((e) => e.id)).toEqual(['list-1']);
  });
});
