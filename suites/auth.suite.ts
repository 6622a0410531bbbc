/**
 * AUTH rules, by example: bearer authentication on every operation the spec lists (contract §5). Every POST this
 * suite sees refused is later verified to have created nothing (AUTH-4). AUTH-3 and AUTH-6 are also judged on
 * every request of every suite by their audits; generated credentials are in auth.generated.suite.ts.
 */
import { createHash } from 'node:crypto';
import { expectKeyTaken, expectNotServed, expectRefused } from '../src/checks/expectations.js';
import type { CheckContext } from '../src/checks/context.js';
import { defineSuite } from '../src/checks/suite.js';
import { CheckFailure } from '../src/checks/failure.js';
import { problemsMessage } from '../src/checks/problems-message.js';
import { firstLine } from '../src/core/first-line.js';
import { kindOf, Kinds } from '../src/core/problem-kinds.js';
import { bearer, validKey, type Credential } from '../src/http/credential.js';
import { proxyRouteOf } from '../src/http/proxy.js';
import type { Reply } from '../src/http/reply.js';
import { CREDENTIAL_KINDS, credentialFor, KNOWN_CREDENTIALS, type InvalidCredential } from '../src/generators/credentials.js';
import type { ValueCase } from '../src/generators/schema/value-case.js';
import { jsonText } from '../src/json/write.js';
import { takesMediaType } from '../src/spec/media-types.js';
import { guardedOperations, pathVariants, writesOf, type Operation } from '../src/spec/types.js';

const suite = defineSuite('auth');
const { settings, operations, list, create, bodies } = suite.env;
const key = validKey(settings.apiKey);
/** How the run's requests reach the target: the key is sent nowhere its proxy would see it (see credentialFor). */
const route = proxyRouteOf(settings.target, settings.proxy);
const guarded = guardedOperations(operations);

/** A key of the valid key's length that is not it, the same for every run with the same seed. */
function wrongKey(): string {
  let text = '';
  for (let i = 0; text.length < settings.apiKey.length; i++) {
    text += createHash('sha256').update(`wrong key ${settings.seed} ${i}`).digest('base64url');
  }
  const wrong = text.slice(0, Math.max(settings.apiKey.length, 16));
  return wrong === settings.apiKey ? `${wrong}x` : wrong;
}

/**
 * A refused credential of the grammar, as this operation and this key take it: a body field only where the operation
 * takes a JSON body, a mutation only where it changes this key (re-casing a digit does not).
 */
interface Applied {
  readonly label: string;
  readonly credential: Credential;
}

/** The known credentials of one kind (see KNOWN_CREDENTIALS) that apply to an operation: what AUTH-2's examples send. */
function knownOfKind(kind: InvalidCredential['kind'], op: Operation): Applied[] {
  return KNOWN_CREDENTIALS.filter(({ shape }) => shape.kind === kind).flatMap(({ label, shape }) => {
    const credential = credentialFor(shape, settings.apiKey, op.requestBodySchema !== undefined, route);
    return credential ? [{ label, credential }] : [];
  });
}

/**
 * AUTH-2 for every known credential of one kind: each is sent, whatever came of the ones before, so that one accepted
 * hides none after it, and the check fails naming every one that was not refused. They go out side by side (the run's
 * concurrency paces them), and are judged in their order: a request that cannot be judged (no complete answer:
 * HTTP-1's) ends the judging there, as it ends any check.
 */
async function expectEachRefused(t: CheckContext<'AUTH-2'>, op: Operation, credentials: readonly Applied[]): Promise<void> {
  const outcomes = await Promise.allSettled(credentials.map(({ credential }) => expectRefused(t, op, credential)));
  const notRefused: string[] = [];
  // Counted by how each was answered, for the first line: "expected 401, got 201 (16)".
  const kinds = new Kinds();
  let shown: Reply | undefined;
  let unjudged: string | undefined;
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') continue;
    const error: unknown = outcome.reason;
    if (!(error instanceof CheckFailure)) {
      if (notRefused.length === 0) throw error;
      unjudged = `and no more could be judged: ${(error as Error).message}`;
      break;
    }
    notRefused.push(`${credentials[i]?.label}: ${error.message}`);
    const answer = firstLine(error.message).replace(/ — .*$/, '');
    kinds.count(answer, kindOf(answer), answer);
    shown ??= error.reply;
  }
  if (notRefused.length > 0) {
    const message = problemsMessage(notRefused, `of the ${credentials.length} sent were not refused`, { kinds });
    t.fail(unjudged ? `${message}\n${unjudged}` : message, shown);
  }
}

