/**
 * LIST rules: GET /categories answers every category, complete and faithful (contract §4.1). This suite runs
 * last: its LIST-2 check reads the list once the whole run has created its categories, and first tops a list of
 * 256 or fewer up to 257 (once: a later run finds it long enough), so that paging, truncation and ids that outgrow
 * a narrow column show. Then authentication is tried once more: a server that stops checking keys after
 * some number of requests shows only at the end of a run.
 */
import { expectRefused } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import { bearer } from '../src/http/credential.js';
import { mutateKey } from '../src/generators/key-mutations.js';

const suite = defineSuite('list');
const { settings, list, create } = suite.env;

suite.check('LIST-1', 'GET /categories with the valid key gets 200 and a JSON array', async (t) => {
  t.expectList(await t.list());
});

suite.checkRunCreationsAreListed();

// Authentication once more, last of all: a server that stops checking keys after some number of requests shows
// only late in a run. (The closing AUTH-4 check reads the list again after the probe that posts.)
for (const op of [list, create]) {
  suite.check('AUTH-1', `${op.label} with no credential still gets 401 at the end of the run`, async (t) => {
    await expectRefused(t, op, null);
  }, { sequential: true });
}

suite.check('AUTH-2', `${list.label} with the valid key altered still gets 401 at the end of the run`, async (t) => {
  const altered = t.expectValue(mutateKey(settings.apiKey, { kind: 'replace', at: 0.5, by: 'x' }), 'the key cannot be altered');
  await expectRefused(t, list, bearer(altered));
}, { sequential: true });

suite.checkRejectedCreatedNothing('AUTH-4');
suite.audits();
