/**
 * MODEL-3, generated: ids a client sends (random int64 values, the ids of categories that exist (the run's own),
 * numeric and other strings) never become the new category's id, and the existing categories are unchanged afterwards.
 */
import { expectExistingIdNotHonoured, expectIdNotHonoured, expectNewCategory, expectSmallIdNotHonoured, withClientId } from '../src/checks/expectations.js';
import { expectUnchanged, freeSmallId, readListed, runOwnIds, SECOND_TRY } from '../src/checks/listing.js';
import { defineSuite } from '../src/checks/suite.js';
import { clientId } from '../src/generators/client-ids.js';
import fc from 'fast-check';

const suite = defineSuite('model.generated', { opensOnRunCategories: true });
const { settings, bodies } = suite.env;

suite.check('MODEL-3', 'generated client-supplied ids never become the new id and leave existing categories unchanged', async (t) => {
  // The run's own categories that existed before the suite, as the list showed them: the ones a client id may name,
  // so that a target that honours it overwrites nothing of anyone else's. A run that has none yet (a shard of its
  // own) creates one, so that those cases are not all dropped.
  let before = await readListed(t, await t.openingList());
  if (runOwnIds(t, before).length === 0) {
    const created = await t.create(bodies.valid(t.marker('existing')));
    t.skipOverUnlessStatus('CREATE-1', created, 201, 'the category whose id it sends could not be created');
    expectNewCategory(t, created);
    before = await readListed(t);
  }
  const existing = runOwnIds(t, before);
  const named = new Set<bigint>();
  await t.property(clientId, async (c) => {
    const marker = t.marker('client-id');
    if (c.kind === 'existing') {
      fc.pre(existing.length > 0);
      const id = existing[c.index % existing.length] as bigint;
      named.add(id);
      await expectExistingIdNotHonoured(t, await t.create(withClientId(t, id, marker)), id, () => t.create(bodies.valid(marker)));
    } else if (c.kind === 'int64') {
      expectIdNotHonoured(t, await t.create(withClientId(t, c.value, marker)), c.value);
    } else if (c.kind === 'free small') {
      const [id, second] = [freeSmallId(before, c.column, c.offset), freeSmallId(before, c.column, c.offset + SECOND_TRY)];
      fc.pre(id !== undefined && second !== undefined);
      await expectSmallIdNotHonoured(t, (sent) => t.create(withClientId(t, sent, marker)), id, second);
    } else if (c.kind === 'numeric string') {
      expectIdNotHonoured(t, await t.create(withClientId(t, String(c.value), marker)), c.value);
    } else {
      t.expectStatus(await t.create(withClientId(t, c.value, marker)), [201, 400]);
    }
  }, settings.createRuns);
  const shown = before.withIds(named);
  expectUnchanged(t, new Map([...named].map((id) => [id, shown.get(id) ?? []])), await readListed(t));
}, { writes: settings.createRuns + 1, dependsOn: ['LIST-2', 'CREATE-1'] });

suite.checkCreatedAreListed();
suite.audits();
