/**
 * CREATE rules, by example: POST /categories accepts every valid NewCategory the catalogue names and refuses
 * every invalid body it names (contract §4.2). Generated bodies are in create.generated.suite.ts. The examples are
 * created at once, which also shows MODEL-2 (ids given concurrently differ).
 */
import { expectCreated, expectCreatedLikePlain, expectNewCategory, type SentCategory } from '../src/checks/expectations.js';
import type { Reply } from '../src/http/reply.js';
import { defineSuite } from '../src/checks/suite.js';
import { KNOWN_INVALID_BODIES, renderInvalidBody } from '../src/generators/invalid-bodies.js';
import { KNOWN_NAMES, nameOf } from '../src/generators/names.js';

const suite = defineSuite('create');
const { create } = suite.env;

/** Valid NewCategories, by what makes each one worth sending. `mark` gives the run's marker. */
const examples: { readonly name: string; readonly body: (mark: (label: string) => string) => SentCategory }[] = [
  // Every shape the name grammar knows, on every run whatever the seed: first the plain one, whose name is sent again
  // below. Names about the exact name carry no marker (report.json lists them among the run's categories).
  ...KNOWN_NAMES.map(({ label, shape }) => ({ name: label, body: (mark: (label: string) => string) => ({ name: nameOf(shape, mark('name')) }) })),
  { name: 'a name of exactly 100 characters', body: (mark) => ({ name: mark('long').padEnd(100, 'x') }) },
  { name: 'a Unicode description', body: (mark) => ({ name: mark('desc'), description: 'Kleine Hunde — 小型犬 — 🐕‍🦺' }) },
  { name: 'a description of 100 characters', body: (mark) => ({ name: mark('desc'), description: 'A description. '.repeat(7).slice(0, 100) }) },
  { name: 'a description with leading and trailing spaces', body: (mark) => ({ name: mark('desc'), description: '  Small dogs  ' }) },
];

// Every example's category is created in one burst with the others': each example's check judges its own, and
// MODEL-2 judges that ids given at the same moment differ, so that no category is created for MODEL-2 alone.
const burst = suite.shared(`the ${examples.length} CREATE-1 examples, created at once`, examples.length, async (t) => {
  const sent = examples.map((example) => example.body((label) => t.marker(label)));
  const replies = await Promise.all(sent.map((body) => t.create(body)));
  return examples.map((example, i) => ({ example: example.name, sent: sent[i] as SentCategory, reply: replies[i] as Reply }));
});

for (const example of examples) {
  suite.check('CREATE-1', `${example.name} gets 201 with that name`, async (t) => {
    const own = t.expectValue((await t.use(burst)).find((b) => b.example === example.name), `the burst sent no ${example.name}`);
    expectCreated(t, t.shows(own.reply), own.sent);
  }, { uses: [burst] });
}

// That they are all listed, once each, is the closing LIST-2 check's and MODEL-2's list audit's to show.
suite.check('MODEL-2', `the ${examples.length} CREATE-1 examples, created at once, get different ids`, async (t) => {
  // Only the examples that were created show an id: any other answer is CREATE-1's to judge (or HTTP-1's, AUTH-3's).
  const sent = await t.use(burst);
  const created = sent.filter(({ reply }) => reply.status === 201).map(({ reply }) => ({ reply: t.shows(reply), category: expectNewCategory(t, reply) }));
  const refused = sent.find(({ reply }) => reply.status !== 201);
  if (created.length < 2 && refused) t.requireStatus(refused.reply, 201, 'CREATE-1', `only ${created.length} of the ${examples.length} examples created at once were created`);
  const owners = new Map<bigint, string>();
  for (const { reply, category } of created) {
    const first = owners.get(category.id);
    t.expect(first === undefined, `id ${category.id} was given twice: also in ${first}`, reply);
    owners.set(category.id, reply.exchange.id);
  }
}, { uses: [burst], reliesOn: ['CREATE-1'] });

// Whether a blank description is a valid value is not shown (as for an empty name, INFO-1): a refusal keeps the
// rule, but a 201 must keep the description as sent, not drop it.
suite.check('CREATE-1', 'a description of spaces only is kept as sent, or refused with 400', async (t) => {
  const sent = { name: t.marker('desc'), description: '   ' };
  const reply = await t.create(sent);
  if (t.expectStatus(reply, [201, 400]) === 201) expectCreated(t, reply, sent);
}, { writes: 1 });

suite.check('CREATE-1', 'a name already in use gets 201 with a new category', async (t) => {
  // The name of the first example, created in the burst: one more category, not two.
  const [first] = await t.use(burst);
  const existing = t.expectValue(first, 'the burst sent no example');
  t.requireStatus(existing.reply, 201, 'CREATE-1', 'the example whose name it sends again was not created');
  const original = expectNewCategory(t, t.shows(existing.reply));
  const sent = { name: existing.sent.name };
  const again = await t.create(sent);
  const second = expectCreated(t, again, sent);
  t.prerequisite('MODEL-1', second.id !== undefined, 'a 201 shows no integer id');
  t.expect(original.id !== second.id, `the second create gave back the first category (id ${original.id}) instead of a new one`, again);
}, { uses: [burst], writes: 1 });

// Every shape the invalid-body grammar knows, on every run whatever the seed (generation explores around them).
for (const { label, shape } of KNOWN_INVALID_BODIES) {
  suite.check('CREATE-2', `${label} gets 400`, async (t) => {
    const marker = t.marker('invalid');
    const reply = await t.send(create, { raw: renderInvalidBody(shape, marker).raw, mustBeRefused: 'body' });
    t.expectStatus(reply, 400);
    t.expectNoEffect('CREATE-2', marker, reply);
  });
}

for (const contentType of ['application/json; charset=utf-8', 'application/json;charset=UTF-8']) {
  suite.check('CREATE-3', `Content-Type "${contentType}" is accepted`, async (t) => {
    // Not only ASCII: a server that takes the charset parameter as a cue to decode otherwise garbles the rest.
    const sent = { name: `${t.marker('charset')} Hamster Café 犬 🐹` };
    await expectCreatedLikePlain(t, await t.create(sent, { contentType }), sent, () => t.create(sent));
  }, { writes: 1, reliesOn: ['CREATE-1'] });
}

suite.check('CREATE-4', 'properties the spec does not define are ignored', async (t) => {
  const sent = { name: `${t.marker('extra')} Ferret` };
  await expectCreatedLikePlain(t, await t.create({ ...sent, color: 'brown', tags: ['small', 'pet'], metadata: { legs: 4 } }), sent, () => t.create(sent));
}, { writes: 1, reliesOn: ['CREATE-1'] });

suite.checkRejectedCreatedNothing('CREATE-2');
suite.checkCreatedAreListed();
suite.audits();
