import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { slotOf } from '../protocol/slots.js';

/**
 * vitest's sequencer: in a batch, the runs' files in the order of their slots (protocol/slots.ts), instead of one by
 * file size, so that the runs go in the order they were given.
 */
export class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => slotOf(a.moduleId) - slotOf(b.moduleId));
  }
}