// Requests that must be refused need no writes of the budget: on a target that keeps the contract they create
// nothing, and the closing AUTH-4 check verifies that.
for (const op of guarded) {
  suite.check('AUTH-1', `${op.label} with no credential gets 401`, async (t) => {
    await expectRefused(t, op, null);
  });

  for (const variant of pathVariants(op)) {
    suite.check('AUTH-1', `${op.label} at ${variant.path} with no credential is not served`, async (t) => {
      await expectNotServed(t, variant);
    });
  }

  suite.check('AUTH-2', `${op.label} with a wrong key gets 401`, async (t) => {
    await expectRefused(t, op, bearer({ value: wrongKey(), shown: '<a wrong key of the same length>', shell: wrongKey() }));
  });

  // Every shape the credential grammar knows, on every run whatever the seed: one check a kind, so that the checks stay
  // about as many as the kinds while every constant is sent (generation explores around them, by chance).
  for (const [kind, title] of Object.entries(CREDENTIAL_KINDS) as [InvalidCredential['kind'], string][]) {
    const credentials = knownOfKind(kind, op);
    if (credentials.length === 0) continue; // a body field, on an operation without a body: not an AUTH-2 case here
    suite.check('AUTH-2', `${op.label} with ${title} gets 401`, async (t) => {
      await expectEachRefused(t, op, credentials);
    });
  }
}

// The list the suite opens on was read so (megabytes, on a large target): it is not read again for this check.
suite.check('AUTH-3', `${list.label} with the valid key as "Bearer <key>" is accepted`, async (t) => {
  t.expectStatus(await t.openingList(), 200);
});

suite.check('AUTH-3', `${create.label} with the valid key as "Bearer <key>" is accepted`, async (t) => {
  const reply = await t.create(bodies.valid(t.marker('accepted')));
  // A valid NewCategory refused for its body: the key was taken, and the refusal is CREATE-1's to report.
  if (reply.status === 400) t.skipOver('CREATE-1', `a valid NewCategory was refused with 400 in ${reply.exchange.id}`);
  t.expectStatus(reply, 201);
}, { writes: 1, dependsOn: ['CREATE-1'] });

// The other operations the spec lists (the deprecated pets lookup) show only their 401: with the valid key, any
// answer but a refusal keeps AUTH-3 (HTTP-1 still judges server errors).
for (const op of guarded.filter((o) => o !== list && o !== create)) {
  suite.check('AUTH-3', `${op.label} with the valid key as "Bearer <key>" is not refused`, async (t) => {
    await expectKeyTaken(t, op);
  }, { writes: writesOf(op) });
}

/**
 * AUTH-5's promise for a request without a credential: 401, not a refusal of its body. A refusal of another kind is
 * told apart by a valid body sent the same way: refused with 401, the target reads bodies before it authenticates
 * (AUTH-5's); served, it does not authenticate such requests at all, which AUTH-1's audit reports.
 */
async function expectAuthenticatedFirst(t: CheckContext<'AUTH-5'>, reply: Reply): Promise<void> {
  const status = reply.status;
  if (status !== undefined && status !== 401 && (status < 200 || status >= 300) && !reply.exchange.rateLimited) {
    const marker = t.marker('unchecked');
    const control = await t.send(create, { credential: null, json: bodies.valid(marker), mustBeRefused: 'credential' });
    t.expectNoEffect('AUTH-4', marker, control);
    const served = control.status !== undefined && control.status >= 200 && control.status < 300;
    if (served) t.skipOver('AUTH-1', `without a credential a valid body is served too (${control.exchange.id} answered ${control.status})`);
  }
  t.expectStatus(reply, 401);
}

