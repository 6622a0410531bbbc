import { describe, expect, it } from 'vitest';
import { rejectedCreatedNothing } from '../../../src/checks/closing/no-effect.js';
import { CheckFailure } from '../../../src/checks/failure.js';
import type { SuiteState } from '../../../src/runtime/suite-state.js';
import { checkIn, createdBy, MemoryTarget, refusedCreate, Skipped, suiteOver } from '../../support/memory-target.js';

/** AUTH-4's closing check of the suite, run. */
function closingCheck(state: SuiteState) {
  const t = checkIn(state, 'AUTH-4');
  return { t, outcome: rejectedCreatedNothing(state, 'AUTH-4')(t) };
}

describe('AUTH-4 closing check (rejectedCreatedNothing)', () => {
  it('passes when no listed category carries a refused request\'s marker, whatever else the list holds', async () => {
    const state = suiteOver(new MemoryTarget({ firstId: 2n ** 62n }).holding(2));
    await refusedCreate(state);
    await createdBy(state, 2); // the suite's own categories carry its markers too, but not the refused one's
    const { t, outcome } = closingCheck(state);
    await expect(outcome).resolves.toBeUndefined();
    expect(t.meta(true).exchanges.map((e) => e.id)).toEqual(['auth-4']);
    expect(state.ledger.createdDespiteRefusal).toEqual([]);
  });

  it('fails when the list shows what a refused request created, naming the request and the category', async () => {
    const state = suiteOver(new MemoryTarget({ firstId: -3n, unauthenticated: 'store' }));
    await refusedCreate(state);
    const { outcome } = closingCheck(state);
    await expect(outcome).rejects.toThrow(CheckFailure);
    await expect(outcome).rejects.toThrow(/^1 of 1 rejected requests: the rejected request auth-1 created category -3 \{"name":"conformance-r1-auth-refused-\d+"\}/);
  });

  it('records the category for the report, and counts it against the write budget once', async () => {
    const refused = suiteOver(new MemoryTarget({ unauthenticated: 'store' }));
    await refusedCreate(refused);
    await expect(closingCheck(refused).outcome).rejects.toThrow(CheckFailure);
    expect(refused.ledger.createdDespiteRefusal.map((c) => [c.exchange, c.category.id])).toEqual([['auth-1', 1n]]);
    expect(refused.run.budget.used).toBe(1);
    // Served with a 201, the request was counted when it was answered: not again here.
    const state = suiteOver(new MemoryTarget({ unauthenticated: 'serve' }));
    await refusedCreate(state);
    expect(state.run.budget.used).toBe(1);
    await expect(closingCheck(state).outcome).rejects.toThrow(/the rejected request auth-1 created category 1/);
    expect(state.run.budget.used).toBe(1);
  });

  it('judges only the requests registered for its own rule', async () => {
    const state = suiteOver(new MemoryTarget({ unauthenticated: 'store' }));
    await refusedCreate(state, 'CREATE-2');
    await expect(closingCheck(state).outcome).rejects.toThrow(new Skipped('no request of the auth suite was rejected'));
  });

  it('skips when no rejected request carried a marker: what they did cannot be seen in the list', async () => {
    const state = suiteOver(new MemoryTarget());
    await refusedCreate(state, 'AUTH-4', { marked: false });
    await expect(closingCheck(state).outcome).rejects.toThrow(/^none of the 1 rejected requests carried a marker/);
  });

  it('says how many requests it could not judge for want of a marker, and judges the rest', async () => {
    const state = suiteOver(new MemoryTarget());
    await refusedCreate(state, 'AUTH-4', { marked: false });
    await refusedCreate(state);
    const { t, outcome } = closingCheck(state);
    await expect(outcome).resolves.toBeUndefined();
    expect(t.meta(true).observation).toBe('1 of the 2 rejected requests carried no marker and were not judged');
  });
});
