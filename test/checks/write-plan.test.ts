import { describe, expect, it } from 'vitest';
import { Shared } from '../../src/checks/shared.js';
import { WritePlanner } from '../../src/checks/write-plan.js';
import { WriteBudget } from '../../src/runtime/write-budget.js';

/** Shared requests that may create `writes` categories (never sent here: planning only reserves). */
const sharedOf = (name: string, writes: number) => new Shared(name, writes, () => Promise.resolve(undefined));

describe('WritePlanner', () => {
  it('plans nothing for a check that creates nothing, even in a read-only run', () => {
    const budget = new WriteBudget(0);
    expect(new WritePlanner(budget, 'production', true).plan(0, [])).toEqual({});
  });

  it('reserves a check\'s writes from the budget, in the order the checks are declared, until they no longer fit', () => {
    const budget = new WriteBudget(10);
    const planner = new WritePlanner(budget, undefined, true);
    expect(planner.plan(4, []).reservation).toBeDefined();
    expect(planner.plan(6, []).reservation).toBeDefined();
    expect(planner.plan(1, [])).toEqual({ withheld: { why: 'budget', reason: 'needs 1 write, but 0 of the write budget of 10 are left (--max-writes)' } });
    expect(budget.available).toBe(0);
  });

  it('reserves shared requests once, for every check that judges them, and withholds them all when they do not fit', () => {
    const budget = new WriteBudget(12);
    const planner = new WritePlanner(budget, undefined, true);
    const examples = sharedOf('the CREATE-1 examples, created at once', 8);
    expect(planner.plan(0, [examples])).toEqual({});
    expect(planner.plan(0, [examples])).toEqual({});
    expect(budget.available).toBe(4);
    const more = sharedOf('more examples', 5);
    expect(planner.plan(2, [more]).withheld).toEqual({ why: 'budget', reason: 'the requests it judges (more examples) need 5 writes, but 4 of the write budget of 12 are left (--max-writes)' });
    // Nothing was reserved for the check whose shared requests did not fit: its own writes stay available.
    expect(budget.available).toBe(4);
  });

  it('withholds every check that would create in a read-only run, saying why the run is read-only', () => {
    const budget = new WriteBudget(Number.POSITIVE_INFINITY);
    const plan = new WritePlanner(budget, 'the environment is production (--env)', true).plan(1, []);
    expect(plan).toEqual({ withheld: { why: 'read-only', reason: 'this check would create categories, and the run is read-only: the environment is production (--env)' } });
  });

  it('counts another shard\'s checks as one run would, fitting or not, and their shared requests once', () => {
    const budget = new WriteBudget(10);
    const elsewhere = new WritePlanner(budget, undefined, false);
    const examples = sharedOf('examples', 3);
    expect(elsewhere.plan(4, [examples])).toEqual({});
    expect(elsewhere.plan(0, [examples])).toEqual({});
    expect(elsewhere.plan(6, [])).toEqual({});
    // 4 + 3 + 6: past the limit, so that this shard's own checks find no room another shard's may take.
    expect(budget.available).toBe(-3);
    expect(new WritePlanner(budget, undefined, true).plan(1, []).withheld?.why).toBe('budget');
  });
});
