/**
 * AUTH rules, by example: bearer authentication on every operation the spec lists (contract §5). Every POST this
 * suite sees refused is later verified to have created nothing (AUTH-4). AUTH-3 and AUTH-6 are also judged on
 * every request of every suite by their audits; generated credentials are in auth.generated.suite.ts.
 */
import { createHash } from 'node:crypto';
import { environment } from '../src/checks/environment.js';
import { expectKeyTaken, expectNotServed, expectRefused } from '../src/checks/expectations.js';
import type { CheckContext } from '../src/checks/context.js';
import { defineSuite } from '../src/checks/suite.js';
import type { Reply } from '../src/http/reply.js';
import { authorization, basic, basicPassword, bearer, inBody, inCookie, inHeader, inQuery, validKey, type Credential } from '../src/http/credential.js';
import { keyAndMore, wordAndKey } from '../src/generators/credentials.js';
import { mutateKey, type KeyMutation } from '../src/generators/key-mutations.js';
import { pathVariants, writesOf, type Operation } from '../src/spec/types.js';

const suite = defineSuite('auth');
const { settings, operations, list, create } = environment();
const key = validKey(settings.apiKey);
const guarded = operations.filter((op) => op.requiresBearer);

/** A key of the valid key's length that is not it, the same for every run with the same seed. */
function wrongKey(): string {
  let text = '';
  for (let i = 0; text.length < settings.apiKey.length; i++) {
    text += createHash('sha256').update(`wrong key ${settings.seed} ${i}`).digest('base64url');
  }
  const wrong = text.slice(0, Math.max(settings.apiKey.length, 16));
  return wrong === settings.apiKey ? `${wrong}x` : wrong;
}

/** Bearer with a mutated key, or why the mutation does not apply to this key. */
function mutatedBearer(mutation: KeyMutation): Credential | string {
  const token = mutateKey(settings.apiKey, mutation);
  return token ? bearer(token) : 'the mutation leaves this key unchanged';
}

/**
 * Credentials that must be refused: AUTH-2's list. Mutations that leave this key unchanged are skipped, and a
 * body field only applies to an operation with a JSON body.
 */
const invalid: { readonly name: string; readonly credential: (op: Operation) => Credential | string }[] = [
  { name: 'a wrong key', credential: () => bearer({ value: wrongKey(), shown: '<a wrong key of the same length>', shell: wrongKey() }) },
  ...([
    ['the valid key with a character appended', { kind: 'append', text: 'x' }],
    ['the valid key with its last character removed', { kind: 'remove', at: 0.999 }],
    ['the valid key with its middle character changed', { kind: 'replace', at: 0.5, by: 'x' }],
    ['the valid key with its first character changed', { kind: 'replace', at: 0, by: 'Z' }],
    ['the valid key with the letter case of every letter changed', { kind: 'recase-all' }],
    ['the valid key truncated to half its length', { kind: 'truncate', keep: 0.5 }],
    ['the valid key with its last character changed', { kind: 'replace', at: 0.999, by: 'x' }],
    ['the valid key with "=" appended', { kind: 'append', text: '=' }],
    ['the valid key with its first character percent-encoded', { kind: 'percent-encode', at: 0 }],
    ['the valid key in double quotes', { kind: 'wrap', before: '"', after: '"' }],
    ['the valid key in angle brackets', { kind: 'wrap', before: '<', after: '>' }],
  ] as const).map(([name, mutation]) => ({ name, credential: () => mutatedBearer(mutation) })),
  { name: 'a word between the scheme and the valid key', credential: () => wordAndKey('x', key) },
  // A server that splits the header on white space and takes the second part (a tutorial idiom) accepts it.
  { name: 'the valid key followed by another word', credential: () => keyAndMore(key, ' x') },
  // "Bearer " and "Bearer" are the same on the wire: HTTP drops a field value's trailing whitespace.
  { name: 'an empty Bearer token', credential: () => authorization('Bearer', 'Bearer', 'Bearer') },
  { name: 'the valid key with the Basic scheme', credential: () => basic(key) },
  { name: 'the valid key with the Token scheme', credential: () => bearer(key, 'Token') },
  { name: 'the valid key with no scheme', credential: () => authorization(key.value, key.shown, key.shell) },
  { name: 'the valid key in the access_token query parameter', credential: () => inQuery('access_token', key) },
  { name: 'the valid key in the api_key query parameter', credential: () => inQuery('api_key', key) },
  { name: 'the valid key in an X-API-Key header', credential: () => inHeader('X-API-Key', key) },
  { name: 'the valid key as the Basic password', credential: () => basicPassword(key) },
  { name: 'the valid key in an api_key cookie', credential: () => inCookie('api_key', key) },
  {
    name: 'the valid key in the body\'s access_token field',
    credential: (op) => (op.requestBodySchema ? inBody('access_token', key) : 'the operation takes no body'),
  },
];

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

  for (const { name, credential } of invalid) {
    if (typeof credential(op) === 'string' && name.includes('body')) continue; // not an AUTH-2 case for this operation
    suite.check('AUTH-2', `${op.label} with ${name} gets 401`, async (t) => {
      const c = credential(op);
      if (typeof c === 'string') return t.skip(c);
      await expectRefused(t, op, c);
    });
  }
}

