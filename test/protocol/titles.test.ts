import { describe, expect, it } from 'vitest';
import { auditName, checkTitle, listedName, rejectedCreatedNothingName, replayedTitles, suiteCreator } from '../../src/protocol/titles.js';

describe('replayedTitles', () => {
  const replayed = replayedTitles(checkTitle('CREATE-1', 'valid names (x+y) are created'), 'create');

  it('selects the replayed check and what judges its suite, by the names the suites are declared with', () => {
    for (const title of [
      checkTitle('CREATE-1', 'valid names (x+y) are created'),
      checkTitle('MODEL-1', auditName('responses with a body', 'create')),
      checkTitle('AUTH-4', rejectedCreatedNothingName('create')),
      checkTitle('LIST-2', listedName(suiteCreator('create'))),
    ]) expect(title).toMatch(replayed);
  });

  it('leaves out the other checks, the other suites\' judges and the whole run\'s list', () => {
    for (const title of [
      checkTitle('CREATE-1', 'valid names are created'),
      checkTitle('MODEL-1', auditName('responses with a body', 'create.generated')),
      checkTitle('AUTH-4', rejectedCreatedNothingName('auth')),
      checkTitle('LIST-2', listedName('the whole run', ', once the list holds more than 256')),
      checkTitle('LIST-2', listedName(suiteCreator('create'), ', later')),
    ]) expect(title).not.toMatch(replayed);
  });
});
