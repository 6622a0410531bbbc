import { describe, expect, it } from 'vitest';
import { STRAY_WRITES, WriteBudget, type Reservation } from '../../src/runtime/write-budget.js';

describe('WriteBudget', () => {
  it('spends a held write on a creation and gives it back to the check on a refusal', () => {
    const budget = new WriteBudget(10);
    const reservation = budget.reserve(2);
    expect(budget.available).toBe(8);
    expect(reservation?.hold()).toBe(true);
    reservation?.settle(false);
    expect([budget.used, budget.available]).toEqual([0, 8]);
    expect(reservation?.hold()).toBe(true);
    reservation?.settle(true);
    expect([budget.used, budget.available]).toEqual([1, 8]);
    // One write is left of the two: one hold fits, and no second.
    expect([reservation?.hold(), reservation?.hold()]).toEqual([true, false]);
    reservation?.settle(false);
    reservation?.release();
    expect(budget.available).toBe(9);
  });

  it('refuses to hold beyond the reservation, unless shrinking borrows what the budget has left', () => {
    const budget = new WriteBudget(4);
    const reservation = budget.reserve(2);
    for (let i = 0; i < 2; i++) {
      expect(reservation?.hold()).toBe(true);
      reservation?.settle(true);
    }
    expect(reservation?.hold()).toBe(false);
    expect(reservation?.hold(true)).toBe(true);
    reservation?.settle(true);
    expect([budget.used, budget.available]).toEqual([3, 1]);
    expect(budget.reserve(1)?.hold()).toBe(true);
    expect(reservation?.hold(true)).toBe(false); // nothing left in the budget
  });

  it('borrows for shrinking at most as many writes again as were reserved, even without a limit', () => {
    const reservation = new WriteBudget(Number.POSITIVE_INFINITY).reserve(3);
    let held = 0;
    while (held < 100 && reservation?.hold(true)) {
      reservation.settle(true);
      held++;
    }
    expect(held).toBe(6);
  });

  it('gives back a write held when the check ended, once it is settled unspent', () => {
    const budget = new WriteBudget(5);
    const reservation = budget.reserve(2);
    reservation?.hold();
    reservation?.release();
    expect(budget.available).toBe(4);
    reservation?.settle(false);
    expect(budget.available).toBe(5);
  });

  it('does not reserve more than is available', () => {
    const budget = new WriteBudget(5);
    expect(budget.reserve(6)).toBeUndefined();
    expect(budget.reserve(5)).toBeDefined();
    expect(budget.reserve(1)).toBeUndefined();
  });

  it('counts stray writes, and under a limit stops generated refusals of a kind after enough of that kind', () => {
    const limited = new WriteBudget(100);
    const unlimited = new WriteBudget(Number.POSITIVE_INFINITY);
    for (let i = 0; i < STRAY_WRITES; i++) {
      expect(limited.refusalsMaySend('credential')).toBe(true);
      limited.spendStray('credential');
      unlimited.spendStray('credential');
    }
    expect(limited.refusalsMaySend('credential')).toBe(false);
    expect(limited.refusalsMaySend('body')).toBe(true);
    expect(limited.used).toBe(STRAY_WRITES);
    expect(unlimited.refusalsMaySend('credential')).toBe(true);
  });

  /** A budget of `limit` and two checks under way, holding reservations of `writes` each. */
  const underWay = (limit: number, ...writes: [number, number]) => {
    const budget = new WriteBudget(limit);
    const [a, b] = writes.map((n) => budget.reserve(n) as Reservation) as [Reservation, Reservation];
    a.begin();
    b.begin();
    return { budget, a, b };
  };

  it('lets a borrow that found nothing left wait for a check under way to give writes back, and gives up when none is left to', async () => {
    const { budget, a: borrower, b: other } = underWay(3, 1, 2);
    expect(borrower.hold()).toBe(true);
    borrower.settle(true);
    expect(borrower.hold(true)).toBe(false);
    const returned = budget.writeReturned();
    other.release(); // ends with both writes unspent
    await expect(returned).resolves.toBe(true);
    expect(borrower.hold(true)).toBe(true);
    // No other check under way: nothing can come back, and the borrow does not wait.
    borrower.settle(true);
    await expect(budget.writeReturned()).resolves.toBe(false);
  });

  it('does not let checks that all wait to borrow wait for each other', async () => {
    const { budget, b } = underWay(2, 1, 1);
    const aWaits = budget.writeReturned();
    await expect(budget.writeReturned()).resolves.toBe(false);
    b.release();
    await expect(aWaits).resolves.toBe(true);
  });
});
