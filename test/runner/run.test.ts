import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slotFolderName } from '../../src/protocol/slots.js';
import { errorsOfSlot } from '../../src/runner/run.js';

describe('errorsOfSlot', () => {
  it('gives an error vitest caught outside any test to the run whose suite file it came from, and one it cannot place to every run', () => {
    const inSlot = (slot: number) => ({ message: `from ${slot}`, VITEST_TEST_PATH: join('/tmp', 'slots', slotFolderName(slot), 'list.suite.js') });
    const unplaced = { message: 'unplaced' };
    const errors = [inSlot(0), inSlot(1), unplaced];
    expect(errorsOfSlot(errors, 0)).toEqual([inSlot(0), unplaced]);
    expect(errorsOfSlot(errors, 1)).toEqual([inSlot(1), unplaced]);
    expect(errorsOfSlot(errors, 2)).toEqual([unplaced]);
  });
});
