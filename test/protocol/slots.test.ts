import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slotFolderName, slotOf } from '../../src/protocol/slots.js';

describe('slotOf', () => {
  it('gives the slot of a copy in a slot folder, and 0 to the package\'s own suite files', () => {
    expect(slotOf(join('/tmp', 'petstore-conformance-suite-slots-x', slotFolderName(3), 'auth.suite.js'))).toBe(3);
    expect(slotOf(join('/tmp', 'slots', slotFolderName(0), 'list.suite.js'))).toBe(0);
    expect(slotOf(join('/opt', 'petstore-conformance', 'dist', 'suites', 'auth.suite.js'))).toBe(0);
    // Only the folder the file is in counts: a slot folder further up is not the file's.
    expect(slotOf(join('/tmp', slotFolderName(2), 'suites', 'auth.suite.js'))).toBe(0);
    expect(slotOf(join('/tmp', 'slot-x', 'auth.suite.js'))).toBe(0);
  });
});
