/**
 * MODEL rules: ids are unique and the service's to assign (contract §2). MODEL-1 and MODEL-2 are also judged on
 * every response of every suite by their audits: every Category's schema, every 201's id new, no list repeating one.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { readCategory, sameContent, showContent, type SeenCategory } from '../src/checks/category.js';
import type { CheckContext } from '../src/checks/context.js';
import { environment } from '../src/checks/environment.js';
import { expectNewCategory } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import type { Reply } from '../src/http/reply.js';

const suite = defineSuite('model');
const { settings } = environment();

/** Creates sent at once: enough to expose ids taken from a counter read before an await. */
const BURST = 20;

suite.check('MODEL-2', `${BURST} categories created at once get ${BURST} different ids`, async (t) => {
  const sent = Array.from({ length: BURST }, () => ({ name: t.marker('burst') }));
  const replies = await Promise.all(sent.map((body) => t.create(body)));
  expectDistinctIds(t, replies.map((reply) => ({ reply, seen: expectNewCategory(t, reply) })));
});

suite.check('MODEL-2', 'categories created one after another get different ids', async (t) => {
  const created = [];
  for (let i = 0; i < 5; i++) {
    const reply = await t.create({ name: t.marker('sequential') });
    created.push({ reply, seen: expectNewCategory(t, reply) });
  }
  expectDistinctIds(t, created);
});

suite.check('MODEL-3', 'an id sent with the id of an existing category neither becomes the new id nor replaces it', async (t) => {
  const victim = expectNewCategory(t, await t.create({ name: t.marker('victim'), description: 'must stay as it is' }));
  // What the list shows under the victim's id before and after: only the intruder may change it.
  const before = (await readList(t)).categories.filter((c) => c.id === victim.id);
  t.prerequisite('LIST-2', before.length > 0, `the list does not show the new category ${victim.id}`);
  const reply = await t.create(undefined, { raw: `{"name":${JSON.stringify(t.marker('intruder'))},"id":${victim.id}}` });
  expectIdNotHonoured(t, reply, victim.id);
  const { reply: listReply, categories } = await readList(t);
  const after = categories.filter((c) => c.id === victim.id);
  const changed = before.filter((b) => !after.some((a) => sameContent(a, b)));
  t.expect(after.length === before.length && changed.length === 0,
    `under id ${victim.id} the list showed ${before.map(showContent).join(', ')} and now shows ${after.map(showContent).join(', ') || 'nothing'}`, listReply);
});

for (const [label, id] of [
  ['a large int64 id', unlikelyId('positive')],
  ['a negative id', -unlikelyId('negative')],
  ['an id beyond 2^53', 2n ** 53n + 1n + (unlikelyId('beyond') % 1000n) * 2n],
] as const) {
  suite.check('MODEL-3', `${label} sent by the client does not become the new category's id`, async (t) => {
    expectIdNotHonoured(t, await t.create(undefined, { raw: `{"name":${JSON.stringify(t.marker('client-id'))},"id":${id}}` }), id);
  });
}

suite.check('MODEL-3', 'an id sent as a string does not become the new category\'s id', async (t) => {
  const id = unlikelyId('string');
  expectIdNotHonoured(t, await t.create({ name: t.marker('client-id'), id: String(id) }), id);
});

suite.check('MODEL-3', 'generated int64 ids sent by the client never become the new category\'s id', async (t) => {
  // Far from 0 in both directions, where no counter reaches: a coincidence would be a false failure.
  const far = fc.oneof(fc.bigInt(2n ** 40n, 2n ** 63n - 1n), fc.bigInt(-(2n ** 63n), -(2n ** 40n)));
  await t.property(far, async (id) => {
    expectIdNotHonoured(t, await t.create(undefined, { raw: `{"name":${JSON.stringify(t.marker('client-id'))},"id":${id}}` }), id);
  });
});

suite.checkCreatedAreListed();
suite.audits();

/**
 * 400, or 201 with an id that is not the one the client sent. A server that honours the id but parsed it as a
 * double (so the id comes back rounded) or echoes it as a string honours it all the same.
 */
function expectIdNotHonoured(t: CheckContext, reply: Reply, sentId: bigint): void {
  const status = t.expectStatus(reply, [201, 400]);
  if (status === 400) return;
  const document = t.expectJson(reply);
  const created = readCategory(document, document.value);
  const shownId = (document.value as { id?: unknown } | null)?.id;
  const honoured = created?.id === sentId || created?.id === BigInt(Number(sentId)) || shownId === String(sentId);
  t.expect(!honoured, `the new category got the id the client sent (${sentId})`, reply);
}

function expectDistinctIds(t: CheckContext, created: readonly { reply: Reply; seen: SeenCategory }[]): void {
  const owners = new Map<bigint, Reply>();
  for (const { reply, seen } of created) {
    if (seen.id === undefined) continue;
    const first = owners.get(seen.id);
    t.expect(first === undefined, `id ${seen.id} was given twice: also in ${first?.exchange.id}`, reply);
    owners.set(seen.id, reply);
  }
}

async function readList(t: CheckContext) {
  const reply = await t.list();
  const { document, items } = t.expectList(reply);
  const categories = items.map((item) => readCategory(document, item)).filter((c) => c !== undefined);
  return { reply, categories };
}

/** A positive id in [2^61, 2^62) from the run's seed: beyond any counter, reproducible with --seed. */
function unlikelyId(purpose: string): bigint {
  const bits = createHash('sha256').update(`${settings.seed} ${purpose}`).digest().readBigUInt64BE(0);
  return 2n ** 61n + (bits % 2n ** 61n);
}
