/**
 * LIST rules: GET /categories answers every category, complete and faithful (contract §4.1). This suite runs
 * last: its LIST-2 check reads the list once the whole run has created its categories, and first tops them up
 * to more than 100 (or 50, or 25) when the write budget allows, so that paging and truncation show.
 */
import { defineSuite } from '../src/checks/suite.js';

const suite = defineSuite('list');

suite.check('LIST-1', 'GET /categories with the valid key gets 200 and a JSON array', async (t) => {
  t.expectList(await t.list());
});

suite.checkRunCreationsAreListed();
suite.audits();
