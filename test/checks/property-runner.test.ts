import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/http/exchange.js';
import { CheckFailure, SkippedOver } from '../../src/checks/failure.js';
import { runCases, type CaseHooks } from '../../src/checks/property-runner.js';

/** Hooks that record what the cases asked of the check; a skip throws, as a vitest skip does. */
function hooks(): CaseHooks & { readonly skipped: string[]; shrunk: boolean } {
  const skipped: string[] = [];
  const state = {
    skipped,
    shrunk: false,
    startCase: (): readonly Exchange[] => [],
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
    }, { seed: 7, numRuns: 100 }, h);
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
    }, { seed: 7, numRuns: 100, path: '0:99:99:99' }, h);
    await expect(run).rejects.toThrow(/skipped: the recorded case could not be replayed: its path "0:99:99:99" does not fit/);
    expect(cases).toBe(0);
  });

  it('throws a generator\'s own error as it is when no path is replayed', async () => {
    const bug = new TypeError('generator bug');
    const broken = fc.integer().map(() => {
      throw bug;
    });
    await expect(runCases(broken, async () => undefined, { seed: 1, numRuns: 5 }, hooks())).rejects.toBe(bug);
  });

  it('ends the cases with the first case that cannot be judged', async () => {
    let cases = 0;
    const run = runCases(fc.integer(), async () => {
      cases++;
      throw new SkippedOver('HTTP-1', 'no complete response');
    }, { seed: 1, numRuns: 50 }, hooks());
    await expect(run).rejects.toThrow(SkippedOver);
    expect(cases).toBe(1);
  });
});
