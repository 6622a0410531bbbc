/**
 * CREATE rules, generated: valid NewCategories drawn over every property of the spec's request schema (for a text it
 * does not bound: every script, marks, emoji, right-to-left text, spaces, troublesome text, lengths 1 to 100; for one
 * it bounds or patterns: what it allows), must be created as sent; bodies from the contract's grammar of faults and
 * violations of the spec's schema must be refused and create nothing. Each failure shrinks to a minimal case.
 */
import fc from 'fast-check';
import { expectCreated } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import { invalidBodyCase, renderInvalidBody } from '../src/generators/invalid-bodies.js';
import { jsonText } from '../src/json/write.js';

const suite = defineSuite('create.generated');
const { settings, create, bodies } = suite.env;

// Each case creates a category that stays: it runs --create-runs cases.
suite.check('CREATE-1', 'generated valid NewCategories get 201 with what was sent', async (t) => {
  const valid = bodies.arbitrary ?? t.skip(`the suite cannot make valid NewCategories of the spec's (${settings.spec.schemaSources.NewCategory})`);
  await t.property(valid, async (sent) => {
    expectCreated(t, await t.create(sent), sent);
  }, settings.createRuns);
}, { writes: settings.createRuns });

// The contract's grammar of invalid bodies, made of a valid body of the spec's, beside violations of its schema.
const invalid = fc.oneof(
  invalidBodyCase.map((shape) => ({ grammar: shape })),
  ...(bodies.randomViolations ? [bodies.randomViolations.map((violation) => ({ violation }))] : []),
);

suite.check('CREATE-2', 'generated invalid bodies get 400 and create nothing', async (t) => {
  if (!bodies.canMakeValid) t.skip(`the suite cannot make a valid NewCategory of the spec's (${settings.spec.schemaSources.NewCategory}) to break`);
  await t.property(invalid, async (c) => {
    const marker = t.marker('invalid');
    const { label, raw } = 'grammar' in c ? renderInvalidBody(c.grammar, marker, bodies.valid(marker))
      : { label: c.violation.label, raw: jsonText(bodies.bodyOf(c.violation, marker)) };
    fc.pre(bodies.textProblems(raw).length > 0);
    const reply = await t.send(create, { raw, mustBeRefused: 'body' });
    t.expectStatus(reply, 400, ` for ${label}`);
    t.expectNoEffect('CREATE-2', marker, reply);
  });
});

suite.checkRejectedCreatedNothing('CREATE-2');
suite.checkCreatedAreListed();
suite.audits();
