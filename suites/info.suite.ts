/**
 * INFO rules, by example: what the contract leaves open (generated names are in info.generated.suite.ts). Each check
 * records how the target answered and never fails; the answers are still judged by the audits (a 5xx, a hang or a
 * malformed body fails HTTP-1 or MEDIA-1). Where the loaded spec answers the open question (a minLength or maxLength, a
 * pattern), the case is the spec's: a MUST check of CREATE-1 (the spec allows it) or CREATE-2 (it does not).
 */
import { expectCreated, observeAnswer } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import type { RuleId } from '../src/rules/catalogue.js';
import { ANSWERED_BY_THE_SPEC, OPEN_QUESTIONS, type OpenQuestion } from '../src/rules/open-questions.js';
import { takesMediaType } from '../src/spec/media-types.js';

const suite = defineSuite('info');
const { create, list, bodies } = suite.env;

/** A text the contract leaves open, sent by example: the question it asks (its rule, property and aspect), and the text. */
interface OpenText extends OpenQuestion {
  readonly label: string;
  readonly text: string;
}

// The lengths written out, not through toLocaleString: its first call sets up ICU's number formats, which
// takes the worker's time between two requests.
const LONG: readonly (readonly [number, string])[] = [[101, '101'], [1_000, '1,000'], [10_000, '10,000']];

const cases: readonly OpenText[] = ([
  ['INFO-1', 'an empty description', 'description', ''],
  ['INFO-1', 'an empty name', 'name', ''],
  ...LONG.map(([length, shown]) => ['INFO-2', `a name of ${shown} characters`, 'name', 'n'.repeat(length)] as const),
  ['INFO-3', 'a name with a control character (U+0001)', 'name', 'Dog\u0001'],
  ['INFO-3', 'a name with a tab and a line feed', 'name', 'Dog\tand\ncat'],
  ['INFO-3', 'a name with U+0000', 'name', 'Dog\u0000cat'],
  ['INFO-3', 'a name with DEL (U+007F)', 'name', 'Dog\u007f'],
  ...LONG.map(([length, shown]) => ['INFO-2', `a description of ${shown} characters`, 'description', 'd'.repeat(length)] as const),
] as const).map(([rule, label, property, text]) => ({ ...OPEN_QUESTIONS.find((q) => q.rule === rule && q.property === property) as OpenQuestion, label, text }));

/** The INFO rules some open case of which is left open by the spec: the rest it answers in full. */
const observed = new Set<RuleId>();
for (const open of cases.filter((c) => bodies.properties.includes(c.property) && bodies.canMakeValid)) {
  const body = (marker: string) => bodies.with({ [open.property]: open.text }, marker);
  if (!bodies.decides(open.property, open.aspect)) {
    observed.add(open.rule);
    suite.check(open.rule, `${open.label} is accepted or refused`, async (t) => {
      // Size limits are not shown: a long body may be refused as too large (413), with an Error like any 4xx.
      const alsoAllowed = open.rule === 'INFO-2' ? [413] : [];
      observeAnswer(t, await t.create(body(t.marker('open')), { alsoAllowed }), open.label);
    }, { writes: 1 });
    continue;
  }
  // The spec answers it: valid or invalid as its schema says.
  const problems = bodies.problems(body(bodies.longestMarker));
  if (problems.length === 0) {
    suite.check('CREATE-1', `${open.label} gets 201 with what was sent: the spec allows it`, async (t) => {
      const sent = body(t.marker('open'));
      expectCreated(t, await t.create(sent), sent);
    }, { writes: 1 });
  } else {
    suite.check('CREATE-2', `${open.label} gets 400: the spec does not allow it`, async (t) => {
      const marker = t.marker('invalid');
      const sent = body(marker);
      const reply = await t.send(create, { json: sent, mustBeRefused: 'body' });
      t.expectStatus(reply, 400, ` (the spec does not allow it: ${problems.join('; ')})`);
      t.expectNoEffect('CREATE-2', marker, reply);
    });
  }
}

for (const rule of ['INFO-1', 'INFO-2', 'INFO-3'] as const) {
  if (bodies.canMakeValid && !observed.has(rule)) suite.notApplicable(rule, ANSWERED_BY_THE_SPEC);
}

// Query parameters the spec does not declare for the list: the parameters it declares are the list suite's to send.
const declared = new Set(list.parameters.filter((p) => p.in === 'query').map((p) => p.name));
const candidates: readonly Record<string, string>[] = [{ limit: '1' }, { page: '2', per_page: '1' }, { q: 'dog' }, { conformance_unknown: '1' }];
const queries = candidates.filter((query) => Object.keys(query).every((name) => !declared.has(name))).slice(0, 3);
for (const query of queries) {
  const shown = new URLSearchParams(query).toString();
  suite.check('INFO-4', `GET /categories?${shown} is answered`, async (t) => {
    const reply = await t.list({ query, alsoAllowed: [400] });
    observeAnswer(t, reply, `?${shown}`);
  });
}

// Wrong types: a type the spec itself names for the create's body (a form it also takes) is none.
for (const [label, contentType] of ([
  ['Content-Type text/plain', 'text/plain'],
  ['Content-Type application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ['no Content-Type', null],
] as const).filter(([, type]) => type === null || !takesMediaType(create, type))) {
  suite.check('INFO-5', `a valid JSON body with ${label} is accepted or refused`, async (t) => {
    const reply = await t.send(create, { json: bodies.valid(t.marker('media')), contentType, alsoAllowed: [415] });
    observeAnswer(t, reply, label);
  }, { writes: 1 });
}

suite.checkCreatedAreListed();
suite.audits();
