/**
 * INFO rules, generated: names and descriptions the contract leaves open, drawn widely, where the loaded spec leaves
 * them open too (a maxLength or a pattern of its answers them, and the create suites send what it allows and forbids).
 * Each check counts how the target answered and never fails; a 5xx, a hang, a reset or a malformed answer fails the
 * audits (HTTP-1, MEDIA-1).
 */
import fc from 'fast-check';
import type { CheckContext } from '../src/checks/context.js';
import { answerKind } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import { longDescription, longName, unusualName } from '../src/generators/names.js';
import type { Body } from '../src/generators/new-category.js';

const suite = defineSuite('info.generated');
const { settings, bodies } = suite.env;

/**
 * Creates a body of each generated text (--create-runs of them), the marker where the text under observation is not,
 * and records how many of them got each kind of answer.
 */
async function observe(t: CheckContext<'INFO-2' | 'INFO-3'>, texts: fc.Arbitrary<Body>, what: string, alsoAllowed: readonly number[] = []) {
  const counts = new Map<string, number>();
  await t.property(texts, async (text) => {
    const reply = await t.create(bodies.with(text, t.marker('open')), { alsoAllowed });
    // A case the target never answered ends the observation, as a missing answer ends every other generated check:
    // the cases after it might each wait as long. HTTP-1 reports it.
    const failure = reply.exchange.transportError;
    if (failure?.code === 'TIMEOUT') t.skipOver('HTTP-1', `no complete response to ${reply.exchange.id}: ${failure.code}: ${failure.message}`);
    const kind = answerKind(reply);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }, settings.createRuns);
  t.observe(`of ${settings.createRuns} ${what}: ${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
}

/** Whether a property's text is open in this aspect: the spec defines the property and does not decide it. */
const open = (property: string, aspect: 'length' | 'characters') =>
  bodies.canMakeValid && bodies.properties.includes(property) && !bodies.decides(property, aspect);

// Observations never fail, so nothing shrinks: a case is at most one write.
const lengths: fc.Arbitrary<Body>[] = [
  ...(open('name', 'length') ? [longName.map((name) => ({ name }))] : []),
  ...(open('description', 'length') ? [longDescription.map((description) => ({ description }))] : []),
];
if (lengths.length > 0) {
  suite.check('INFO-2', 'generated names and descriptions of 101 to 5,000 characters are accepted or refused', async (t) => {
    await observe(t, fc.oneof(...lengths), 'names or descriptions of 101 to 5,000 characters', [413]);
  }, { writes: settings.createRuns });
}

if (open('name', 'characters')) {
  suite.check('INFO-3', 'generated names with control characters, U+0000 or lone surrogates are accepted or refused', async (t) => {
    await observe(t, unusualName.map((name) => ({ name })), 'names with control characters, U+0000 or lone surrogates');
  }, { writes: settings.createRuns });
}

suite.checkCreatedAreListed();
suite.audits();