suite.check('AUTH-3', `${list.label} with the valid key as "Bearer <key>" is accepted`, async (t) => {
  t.expectStatus(await t.list(), 200);
});

suite.check('AUTH-3', `${create.label} with the valid key as "Bearer <key>" is accepted`, async (t) => {
  t.expectStatus(await t.create({ name: t.marker('accepted') }), 201);
}, { writes: 1 });

// The other operations the spec lists (the deprecated pets lookup) show only their 401: with the valid key, any
// answer but a refusal keeps AUTH-3 (HTTP-1 still judges server errors and redirects).
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
async function expectAuthenticatedFirst(t: CheckContext, reply: Reply): Promise<void> {
  const status = reply.status;
  if (status !== undefined && status !== 401 && (status < 200 || status >= 300) && !reply.exchange.rateLimited) {
    const marker = t.marker('unchecked');
    const control = await t.send(create, { credential: null, json: { name: marker }, mustBeRefused: 'credential' });
    t.expectNoEffect('AUTH-4', marker, control);
    const served = control.status !== undefined && control.status >= 200 && control.status < 300;
    if (served) t.missing('AUTH-1', `without a credential a valid body is served too (${control.exchange.id} answered ${control.status})`);
  }
  t.expectStatus(reply, 401);
}

suite.check('AUTH-5', `${create.label} with no credential and a body without name gets 401, not 400`, async (t) => {
  const marker = t.marker('unchecked');
  const reply = await t.send(create, { credential: null, json: { description: marker }, mustBeRefused: 'credential' });
  t.expectNoEffect('AUTH-4', marker, reply);
  await expectAuthenticatedFirst(t, reply);
});

suite.check('AUTH-5', `${create.label} with no credential and malformed JSON gets 401, not 400`, async (t) => {
  const marker = t.marker('unchecked');
  const reply = await t.send(create, { credential: null, raw: `{"name":"${marker}"`, mustBeRefused: 'credential' });
  t.expectNoEffect('AUTH-4', marker, reply);
  await expectAuthenticatedFirst(t, reply);
});

suite.check('AUTH-5', `${create.label} with no credential and an empty body gets 401, not 400`, async (t) => {
  await expectAuthenticatedFirst(t, await t.send(create, { credential: null, raw: '', mustBeRefused: 'credential' }));
});

suite.check('AUTH-5', `${create.label} with no credential and a body sent as text/plain gets 401, not 415`, async (t) => {
  const marker = t.marker('unchecked');
  // 415 is how a server refuses the Content-Type once it has authenticated (INFO-5): a status it may have.
  const reply = await t.send(create, { credential: null, json: { name: marker }, contentType: 'text/plain', alsoAllowed: [415], mustBeRefused: 'credential' });
  t.expectNoEffect('AUTH-4', marker, reply);
  await expectAuthenticatedFirst(t, reply);
});

/**
 * AUTH-7's promise for one request: the valid key with the scheme in another letter case is taken. A refusal is told
 * apart by the documented form sent the same way: refused too, the target refuses the key itself, which AUTH-3's
 * audit reports.
 */
async function expectSchemeCaseTaken(t: CheckContext, reply: Reply, expected: number, documented: () => Promise<Reply>): Promise<void> {
  if (reply.status === 401) {
    const control = await documented();
    if (control.status === 401) t.missing('AUTH-3', `the documented form is refused too (${control.exchange.id})`);
  }
  t.expectStatus(reply, expected);
}

for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
  suite.check('AUTH-7', `${list.label} with the valid key as "${scheme} <key>" is accepted`, async (t) => {
    await expectSchemeCaseTaken(t, await t.list({ credential: bearer(key, scheme) }), 200, () => t.list());
  });
}
suite.check('AUTH-7', `${create.label} with the valid key as "bearer <key>" is accepted`, async (t) => {
  await expectSchemeCaseTaken(t, await t.create({ name: t.marker('lowercase-scheme') }, { credential: bearer(key, 'bearer') }), 201,
    () => t.create({ name: t.marker('lowercase-scheme') }));
}, { writes: 2 });

suite.checkRejectedCreatedNothing('AUTH-4');
suite.checkCreatedAreListed();
suite.audits();
