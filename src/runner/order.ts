import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { suiteNameOf } from './collect.js';

/**
 * The order suites run in, which is also the order in which their checks reserve writes (see WriteBudget):
 * every area's examples first, then the generated checks, then the list suite, whose checks read the list once
 * the run has created the most. Suites not named here run just before the list suite, alphabetically.
 */
const SUITE_ORDER: readonly string[] = [
  'auth', 'create', 'model', 'info',
  'auth.generated', 'create.generated', 'model.generated', 'info.generated',
  'list',
];

/** vitest's sequencer, with a fixed, documented order instead of one by file size. */
export class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const name = suiteNameOf(file);
      const at = SUITE_ORDER.indexOf(name);
      return at >= 0 ? at : SUITE_ORDER.indexOf('list') - 0.5;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || suiteNameOf(a).localeCompare(suiteNameOf(b)));
  }
}
