import { describe, expect, it } from 'vitest';
import { WavePlans } from '../../src/runtime/wave-plans.js';

describe('WavePlans', () => {
  it('makes the plans of a wave and of the waves before it, each once, in the order they were added', () => {
    const plans = new WavePlans();
    const made: string[] = [];
    for (const [wave, name] of [[1, 'generated a'], [0, 'auth 1'], [2, 'list'], [0, 'create 1'], [1, 'generated b']] as const) {
      plans.add(wave, () => made.push(name));
    }
    plans.planThrough(1);
    expect(made).toEqual(['auth 1', 'create 1', 'generated a', 'generated b']);
    plans.planThrough(1);
    plans.planThrough(2);
    expect(made).toEqual(['auth 1', 'create 1', 'generated a', 'generated b', 'list']);
  });
});
