/**
 * CREATE rules, by example: POST /categories accepts every valid NewCategory the catalogue names and refuses every
 * invalid body it names (contract §4.2), valid and invalid as the loaded spec says (src/generators/new-category.ts):
 * the name grammar's shapes, the spec's boundary values, and one violation at a time of each constraint the spec
 * states beside the contract's own invalid bodies. A shape the spec forbids is sent as an invalid body. The parameters
 * the spec declares for the create are sent with values their schemas allow (CREATE-1), and with values they forbid
 * or without a required one (CREATE-2). Generated bodies are in create.generated.suite.ts. The valid examples are
 * created at once, which also shows MODEL-2 (ids given concurrently differ).
 */
import { expectCreated, expectCreatedLikePlain, expectKeptOrRefused, expectNewCategory } from '../src/checks/expectations.js';
import type { CheckContext, SendOptions } from '../src/checks/context.js';
import { parameterPhrases, shownValue } from '../src/checks/request-values.js';
import { parameterTrials, uniqueLike } from '../src/generators/schema/parameter-values.js';
import type { Reply } from '../src/http/reply.js';
import { defineSuite } from '../src/checks/suite.js';
import { createExamples, invalidBodyExamples, parserHazards, undefinedProperties } from '../src/generators/create-examples.js';
import { renderInvalidBody } from '../src/generators/invalid-bodies.js';
import { KNOWN_NAMES } from '../src/generators/names.js';
import type { Body } from '../src/generators/new-category.js';
import { NO_UNDEFINED_PROPERTY_NAME, OTHER_PROPERTIES_FORBIDDEN } from '../src/rules/open-questions.js';
import { bodyMediaTypeOf, charsetSpellings } from '../src/spec/media-types.js';

const suite = defineSuite('create');
const { create, bodies } = suite.env;
const defines = (property: string) => bodies.properties.includes(property);
/** The check option that lists the text hazards an example carries, for the report. */
const hazardsOf = (example: { readonly hazards?: readonly string[] }) => (example.hazards ? { hazards: example.hazards } : {});

const examples = createExamples(bodies);
const valid = examples.filter((e) => !e.forbidden);

// Every valid example's category is created in one burst with the others': each example's check judges its own, and
// MODEL-2 judges that ids given at the same moment differ, so that no category is created for MODEL-2 alone.
const burst = suite.shared(`the ${valid.length} CREATE-1 examples, created at once`, valid.length, async (t) => {
  const sent = valid.map((example) => example.body(t.marker(example.name.startsWith('a description') ? 'desc' : 'name')));
  const replies = await Promise.all(sent.map((body) => t.create(body)));
  return valid.map((example, i) => ({ example: example.name, sent: sent[i] as Body, reply: replies[i] as Reply }));
});

if (!bodies.canMakeValid) {
  suite.check('CREATE-1', 'a valid NewCategory of the spec\'s gets 201', async (t) => {
    t.skip(`the suite cannot make a valid NewCategory of the spec's (${suite.env.settings.spec.schemaSources.NewCategory}): ${bodies.problems({}).join('; ')}`);
  });
}

for (const example of valid) {
  suite.check('CREATE-1', `${example.name} gets 201 with ${example.shows}`, async (t) => {
    const own = t.expectValue((await t.use(burst)).find((b) => b.example === example.name), `the burst sent no ${example.name}`);
    expectCreated(t, t.shows(own.reply), own.sent);
  }, { uses: [burst], ...hazardsOf(example) });
}

/**
 * CREATE-2 for a request the spec calls invalid (its body, or a parameter): 400, and nothing created (where the body
 * carries the marker).
 */
async function expectRefusedRequest(t: CheckContext<'CREATE-2'>, marker: string, request: Pick<SendOptions, 'json' | 'raw' | 'parameters' | 'leaveOut'>, what = '') {
  const reply = await t.send(create, { ...request, mustBeRefused: 'body' });
  t.expectStatus(reply, 400, what);
  t.expectNoEffect('CREATE-2', marker, reply);
}

// A shape of the name grammar (or another example) that the spec forbids: an invalid body, as any other.
for (const example of examples.filter((e) => e.forbidden)) {
  suite.check('CREATE-2', `${example.name} gets 400: the spec does not allow it`, async (t) => {
    const marker = t.marker('invalid');
    await expectRefusedRequest(t, marker, { json: example.body(marker) }, ` (the spec does not allow it: ${example.forbidden})`);
  }, hazardsOf(example));
}

