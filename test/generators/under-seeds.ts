import fc from 'fast-check';
import { vi } from 'vitest';

/** Seeds far apart, as `--seed` may give them. */
export const SEEDS = [1, 42, 2_147_483_647];

/**
 * What a grammar module exports, loaded afresh under each seed as fast-check's global seed (the one the checks'
 * properties derive theirs from; see CheckContext.property), and with Math.random as the seed would make it. A list
 * that came out of any random source differs between the loads; the known shapes must not.
 */
export async function loadedUnderSeeds<T>(load: () => Promise<T>): Promise<T[]> {
  const loads: T[] = [];
  try {
    for (const seed of SEEDS) {
      fc.configureGlobal({ seed });
      const random = fc.sample(fc.double({ min: 0, max: 1, maxExcluded: true }), { seed, numRuns: 1000 });
      let i = 0;
      vi.spyOn(Math, 'random').mockImplementation(() => random[i++ % random.length] ?? 0);
      vi.resetModules();
      loads.push(await load());
      vi.restoreAllMocks();
    }
  } finally {
    fc.resetConfigureGlobal();
    vi.restoreAllMocks();
  }
  return loads;
}
