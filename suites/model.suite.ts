/**
 * MODEL rules, by example: ids are the service's to assign (contract §2). MODEL-1 and MODEL-2 are judged on every
 * response of every suite by their audits (every Category's schema, every 201's id new, no list repeating one), and
 * ids given concurrently by the create suite's burst of examples. Generated client ids are in model.generated.suite.ts.
 */
import { createHash } from 'node:crypto';
import { expectExistingIdNotHonoured, expectIdNotHonoured, expectNewCategory, expectSmallIdNotHonoured, withClientId } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import { expectUnchanged, freeSmallId, readListed, runOwnIds, SECOND_TRY } from '../src/checks/listing.js';
import type { IdColumn } from '../src/generators/client-ids.js';

const suite = defineSuite('model', { opensOnRunCategories: true });
const { settings, bodies } = suite.env;

suite.check('MODEL-3', 'an id sent with the id of an existing category neither becomes the new id nor replaces it', async (t) => {
  // The victim is one of the run's own categories, as the list shows it; only a run that has none yet creates one.
  let listed = await readListed(t, await t.openingList());
  let victim = runOwnIds(t, listed)[0];
  if (victim === undefined) {
    const created = await t.create(bodies.valid(t.marker('victim')));
    t.skipOverUnlessStatus('CREATE-1', created, 201, 'the category whose id it sends could not be created');
    victim = expectNewCategory(t, created).id;
    listed = await readListed(t);
  }
  // What the list shows under the victim's id before and after: only the intruder may change it.
  const before = listed.withIds(new Set([victim])).get(victim) ?? [];
  if (before.length === 0) t.skipOver('LIST-2', `the list does not show the category ${victim}`);
  const marker = t.marker('intruder');
  const reply = await t.create(withClientId(t, victim, marker));
  await expectExistingIdNotHonoured(t, reply, victim, () => t.create(bodies.valid(marker)));
  expectUnchanged(t, new Map([[victim, before]]), await readListed(t));
}, { writes: 2, dependsOn: ['LIST-2', 'CREATE-1'] });

for (const [label, id] of [
  ['a large int64 id', unlikelyId('positive')],
  ['a negative id', -unlikelyId('negative')],
  ['an id beyond 2^53', 2n ** 53n + 1n + (unlikelyId('beyond') % 1000n) * 2n],
] as const) {
  suite.check('MODEL-3', `${label} sent by the client does not become the new category's id`, async (t) => {
    expectIdNotHonoured(t, await t.create(withClientId(t, id)), id);
  }, { writes: 1 });
}

// Mass assignment behind a narrower id column refuses the large ids above; a small free one it would honour.
for (const column of ['int16', 'int32'] as const satisfies readonly IdColumn[]) {
  suite.check('MODEL-3', `a free id in the ${column} range sent by the client does not become the new category's id`, async (t) => {
    const listed = await readListed(t, await t.openingList());
    const [id, second] = [freeSmallId(listed, column), freeSmallId(listed, column, SECOND_TRY)];
    if (id === undefined || second === undefined) return t.skip(`the listed ids leave no free ${column} id far from them`);
    await expectSmallIdNotHonoured(t, (sent) => t.create(withClientId(t, sent)), id, second);
  }, { writes: 2 });
}

// A free id in the int32 range where the listed ids leave room: an ORM that casts a string into an INT column honours
// that, where it refuses a 2^61 one as out of range.
suite.check('MODEL-3', 'an id sent as a string does not become the new category\'s id', async (t) => {
  const id = freeSmallId(await readListed(t, await t.openingList()), 'int32') ?? unlikelyId('string');
  expectIdNotHonoured(t, await t.create(withClientId(t, String(id))), id);
}, { writes: 1 });

suite.checkCreatedAreListed();
suite.audits();

/** A positive id in [2^61, 2^62) from the run's seed: beyond any counter, reproducible with --seed. */
function unlikelyId(purpose: string): bigint {
  const bits = createHash('sha256').update(`${settings.seed} ${purpose}`).digest().readBigUInt64BE(0);
  return 2n ** 61n + (bits % 2n ** 61n);
}
