/**
 * INFO rules, by example: what the contract leaves open (generated names are in info.generated.suite.ts). Each check records how the target answered and never fails;
 * the answers are still judged by the audits (a 5xx, a hang or a malformed body fails HTTP-1 or MEDIA-1).
 */
import { observeAnswer } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import type { RuleId } from '../src/rules/catalogue.js';

const suite = defineSuite('info');
const { create } = suite.env;

const names: readonly (readonly [rule: RuleId, label: string, name: string])[] = [
  ['INFO-1', 'an empty name', ''],
  ['INFO-2', 'a name of 101 characters', 'n'.repeat(101)],
  ['INFO-2', 'a name of 1,000 characters', 'n'.repeat(1_000)],
  ['INFO-2', 'a name of 10,000 characters', 'n'.repeat(10_000)],
  ['INFO-3', 'a name with a control character (U+0001)', 'Dog\u0001'],
  ['INFO-3', 'a name with a tab and a line feed', 'Dog\tand\ncat'],
  ['INFO-3', 'a name with U+0000', 'Dog\u0000cat'],
  ['INFO-3', 'a name with DEL (U+007F)', 'Dog\u007f'],
];

// An empty description, like an empty name: whether it is a valid value is not shown (the marker goes in the name).
suite.check('INFO-1', 'an empty description is accepted or refused', async (t) => {
  observeAnswer(t, await t.create({ name: t.marker('open'), description: '' }), 'an empty description');
}, { writes: 1 });

for (const [rule, label, name] of names) {
  suite.check(rule, `${label} is accepted or refused`, async (t) => {
    // Size limits are not shown: a long body may be refused as too large (413), with an Error like any 4xx.
    const alsoAllowed = rule === 'INFO-2' ? [413] : [];
    observeAnswer(t, await t.create({ name, description: t.marker('open') }, { alsoAllowed }), label);
  }, { writes: 1 });
}

// The lengths written out, not through toLocaleString: its first call sets up ICU's number formats, 15 ms of the
// worker's time between two requests.
for (const [length, shown] of [[101, '101'], [1_000, '1,000'], [10_000, '10,000']] as const) {
  const label = `a description of ${shown} characters`;
  suite.check('INFO-2', `${label} is accepted or refused`, async (t) => {
    observeAnswer(t, await t.create({ name: t.marker('open'), description: 'd'.repeat(length) }, { alsoAllowed: [413] }), label);
  }, { writes: 1 });
}

const queries: readonly Record<string, string>[] = [{ limit: '1' }, { page: '2', per_page: '1' }, { q: 'dog' }];
for (const query of queries) {
  const shown = new URLSearchParams(query).toString();
  suite.check('INFO-4', `GET /categories?${shown} is answered`, async (t) => {
    const reply = await t.list({ query, alsoAllowed: [400] });
    observeAnswer(t, reply, `?${shown}`);
  });
}

for (const [label, contentType] of [
  ['Content-Type text/plain', 'text/plain'],
  ['Content-Type application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ['no Content-Type', null],
] as const) {
  suite.check('INFO-5', `a valid JSON body with ${label} is accepted or refused`, async (t) => {
    const reply = await t.send(create, { json: { name: t.marker('media') }, contentType, alsoAllowed: [415] });
    observeAnswer(t, reply, label);
  }, { writes: 1 });
}

suite.checkCreatedAreListed();
suite.audits();
