/**
 * INFO rules, by example: what the contract leaves open (generated names are in info.generated.suite.ts). Each INFO
 * check records how the target answered and never fails; the answers are still judged by the audits (a 5xx, a hang or
 * a malformed body fails HTTP-1 or MEDIA-1), and a text the target takes must be kept as sent (CREATE-1). The open
 * texts are the empty ones, and the text hazards the contract does not promise a server keeps (characters a name may
 * hold, lengths in bytes: generators/text-hazards.ts). Where the loaded spec answers the open question (a minLength or
 * maxLength, a pattern), the case is the spec's: a MUST check of CREATE-1 (the spec allows it) or CREATE-2 (it does
 * not).
 */
import type { CheckContext } from '../src/checks/context.js';
import type { Reply } from '../src/http/reply.js';
import { expectCreated, expectKeptOrRefused, observeAnswer } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import type { Body } from '../src/generators/new-category.js';
import { hazardCases } from '../src/generators/text-hazards.js';
import type { RuleId } from '../src/rules/catalogue.js';
import { ANSWERED_BY_THE_SPEC, OPEN_QUESTIONS, type OpenQuestion } from '../src/rules/open-questions.js';
import { takesMediaType } from '../src/spec/media-types.js';

const suite = defineSuite('info');
const { create, list, bodies } = suite.env;

/** A text the contract leaves open, sent by example: its property and aspect, the INFO question that asks it, the text. */
interface OpenText {
  readonly property: string;
  readonly aspect: OpenQuestion['aspect'];
  readonly question?: OpenQuestion;
  readonly label: string;
  readonly text: string;
  /** The text hazards it carries (report.json lists them): none for an empty text. */
  readonly hazards?: readonly string[];
}

/** The INFO question that asks about this aspect of this property, where one does. */
const asked = (property: string, aspect: OpenQuestion['aspect']) => {
  const question = OPEN_QUESTIONS.find((q) => q.property === property && q.aspect === aspect);
  return question ? { question } : {};
};

const empty: readonly OpenText[] = (['description', 'name'] as const).map((property) => ({
  property, aspect: 'empty', ...asked(property, 'empty'), label: `an empty ${property}`, text: '',
}));

const cases: readonly OpenText[] = bodies.canMakeValid
  ? [...empty.filter((c) => bodies.properties.includes(c.property)), ...hazardCases(bodies).map((c) => ({ ...c, ...asked(c.property, c.aspect) }))]
  : [];
const body = (open: OpenText, marker: string): Body => bodies.with({ [open.property]: open.text }, marker);
/** Size limits are not shown: a long text may be refused as too large (413), with an Error like any 4xx. */
const alsoAllowed = (open: OpenText) => (open.aspect === 'length' ? [413] : []);

const left = cases.filter((c) => !bodies.decides(c.property, c.aspect));
// The open texts are created at once: each INFO check observes its own answer and each CREATE-1 check judges it.
const burst = suite.shared(`the ${left.length} open texts, created at once`, left.length, async (t) => {
  const sent = left.map((open) => body(open, t.marker('open')));
  const replies = await Promise.all(left.map((open, i) => t.create(sent[i] as Body, { alsoAllowed: alsoAllowed(open) })));
  return left.map((open, i) => ({ label: open.label, sent: sent[i] as Body, reply: replies[i] as Reply }));
});

/** The INFO rules some open case of which is left open by the spec: the rest it answers in full. */
const observed = new Set<RuleId>();
for (const open of left) {
  const hazards = open.hazards ? { hazards: open.hazards } : {};
  const own = async (t: CheckContext) => {
    const found = t.expectValue((await t.use(burst)).find((b) => b.label === open.label), `the burst sent no ${open.label}`);
    return { ...found, reply: t.shows(found.reply) };
  };
  if (open.question) {
    observed.add(open.question.rule);
    suite.check(open.question.rule, `${open.label} is accepted or refused`, async (t) => {
      observeAnswer(t, (await own(t)).reply, open.label);
    }, { uses: [burst], ...hazards });
  }
  suite.check('CREATE-1', `${open.label} is kept as sent, or refused`, async (t) => {
    const { sent, reply } = await own(t);
    expectKeptOrRefused(t, reply, sent);
  }, { uses: [burst], ...hazards });
}

// The spec answers the others: valid or invalid as its schema says.
for (const open of cases.filter((c) => bodies.decides(c.property, c.aspect))) {
  const hazards = open.hazards ? { hazards: open.hazards } : {};
  const problems = bodies.problems(body(open, bodies.longestMarker));
  if (problems.length === 0) {
    suite.check('CREATE-1', `${open.label} gets 201 with what was sent: the spec allows it`, async (t) => {
      const sent = body(open, t.marker('open'));
      expectCreated(t, await t.create(sent), sent);
    }, { writes: 1, ...hazards });
  } else {
    suite.check('CREATE-2', `${open.label} gets 400: the spec does not allow it`, async (t) => {
      const marker = t.marker('invalid');
      const reply = await t.send(create, { json: body(open, marker), mustBeRefused: 'body' });
      t.expectStatus(reply, 400, ` (the spec does not allow it: ${problems.join('; ')})`);
      t.expectNoEffect('CREATE-2', marker, reply);
    }, hazards);
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
