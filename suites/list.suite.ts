/** LIST rules: GET /categories answers every category, complete and faithful (contract §4.1). */
import { defineSuite } from '../src/checks/suite.js';
import { readCategory, sameContent, showContent } from '../src/checks/category.js';
import { expectNewCategory } from '../src/checks/expectations.js';

const suite = defineSuite('list');

/** More than the page sizes servers commonly default to (10, 20, 25). */
const DOZENS = 30;

suite.check('LIST-1', 'GET /categories with the valid key gets 200 and a JSON array', async (t) => {
  t.expectList(await t.list());
});

suite.check('LIST-2', `${DOZENS} categories created one after another are all listed, unchanged`, async (t) => {
  const created = [];
  for (let i = 0; i < DOZENS; i++) {
    const name = t.marker('dozens');
    const sent = i % 2 === 0 ? { name } : { name, description: `number ${i} of ${DOZENS}, «${name}»` };
    created.push(expectNewCategory(t, await t.create(sent)));
  }
  const reply = await t.list();
  const { document, items } = t.expectList(reply);
  const listed = items.map((item) => readCategory(document, item));
  const missing = created.filter((c) => !listed.some((l) => l?.id === c.id && sameContent(l, c)));
  t.expect(missing.length === 0,
    `${missing.length} of ${DOZENS} new categories are missing or changed in a list of ${listed.length}, e.g. ` +
    missing.slice(0, 3).map((c) => `${c.id} ${showContent(c)}`).join(', '), reply);
});

suite.checkCreatedAreListed();
suite.checkRunCreationsAreListed();
suite.audits();