// That they are all listed, once each, is the closing LIST-2 check's and MODEL-2's list audit's to show.
if (valid.length > 1) {
  suite.check('MODEL-2', `the ${valid.length} CREATE-1 examples, created at once, get different ids`, async (t) => {
    // Only the examples that were created show an id: any other answer is CREATE-1's to judge (or HTTP-1's, AUTH-3's).
    const sent = await t.use(burst);
    const created = sent.filter(({ reply }) => reply.status === 201).map(({ reply }) => ({ reply: t.shows(reply), category: expectNewCategory(t, reply) }));
    const refused = sent.find(({ reply }) => reply.status !== 201);
    if (created.length < 2 && refused) t.skipOverUnlessStatus('CREATE-1', refused.reply, 201, `only ${created.length} of the ${valid.length} examples created at once were created`);
    const owners = new Map<bigint, string>();
    for (const { reply, category } of created) {
      const first = owners.get(category.id);
      t.expect(first === undefined, `id ${category.id} was given twice: also in ${first}`, reply);
      owners.set(category.id, reply.exchange.id);
    }
  }, { uses: [burst], dependsOn: ['CREATE-1'] });
}

// Whether a blank description is a valid value is not shown (as for an empty name, INFO-1): a refusal keeps the
// rule, but a 201 must keep the description as sent, not drop it. Where the spec decides the characters of a
// description, it is valid or invalid as the spec says.
if (defines('description') && bodies.canMakeValid) {
  const blank = (marker: string) => bodies.with({ description: '   ' }, marker);
  const forbidden = bodies.problems(blank(bodies.longestMarker));
  if (!bodies.decides('description', 'characters')) {
    suite.check('CREATE-1', 'a description of spaces only is kept as sent, or refused with 400', async (t) => {
      const sent = blank(t.marker('desc'));
      const reply = await t.create(sent);
      if (t.expectStatus(reply, [201, 400]) === 201) expectCreated(t, reply, sent);
    }, { writes: 1 });
  } else if (forbidden.length === 0) {
    suite.check('CREATE-1', 'a description of spaces only gets 201 with what was sent: the spec allows it', async (t) => {
      const sent = blank(t.marker('desc'));
      expectCreated(t, await t.create(sent), sent);
    }, { writes: 1 });
  } else {
    suite.check('CREATE-2', 'a description of spaces only gets 400: the spec does not allow it', async (t) => {
      const marker = t.marker('invalid');
      await expectRefusedRequest(t, marker, { json: blank(marker) }, ` (the spec does not allow it: ${forbidden.join('; ')})`);
    });
  }
}

const firstName = valid.find((e) => KNOWN_NAMES.some((n) => n.label === e.name));
if (firstName) {
  suite.check('CREATE-1', 'a name already in use gets 201 with a new category', async (t) => {
    // The name of the first example, created in the burst: one more category, not two.
    const existing = t.expectValue((await t.use(burst)).find((b) => b.example === firstName.name), 'the burst sent no example with a name');
    t.skipOverUnlessStatus('CREATE-1', existing.reply, 201, 'the example whose name it sends again was not created');
    const original = expectNewCategory(t, t.shows(existing.reply));
    const sent = existing.sent;
    const again = await t.create(sent);
    const second = expectCreated(t, again, sent);
    if (second.id === undefined) t.skipOver('MODEL-1', 'a 201 shows no integer id');
    t.expect(original.id !== second.id, `the second create gave back the first category (id ${original.id}) instead of a new one`, again);
  }, { uses: [burst], writes: 1 });
}

// Every shape the invalid-body grammar knows, on every run whatever the seed (generation explores around them), where
// the spec does not make it valid after all.
for (const { label, shape } of invalidBodyExamples(bodies)) {
  suite.check('CREATE-2', `${label} gets 400`, async (t) => {
    const marker = t.marker('invalid');
    await expectRefusedRequest(t, marker, { raw: renderInvalidBody(shape, marker, bodies.valid(marker)).raw });
  });
}

// One violation at a time of each constraint the spec states (for the bundled spec: the name missing, the name or the
// description of every other JSON type).
for (const violation of bodies.violations) {
  suite.check('CREATE-2', `${violation.label} gets 400`, async (t) => {
    const marker = t.marker('invalid');
    await expectRefusedRequest(t, marker, { json: bodies.bodyOf(violation, marker) });
  });
}

// The media type the spec names for the create's body (application/json for the bundled spec), with a charset.
for (const contentType of charsetSpellings(bodyMediaTypeOf(create))) {
  suite.check('CREATE-3', `Content-Type "${contentType}" is accepted`, async (t) => {
    // Not only ASCII: a server that takes the charset parameter as a cue to decode otherwise garbles the rest.
    const sent = plainOrValid(t, (m) => ({ name: `${m} Hamster Café 犬 🐹` }), 'charset');
    await expectCreatedLikePlain(t, await t.create(sent, { contentType }), sent, () => t.create(sent));
  }, { writes: 1, dependsOn: ['CREATE-1'] });
}

