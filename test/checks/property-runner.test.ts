import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/http/exchange.js';
import { CheckEvidence, type CaseApart } from '../../src/checks/evidence.js';
import { CheckFailure, SkippedOver } from '../../src/checks/failure.js';
import { runCases, type CaseHooks } from '../../src/checks/property-runner.js';

/** Hooks that record what the cases asked of the check, over a check's evidence; a skip throws, as a vitest skip does. */
function hooks(evidence = new CheckEvidence()): CaseHooks & { readonly skipped: string[]; shrunk: boolean; dropped: number } {
  const skipped: string[] = [];
  const state = {
    skipped,
    shrunk: false,
    startCase: () => evidence.startCase(),
    dropped: 0,
    runApart: (run: () => Promise<void>) => evidence.runApart(run),
    takeCase: (ran: CaseApart) => evidence.takeCase(ran),
    dropCase: (ran: CaseApart) => {
      state.dropped++;
      evidence.takeCase(ran);
    },
    shrinking: () => {
      state.shrunk = true;
    },
    skip: (reason: string): never => {
      skipped.push(reason);
      throw new Error(`skipped: ${reason}`);
    },
    redact: (text: string) => text,
  };
  return state;
}

describe('runCases', () => {
  it('shrinks a failure to its counterexample, with its seed and path', async () => {
    const h = hooks();
    const run = await runCases(fc.integer({ min: 0, max: 100 }), async (n) => {
      if (n > 50) throw new CheckFailure(`${n} is too big`);
    }, { seed: 7, numRuns: 100, window: 1 }, h);
    expect(run.failed).toBe(true);
    expect(h.shrunk).toBe(true);
    expect(run.generated.counterexample).toBe('51');
    expect(String((run.failure as Error).message)).toMatch(/^counterexample 51 \(after \d+ shrinks; seed 7, path "[\d:]+"\): 51 is too big$/);
  });

  it('skips a replay whose path the arbitrary does not have, before any case is sent', async () => {
    const h = hooks();
    let cases = 0;
    const run = runCases(fc.integer({ min: 0, max: 100 }), async () => {
      cases++;
    }, { seed: 7, numRuns: 100, path: '0:99:99:99', window: 8 }, h);
    await expect(run).rejects.toThrow(/skipped: the recorded case could not be replayed: its path "0:99:99:99" does not fit/);
    expect(cases).toBe(0);
  });

  it('throws a generator\'s own error as it is when no path is replayed', async () => {
    const bug = new TypeError('generator bug');
    const broken = fc.integer().map(() => {
      throw bug;
    });
    await expect(runCases(broken, async () => undefined, { seed: 1, numRuns: 5, window: 8 }, hooks())).rejects.toBe(bug);
  });

  it('ends the cases with the first case that cannot be judged', async () => {
    let cases = 0;
    const run = runCases(fc.integer(), async () => {
      cases++;
      throw new SkippedOver('HTTP-1', 'no complete response');
    }, { seed: 1, numRuns: 50, window: 1 }, hooks());
    await expect(run).rejects.toThrow(SkippedOver);
    expect(cases).toBe(1);
  });
});

/** An exchange a case made, named after its value. */
const made = (value: number): Exchange => ({
  id: `case-${value}`, operation: 'GET /categories', startedAt: '2026-11-29T00:00:00.000Z', durationMs: 1,
  request: { method: 'GET', url: 'http://127.0.0.1/v1/categories', headers: {} },
});

/**
 * A property whose cases each make an exchange after a wait that differs from case to case (so that they are answered
 * out of order), recording the values it was run with and the most cases under way at once.
 */
function recorded(evidence: CheckEvidence, judge: (n: number) => void = () => undefined) {
  const sent: number[] = [];
  let underWay = 0;
  let most = 0;
  const predicate = async (n: number) => {
    sent.push(n);
    most = Math.max(most, ++underWay);
    try {
      await new Promise((resolve) => setTimeout(resolve, Math.abs(n) % 5));
      evidence.keep(made(n));
      judge(n);
    } finally {
      underWay--;
    }
  };
  return { predicate, sent, most: () => most, underWay: () => underWay };
}

