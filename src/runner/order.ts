import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { slotOf } from '../protocol/slots.js';
import { suiteNameOf, suiteRank } from '../protocol/suites.js';

/**
 * vitest's sequencer, with the fixed, documented order of protocol/suites.ts instead of one by file size; in a batch,
 * every suite file of one run before the next run's (protocol/slots.ts): a run's suite files share its state.
 */
export class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => suiteRank(suiteNameOf(file));
    return [...files].sort((a, b) => slotOf(a.moduleId) - slotOf(b.moduleId) || rank(a) - rank(b) || suiteNameOf(a).localeCompare(suiteNameOf(b)));
  }
}
