/** CREATE rules: POST /categories accepts every valid NewCategory and refuses every invalid body (contract §4.2). */
import { defineSuite } from '../src/checks/suite.js';
import { environment } from '../src/checks/environment.js';
import { expectCreated, type SentCategory } from '../src/checks/expectations.js';
import { invalidBodies, invalidBodyCase, renderInvalidBody } from '../src/generators/invalid-bodies.js';
import { optionalDescription, validName } from '../src/generators/names.js';
import fc from 'fast-check';

const suite = defineSuite('create');
const { create } = environment();

/** Valid NewCategories, by what makes each one worth sending. `mark` puts the run's marker into the name. */
const examples: { readonly name: string; readonly body: (mark: (label: string) => string) => SentCategory }[] = [
  { name: 'a plain name with a description', body: (mark) => ({ name: `${mark('plain')} Dog`, description: 'Dogs of every breed' }) },
  { name: 'a name without a description', body: (mark) => ({ name: `${mark('plain')} Cat` }) },
  { name: 'a name with combining marks', body: (mark) => ({ name: `${mark('marks')} Cafe\u0301 N\u0303andu\u0301` }) },
  { name: 'a name with emoji and other astral-plane characters', body: (mark) => ({ name: `${mark('astral')} 🐕 🐈‍⬛ 𓃠` }) },
  { name: 'a right-to-left name', body: (mark) => ({ name: `${mark('rtl')} كلب כלב` }) },
  { name: 'a name in CJK characters', body: (mark) => ({ name: `${mark('cjk')} 犬 ウサギ 토끼` }) },
  { name: 'a name with inner spaces', body: (mark) => ({ name: `${mark('inner')}   Guinea  pig` }) },
  { name: 'a name with leading and trailing spaces', body: () => ({ name: '  Rabbit  ' }) },
  { name: 'a one-character name', body: () => ({ name: 'R' }) },
  { name: 'a name of exactly 100 characters', body: (mark) => ({ name: mark('long').padEnd(100, 'x') }) },
  { name: 'a Unicode description', body: (mark) => ({ name: mark('desc'), description: 'Kleine Hunde — 小型犬 — 🐕‍🦺' }) },
  { name: 'a long description', body: (mark) => ({ name: mark('desc'), description: 'A long description. '.repeat(50) }) },
];

for (const example of examples) {
  suite.check('CREATE-1', `${example.name} gets 201 with that name`, async (t) => {
    const sent = example.body((label) => t.marker(label));
    expectCreated(t, await t.create(sent), sent);
  });
}

suite.check('CREATE-1', 'a name already in use gets 201 with a new category', async (t) => {
  const sent = { name: t.marker('twice') };
  const first = expectCreated(t, await t.create(sent), sent);
  const again = await t.create(sent);
  const second = expectCreated(t, again, sent);
  t.prerequisite('MODEL-1', first.id !== undefined && second.id !== undefined, 'a 201 shows no integer id');
  t.expect(first.id !== second.id, `the second create gave back the first category (id ${first.id}) instead of a new one`, again);
});

suite.check('CREATE-1', 'generated valid names and descriptions get 201 with what was sent', async (t) => {
  await t.property(fc.record({ name: validName, description: optionalDescription }), async ({ name, description }) => {
    const sent = description === undefined ? { name } : { name, description };
    expectCreated(t, await t.create(sent), sent);
  });
});

for (const { label } of invalidBodies('marker')) {
  suite.check('CREATE-2', `${label} gets 400`, async (t) => {
    const marker = t.marker('invalid');
    const body = t.expectValue(invalidBodies(marker).find((b) => b.label === label), `no invalid body labelled ${label}`);
    const reply = await t.send(create, { raw: body.raw });
    t.expectStatus(reply, 400);
    t.expectNoEffect('CREATE-2', marker, reply);
  });
}

suite.check('CREATE-2', 'generated invalid bodies get 400', async (t) => {
  await t.property(invalidBodyCase, async (c) => {
    const marker = t.marker('invalid');
    const body = renderInvalidBody(c, marker);
    const reply = await t.send(create, { raw: body.raw });
    t.expectStatus(reply, 400, ` for ${body.label}`);
    t.expectNoEffect('CREATE-2', marker, reply);
  });
});

for (const contentType of ['application/json; charset=utf-8', 'application/json;charset=UTF-8']) {
  suite.check('CREATE-3', `Content-Type "${contentType}" is accepted`, async (t) => {
    const sent = { name: `${t.marker('charset')} Hamster` };
    expectCreated(t, await t.create(sent, { contentType }), sent);
  });
}

suite.check('CREATE-4', 'properties the spec does not define are ignored', async (t) => {
  const sent = { name: `${t.marker('extra')} Ferret` };
  expectCreated(t, await t.create({ ...sent, color: 'brown', tags: ['small', 'pet'], metadata: { legs: 4 } }), sent);
});

suite.checkRejectedCreatedNothing('CREATE-2');
suite.checkCreatedAreListed();
suite.audits();