describe('runCases, with cases run ahead of their turn', () => {
  it('sends the cases it sends one by one, and no more, with up to the window under way at once', async () => {
    const arbitrary = fc.integer({ min: -1000, max: 1000 });
    const alone = recorded(new CheckEvidence());
    await runCases(arbitrary, alone.predicate, { seed: 3, numRuns: 25, window: 1 }, hooks());
    const evidence = new CheckEvidence();
    const ahead = recorded(evidence);
    const run = await runCases(arbitrary, ahead.predicate, { seed: 3, numRuns: 25, window: 4 }, hooks(evidence));
    expect(run.failed).toBe(false);
    expect(ahead.sent).toEqual(alone.sent);
    expect(alone.most()).toBe(1);
    expect(ahead.most()).toBe(4);
    // Every exchange is the check's, kept in the cases' order, whichever was answered first.
    expect(evidence.count).toBe(25);
    expect(evidence.kept(false).map((e) => e.id)).toEqual(alone.sent.slice(0, 12).map((n) => `case-${n}`));
  });

  it('sends no case more than one by one where preconditions reject some: each rejected case draws one more', async () => {
    const arbitrary = fc.integer({ min: 0, max: 1000 });
    const onlyOdd = async (n: number) => fc.pre(n % 2 === 1);
    const alone = recorded(new CheckEvidence());
    await runCases(arbitrary, async (n) => {
      await onlyOdd(n);
      await alone.predicate(n);
    }, { seed: 5, numRuns: 20, window: 1 }, hooks());
    const tried: number[] = [];
    const ahead = recorded(new CheckEvidence());
    await runCases(arbitrary, async (n) => {
      tried.push(n);
      await onlyOdd(n);
      await ahead.predicate(n);
    }, { seed: 5, numRuns: 20, window: 6 }, hooks());
    expect(ahead.sent).toEqual(alone.sent);
    expect(alone.sent).toHaveLength(20);
    expect(tried.length).toBeGreaterThan(20);
  });

  it('shrinks a failure as one by one does, with the cases ahead over before shrinking starts, one case at a time', async () => {
    const arbitrary = fc.integer({ min: 0, max: 100 });
    const tooBig = (n: number) => {
      if (n > 50) throw new CheckFailure(`${n} is too big`);
    };
    const alone = recorded(new CheckEvidence(), tooBig);
    const one = await runCases(arbitrary, alone.predicate, { seed: 7, numRuns: 100, window: 1 }, hooks());
    const evidence = new CheckEvidence();
    const h = hooks(evidence);
    const underWayWhileShrinking: number[] = [];
    const ahead = recorded(evidence, tooBig);
    const run = await runCases(arbitrary, async (n) => {
      if (h.shrunk) underWayWhileShrinking.push(ahead.underWay());
      await ahead.predicate(n);
    }, { seed: 7, numRuns: 100, window: 4 }, h);
    expect(run.generated).toEqual(one.generated);
    expect((run.failure as Error).message).toBe((one.failure as Error).message);
    // The cases after the first failure that were under way are sent, at most the window's less one.
    const firstFailure = alone.sent.findIndex((n) => n > 50);
    expect(ahead.sent.slice(0, firstFailure + 1)).toEqual(alone.sent.slice(0, firstFailure + 1));
    expect(ahead.sent.length - alone.sent.length).toBeGreaterThan(0);
    expect(ahead.sent.length - alone.sent.length).toBeLessThanOrEqual(3);
    expect(h.dropped).toBe(ahead.sent.length - alone.sent.length);
    expect(underWayWhileShrinking.length).toBeGreaterThan(0);
    expect(underWayWhileShrinking.every((n) => n === 0)).toBe(true);
    // The counterexample's exchange is the last failing case's: 51.
    expect(run.counterexample?.map((e) => e.id)).toEqual(['case-51']);
  });

  it('draws each case once, for the cases ahead and fast-check alike, even from a generator with a state of its own', async () => {
    let draws = 0;
    const counting = fc.integer().map(() => draws++);
    const sent: number[] = [];
    const run = await runCases(counting, async (n) => {
      sent.push(n);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }, { seed: 1, numRuns: 10, window: 4 }, hooks());
    expect(run.failed).toBe(false);
    expect(draws).toBe(10);
    expect([...sent].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('ends the cases ahead with a case that cannot be judged', async () => {
    let cases = 0;
    const run = runCases(fc.integer(), async () => {
      cases++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw new SkippedOver('HTTP-1', 'no complete response');
    }, { seed: 1, numRuns: 50, window: 4 }, hooks());
    await expect(run).rejects.toThrow(SkippedOver);
    expect(cases).toBe(4);
  });
});