// Where the spec names several JSON media types for the create's body, a valid create in each: every other create is
// sent in the first.
if (create.requestMediaTypes.length > 1 && bodies.canMakeValid) {
  for (const contentType of create.requestMediaTypes) {
    suite.check('CREATE-1', `a valid NewCategory sent as "${contentType}" gets 201 with what was sent`, async (t) => {
      const sent = bodies.valid(t.marker('media'));
      expectCreated(t, await t.create(sent, { contentType }), sent);
    }, { writes: 1 });
  }
}

// The body parsers choke on (see parserHazards): a server may take it or refuse it, as it may a text whose length the
// contract leaves open (413 too: limits are not shown), but a 201 keeps what the spec defines as sent, and a server
// error is HTTP-1's. Where the spec forbids the properties it holds them in, it is an invalid body.
const choking = parserHazards(bodies, suite.env.settings.runId);
if (choking && choking.forbidden === undefined) {
  suite.check('CREATE-1', `${choking.label} is kept as sent, or refused`, async (t) => {
    const sent = choking.body(t.marker('parser'));
    expectKeptOrRefused(t, await t.create(sent, { alsoAllowed: [413] }), sent);
  }, { writes: 1, hazards: choking.ids });
} else if (choking) {
  const why = choking.forbidden;
  suite.check('CREATE-2', `${choking.label} gets 400 or 413: the spec does not allow it`, async (t) => {
    const marker = t.marker('invalid');
    const reply = await t.send(create, { json: choking.body(marker), mustBeRefused: 'body', alsoAllowed: [413] });
    t.expectStatus(reply, [400, 413], ` (the spec does not allow it: ${why})`);
    t.expectNoEffect('CREATE-2', marker, reply);
  }, { hazards: choking.ids });
}

// Properties no spec defines, named for the run (see undefinedProperties): a long-lived target that keeps them holds
// nothing a later revision of the spec could judge.
const extra = undefinedProperties(bodies, suite.env.settings.runId);
if (!bodies.undefinedPropertiesAllowed) {
  suite.notApplicable('CREATE-4', OTHER_PROPERTIES_FORBIDDEN);
} else if (bodies.canMakeValid && Object.keys(extra).length === 0) {
  suite.notApplicable('CREATE-4', NO_UNDEFINED_PROPERTY_NAME);
} else if (bodies.canMakeValid) {
  suite.check('CREATE-4', 'properties the spec does not define are ignored', async (t) => {
    const sent = plainOrValid(t, (m) => ({ name: `${m} Ferret` }), 'extra');
    await expectCreatedLikePlain(t, await t.create({ ...sent, ...extra }), sent, () => t.create(sent));
  }, { writes: 1, dependsOn: ['CREATE-1'] });
}

/** A valid body with these properties where the spec allows them, else the plainest valid one; marked either way. */
function plainOrValid(t: CheckContext, set: (marker: string) => Body, label: string): Body {
  const marker = t.marker(label);
  const wanted = bodies.with(set(marker), marker);
  return bodies.problems(wanted).length === 0 ? wanted : bodies.valid(marker);
}

// The parameters the spec declares for the create, in the query and in headers, each written as its style says (see
// parameterTrials): a valid NewCategory sent with each value a parameter's schema allows gets 201 with what was sent
// (CREATE-1); with a value it forbids, or without one it requires, the request is invalid, as one with an invalid body
// is: 400, and nothing created (CREATE-2). A value where any text or any uuid will do is unique to its request (an
// idempotency key must not repeat).
for (const { parameter, node, valid, invalid } of bodies.canMakeValid ? parameterTrials(create, { assertFormats: suite.env.settings.assertFormats }) : []) {
  const phrase = parameterPhrases(create, parameter);
  if (valid.length > 0) {
    suite.check('CREATE-1', `${phrase.with} values the spec allows gets 201 with what was sent`, async (t) => {
      for (const c of valid) {
        const marker = t.marker('param');
        const sent = bodies.valid(marker);
        expectCreated(t, await t.create(sent, { parameters: [{ parameter, value: uniqueLike(parameter, node, c.value, marker) }] }), sent);
      }
    }, { writes: valid.length });
  }
  if (invalid.length > 0) {
    suite.check('CREATE-2', `${phrase.with} values the spec does not allow gets 400 and creates nothing`, async (t) => {
      for (const c of invalid) {
        const marker = t.marker('invalid');
        const parameters = [{ parameter, value: c.value }];
        await expectRefusedRequest(t, marker, { json: bodies.valid(marker), parameters }, ` for ${c.label} (${shownValue(parameter, c.value)})`);
      }
    });
  }
  if (parameter.required) {
    suite.check('CREATE-2', `${phrase.without} gets 400 and creates nothing`, async (t) => {
      const marker = t.marker('invalid');
      await expectRefusedRequest(t, marker, { json: bodies.valid(marker), leaveOut: [parameter] });
    });
  }
}

suite.checkRejectedCreatedNothing('CREATE-2');
suite.checkCreatedAreListed();
suite.audits();
