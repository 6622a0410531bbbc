/**
 * CREATE rules, generated: valid NewCategories drawn widely (every script, marks, emoji, right-to-left text,
 * spaces, lengths 1 to 100, with and without descriptions, names in use) must be created as sent, and bodies
 * from a grammar of faults must be refused and create nothing. Each failure shrinks to a minimal case.
 */
import fc from 'fast-check';
import { expectCreated } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import { invalidBodyCase, isValidNewCategory, renderInvalidBody } from '../src/generators/invalid-bodies.js';
import { optionalDescription, validName } from '../src/generators/names.js';

const suite = defineSuite('create.generated');
const { settings, create } = suite.env;

// Each case creates a category that stays: it runs --create-runs cases.
suite.check('CREATE-1', 'generated valid names and descriptions get 201 with what was sent', async (t) => {
  await t.property(fc.record({ name: validName, description: optionalDescription }), async ({ name, description }) => {
    const sent = description === undefined ? { name } : { name, description };
    expectCreated(t, await t.create(sent), sent);
  }, settings.createRuns);
}, { writes: settings.createRuns });

suite.check('CREATE-2', 'generated invalid bodies get 400 and create nothing', async (t) => {
  await t.property(invalidBodyCase, async (c) => {
    const marker = t.marker('invalid');
    const body = renderInvalidBody(c, marker);
    fc.pre(!isValidNewCategory(body.raw));
    const reply = await t.send(create, { raw: body.raw, mustBeRefused: 'body' });
    t.expectStatus(reply, 400, ` for ${body.label}`);
    t.expectNoEffect('CREATE-2', marker, reply);
  });
});

suite.checkRejectedCreatedNothing('CREATE-2');
suite.checkCreatedAreListed();
suite.audits();