/** A NewCategory without its name: invalid by the contract whatever else the spec says. */
const NAME_MISSING: ValueCase = { label: 'name missing', path: ['name'], change: { remove: true } };

suite.check('AUTH-5', `${create.label} with no credential and a body without name gets 401, not 400`, async (t) => {
  const marker = t.marker('unchecked');
  const reply = await t.send(create, { credential: null, json: bodies.bodyOf(NAME_MISSING, marker), mustBeRefused: 'credential' });
  t.expectNoEffect('AUTH-4', marker, reply);
  await expectAuthenticatedFirst(t, reply);
});

suite.check('AUTH-5', `${create.label} with no credential and malformed JSON gets 401, not 400`, async (t) => {
  const marker = t.marker('unchecked');
  const reply = await t.send(create, { credential: null, raw: jsonText(bodies.valid(marker)).slice(0, -1), mustBeRefused: 'credential' });
  t.expectNoEffect('AUTH-4', marker, reply);
  await expectAuthenticatedFirst(t, reply);
});

suite.check('AUTH-5', `${create.label} with no credential and an empty body gets 401, not 400`, async (t) => {
  await expectAuthenticatedFirst(t, await t.send(create, { credential: null, raw: '', mustBeRefused: 'credential' }));
});

/** A media type the spec does not name for the create's body: text/plain, unless it takes text. */
const otherMediaType = takesMediaType(create, 'text/plain') ? 'application/octet-stream' : 'text/plain';

suite.check('AUTH-5', `${create.label} with no credential and a body sent as ${otherMediaType} gets 401, not 415`, async (t) => {
  const marker = t.marker('unchecked');
  // 415 is how a server refuses the Content-Type once it has authenticated (INFO-5): a status it may have.
  const reply = await t.send(create, { credential: null, json: bodies.valid(marker), contentType: otherMediaType, alsoAllowed: [415], mustBeRefused: 'credential' });
  t.expectNoEffect('AUTH-4', marker, reply);
  await expectAuthenticatedFirst(t, reply);
});

/**
 * AUTH-7's promise for one request: the valid key with the scheme in another letter case is taken. A refusal is told
 * apart by the documented form sent the same way: refused too, the target refuses the key itself, which AUTH-3's
 * audit reports, or (with 400) the request: a create's body, which CREATE-1 does (`withBody`), or a read, which the
 * rule that owns the documented form's answer does (HTTP-1, where the operation does not document a 400), or else AUTH-3.
 */
async function expectSchemeCaseTaken(t: CheckContext<'AUTH-7'>, reply: Reply, expected: number, documented: () => Promise<Reply>, withBody = false): Promise<void> {
  if (reply.status === 401 || reply.status === 400) {
    const control = await t.control(documented);
    if (control?.status === 401) t.skipOver('AUTH-3', `the documented form is refused too (${control.exchange.id})`);
    if (control?.status === 400 && reply.status === 400) {
      if (withBody) t.skipOver('CREATE-1', `the documented form's valid NewCategory is refused with 400 too (${control.exchange.id})`);
      // A read's 400 may be an answer another rule owns (HTTP-1: a status the list does not document), which reports it.
      t.skipOverUnlessStatus('AUTH-3', control, expected, 'the documented form is answered 400 too');
    }
  }
  t.expectStatus(reply, expected);
}

for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
  suite.check('AUTH-7', `${list.label} with the valid key as "${scheme} <key>" is accepted`, async (t) => {
    await expectSchemeCaseTaken(t, await t.list({ credential: bearer(key, scheme) }), 200, () => t.list());
  });
}
suite.check('AUTH-7', `${create.label} with the valid key as "bearer <key>" is accepted`, async (t) => {
  await expectSchemeCaseTaken(t, await t.create(bodies.valid(t.marker('lowercase-scheme')), { credential: bearer(key, 'bearer') }), 201,
    () => t.create(bodies.valid(t.marker('lowercase-scheme'))), true);
}, { writes: 1, dependsOn: ['CREATE-1'] });

suite.checkRejectedCreatedNothing('AUTH-4');
suite.checkCreatedAreListed();
suite.audits();
