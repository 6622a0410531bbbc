import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { suiteNameOf, suiteRank } from '../protocol/suites.js';

/** vitest's sequencer, with the fixed, documented order of protocol/suites.ts instead of one by file size. */
export class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => suiteRank(suiteNameOf(file));
    return [...files].sort((a, b) => rank(a) - rank(b) || suiteNameOf(a).localeCompare(suiteNameOf(b)));
  }
}
