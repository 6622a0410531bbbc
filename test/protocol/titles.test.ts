import { describe, expect, it } from 'vitest';
import { auditName, checkTitle, listedName, rejectedCreatedNothingName, replayedTitles, suiteCreator } from '../../src/protocol/titles.js';

describe('replayedTitles', () => {
  const replayed = replayedTitles(checkTitle('CREATE-1', 'valid names (x+y) are created'), 'create');
  /** A test's full name as vitest matches it: the suite's describe block (suites/run.ts), then the title. */
  const inBlock = (suite: string, title: string) => `${suite} ${title}`;

  it('selects the replayed check and what judges its suite, by the names the suites are declared with', () => {
    for (const title of [
      checkTitle('CREATE-1', 'valid names (x+y) are created'),
      checkTitle('MODEL-1', auditName('responses with a body', 'create')),
      checkTitle('AUTH-4', rejectedCreatedNothingName('create')),
      checkTitle('LIST-2', listedName(suiteCreator('create'))),
    ]) expect(inBlock('create', title)).toMatch(replayed);
  });

  it('leaves out the other checks, the other suites\' judges and the whole run\'s list', () => {
    for (const name of [
      inBlock('create', checkTitle('CREATE-1', 'valid names are created')),
      inBlock('create.generated', checkTitle('CREATE-1', 'valid names (x+y) are created')),
      inBlock('create.generated', checkTitle('MODEL-1', auditName('responses with a body', 'create.generated'))),
      inBlock('auth', checkTitle('AUTH-4', rejectedCreatedNothingName('auth'))),
      inBlock('list', checkTitle('LIST-2', listedName('the whole run', ', once the list holds more than 256'))),
      inBlock('create', checkTitle('LIST-2', listedName(suiteCreator('create'), ', later'))),
    ]) expect(name).not.toMatch(replayed);
  });
});
