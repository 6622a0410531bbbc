/**
 * The run: every suite file's checks in one vitest file, each suite a describe block of its own, so that the suites
 * of a wave run side by side (vitest runs files one after another) and the target is kept busy up to the run's
 * concurrency; a wave starts once the one before it has ended (see SUITE_WAVES). The suites are declared in their
 * fixed order, which is the order in which their checks reserve writes. Each suite file is imported from its block,
 * so that its checks are declared inside it; a batch's slot has copies of these files (runner/suite-slots.ts),
 * imported by the same relative paths.
 */
import { describe } from 'vitest';
import { SUITE_WAVES } from '../src/protocol/suites.js';

SUITE_WAVES.forEach((wave, i) => {
  describe(`wave ${i + 1}`, () => {
    for (const name of wave) {
      describe(name, { concurrent: wave.length > 1 }, async () => {
        await import(`./${name}.suite.js`);
      });
    }
  });
});
