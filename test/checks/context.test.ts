import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckContext } from '../../src/checks/context.js';
import { expectIdNotHonoured } from '../../src/checks/expectations.js';
import { bearer, type CredentialSent } from '../../src/http/credential.js';
import { CheckFailure, SkippedOver, WritesExhausted } from '../../src/checks/failure.js';
import { Ledger } from '../../src/runtime/ledger.js';
import { WriteBudget, type RefusalKind } from '../../src/runtime/write-budget.js';
import { newRunState } from '../../src/runtime/run-state.js';
import { ownerOf } from '../../src/checks/audits/ownership.js';
import type { SuiteState } from '../../src/runtime/suite-state.js';
import type { OutgoingRequest } from '../../src/http/client.js';
import { Reply } from '../../src/http/reply.js';
import type { Operation } from '../../src/spec/types.js';
import type { RuleId } from '../../src/rules/catalogue.js';

const list: Operation = {
  key: 'GET /categories', label: 'listCategories', operationId: 'listCategories', method: 'GET', path: '/categories',
  pathParameters: [], documentedStatuses: ['200', '401'], statusesWithBody: ['200', '401'], requiresBearer: true, deprecated: false,
  role: 'list', parameters: [], errorSchemas: {}, requestMediaTypes: [], otherRequestMediaTypes: [],
  responseMediaTypes: { '200': ['application/json'], '401': ['application/json'] },
};

/** A context over a suite whose client answers every request with `status` and `body`, without a network. */
function context<R extends RuleId = 'LIST-1'>(status: number, body: string, rule = 'LIST-1' as R, dependsOn: readonly RuleId[] = [], writes?: number, signal?: AbortSignal) {
  const sent: OutgoingRequest[] = [];
  let n = 0;
  const run = newRunState(new WriteBudget(10), new WriteBudget(0));
  const suite = {
    name: 'test',
    run,
    ledger: new Ledger(run),
    nextExchangeId: () => `test-${++n}`,
    noteWrite: () => undefined,
    coverage: { note: () => undefined },
    audits: {
      // Who owns each answer, as the suite's audits find it (the validators serve no owner).
      audit: (reply: Reply, operation: Operation, alsoAllowed: readonly number[], credential: CredentialSent, refusal?: RefusalKind) => {
        const owner = ownerOf({ reply, operation, alsoAllowed, credential, refusal, validators: undefined as never, run });
        if (owner) run.owners.set(reply, owner);
      },
    },
    env: {
      settings: { apiKey: 'key', seed: 1, numRuns: 5 },
      list,
      // A create that writes where the check reserved writes; else one that takes none, for checks that reserve none.
      create: { ...list, key: 'POST /categories', ...(writes !== undefined ? { method: 'POST', role: 'create' } : {}) },
      redactor: { redact: (s: string) => s },
      client: {
        send: async (id: string, request: OutgoingRequest) => {
          sent.push(request);
          const exchange = {
            id, operation: request.operation, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1,
            request: { method: request.method, url: `http://127.0.0.1/v1${request.path}`, headers: {} },
            response: { status, headers: { 'content-type': 'application/json' }, body, bodyBytes: body.length },
          };
          return new Reply(exchange, Buffer.from(body));
        },
      },
    },
  };
  const skip = (note: string): never => {
    throw new Error(`skipped: ${note}`);
  };
  const extras = { dependsOn, ...(writes !== undefined ? { writes: run.budget.reserve(writes) } : {}), ...(signal ? { signal } : {}) };
  return { t: new CheckContext(suite as unknown as SuiteState, rule, 'a check', skip, extras), sent };
}

describe('CheckContext', () => {
  it('waits for other checks until they are done, or until its run is cancelled (checks never started never end)', async () => {
    await expect(context(200, '[]').t.awaitOthers(Promise.resolve())).resolves.toBeUndefined();
    const cancel = new AbortController();
    const waiting = context(200, '[]', 'LIST-1', [], undefined, cancel.signal).t.awaitOthers(new Promise<void>(() => undefined));
    cancel.abort(new Error('the run was cancelled'));
    await expect(waiting).rejects.toThrow('the run was cancelled');
  });

  it('fails a check that sent no request', () => {
    const { t } = context(200, '[]');
    expect(() => t.assertNotVacuous()).toThrow(new CheckFailure('the check sent no request, so it shows nothing'));
  });

  it('fails a check that sent a request but never reached an assertion', async () => {
    const { t } = context(200, '[]');
    await t.list();
    expect(() => t.assertNotVacuous()).toThrow(/reached no assertion/);
  });

  it('passes a check that sent a request and asserted on it', async () => {
    const { t } = context(200, '[]');
    t.expectStatus(await t.list(), 200);
    expect(() => t.assertNotVacuous()).not.toThrow();
  });

  it('sends the valid key as documented unless told otherwise, and records where a failure points', async () => {
    const { t, sent } = context(500, '{}');
    const reply = await t.list();
    expect(sent[0]?.credential?.value).toBe('Bearer key');
    expect(sent[0]?.credential?.shown).toBe('Bearer <valid key>');
    expect(() => t.expectStatus(reply, 200)).toThrow(/expected 200, got 500 — GET \/v1\/categories → 500 \(test-1\)/);
  });

  it('sends a body as the first JSON media type the spec names for the operation, as written, and accepts what it documents', async () => {
    const { t, sent } = context(200, '[]');
    const vendor: Operation = {
      ...list,
      requestMediaTypes: ['application/vnd.petstore.v1+json; charset=utf-8', 'application/json'],
      responseMediaTypes: { '200': ['application/vnd.petstore.v1+json'], '401': ['application/problem+json'] },
    };
    await t.send(vendor, { json: { name: 'Dog' } });
    await t.send(vendor, { raw: '{"name":' });
    await t.send(vendor, { json: { name: 'Dog' }, contentType: 'application/json' });
    await t.send(vendor, { json: { name: 'Dog' }, contentType: null });
    await t.send({ ...list, requestMediaTypes: [] }, { json: { name: 'Dog' } });
    await t.list();
    expect(sent.map((r) => [r.headers?.['content-type'], r.headers?.['accept']])).toEqual([
      ['application/vnd.petstore.v1+json; charset=utf-8', 'application/vnd.petstore.v1+json, application/problem+json'],
      ['application/vnd.petstore.v1+json; charset=utf-8', 'application/vnd.petstore.v1+json, application/problem+json'],
      ['application/json', 'application/vnd.petstore.v1+json, application/problem+json'],
      [undefined, 'application/vnd.petstore.v1+json, application/problem+json'],
      ['application/json', 'application/json'],
      [undefined, 'application/json'],
    ]);
  });

  it('skips instead of failing when the valid key is refused (AUTH-3 reports it), on a redirect (HTTP-1) or a body that is not JSON (MEDIA-1)', async () => {
    const refused = context(401, '{}', 'CREATE-1');
    const reply = await refused.t.list();
    expect(() => refused.t.expectStatus(reply, 200)).toThrow(SkippedOver);
    expect(() => refused.t.expectStatus(reply, 200)).toThrow(/valid key was refused with 401 in test-1 \(AUTH-3 reports it\)/);
    const own = context(401, '{}', 'AUTH-3');
    const ownReply = await own.t.list();
    expect(() => own.t.expectStatus(ownReply, 200)).toThrow(CheckFailure);
    const redirected = context(302, '', 'CREATE-1');
    const redirectedReply = await redirected.t.list();
    expect(() => redirected.t.expectStatus(redirectedReply, 200)).toThrow(/test-1 was answered with a redirect \(302\) \(HTTP-1 reports it\)/);
    const garbled = context(200, 'not json');
    const garbledReply = await garbled.t.list();
    expect(() => garbled.t.expectJson(garbledReply)).toThrow(/cannot be judged: in test-1 the body is not well-formed JSON.*MEDIA-1/);
  });

  // Before: a create answering 202 failed AUTH-3's check ("expected 201, got 202") and six of MODEL-3's; a 500 under
  // concurrent creates MODEL-3's and AUTH-7's.
  it('skips over a status HTTP-1 owns (a 5xx, one not documented), except in CREATE-1\'s and LIST-1\'s checks, which fail naming it', async () => {
    const accepted = context(202, '[]', 'MODEL-3');
    const acceptedReply = await accepted.t.list();
    expect(() => accepted.t.expectStatus(acceptedReply, 200)).toThrow(SkippedOver);
    expect(() => accepted.t.expectStatus(acceptedReply, 200)).toThrow(/test-1 was answered 202, which is not documented for listCategories \(HTTP-1 reports it\)/);
    const crashed = context(500, 'Internal Server Error', 'AUTH-7');
    const crashedReply = await crashed.t.list();
    expect(() => crashed.t.expectStatus(crashedReply, 200)).toThrow(/test-1 was answered with a server error \(500\) \(HTTP-1 reports it\)/);
    const promised = context(202, '[]', 'LIST-1');
    const promisedReply = await promised.t.list();
    let failure: unknown;
    try {
      promised.t.expectStatus(promisedReply, 200);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as CheckFailure).message).toMatch(/^expected 200, got 202/);
    expect((failure as CheckFailure).follows).toMatchObject({ rule: 'HTTP-1', coOwner: 'LIST-1' });
  });

  it('fails its own rule over a list that is not an array, and only skips for other rules', async () => {
    const own = context(200, '{"items":[]}', 'LIST-1');
    const ownReply = await own.t.list();
    expect(() => own.t.expectList(ownReply)).toThrow(CheckFailure);
    const other = context(200, '{"items":[]}', 'AUTH-4');
    const otherReply = await other.t.list();
    expect(() => other.t.expectList(otherReply)).toThrow(SkippedOver);
    expect(() => other.t.expectList(otherReply)).toThrow(/not a JSON array but object \(LIST-1 reports it\)/);
  });

  it('keeps a real counterexample when a smaller case cannot be judged while it shrinks', async () => {
    const { t } = context(200, '[]');
    // Every case from 11 up fails for real; 10, which shrinking tries first, gets no answer in time.
    const run = t.property(fc.integer({ min: 10, max: 49 }), async (n) => {
      if (n === 10) t.skipOver('HTTP-1', 'no complete response to test-1: TIMEOUT');
      t.expect(false, `${n} failed`);
    });
    await expect(run).rejects.toThrow(CheckFailure);
    await expect(run).rejects.toThrow(/^counterexample 11 .*: 11 failed$/);
  });

  // An exception of the suite's own in a case is not a counterexample: fast-check would shrink it and the check would
  // fail the target with it. The cases end at once, and the check ends with the error itself.
  it('ends a property on an error of its own, with that error, not as a failure of the target', async () => {
    const { t, sent } = context(200, '[]');
    const bug = new TypeError('Invalid URL');
    const run = t.property(fc.integer({ min: 0, max: 1000 }), async () => {
      await t.list();
      throw bug;
    });
    await expect(run).rejects.toBe(bug);
    expect(sent).toHaveLength(1);
  });

  // A generated case's control request runs beside the other cases: a borrow set on the check would be theirs too.
  it('lets a control request borrow a write, and no request sent beside it', async () => {
    const { t, sent } = context(201, '{"id":1,"name":"x"}', 'CREATE-1', [], 2);
    await Promise.all([t.create({ name: 'x' }), t.create({ name: 'y' })]);
    const [control, beside] = await Promise.allSettled([t.control(() => t.create({ name: 'z' })), t.create({ name: 'w' })]);
    expect(control).toMatchObject({ status: 'fulfilled', value: { status: 201 } });
    expect(beside).toMatchObject({ status: 'rejected', reason: expect.any(WritesExhausted) });
    expect(sent).toHaveLength(3);
  });

  // Sent one by one, the cases after the first failure are never sent, and the writes reserved for them are left for
  // shrinking; sent ahead of their turn, they spend them, and shrinking may borrow as many more instead.
  it('shrinks a writing property as far with its cases sent ahead as one by one', async () => {
    const shrink = async (concurrency: number) => {
      const { t, sent } = context(201, '{"id":1,"name":"x"}', 'CREATE-1', [], 3);
      Object.assign(t.env.settings, { concurrency, targetKind: 'url' });
      Object.assign(t.env.client, { answersAreSlow: true });
      const run = t.property(fc.integer({ min: 0, max: 1000 }), async (n) => {
        await t.create({ name: String(n) });
        t.expect(n <= 10, `${n} is too big`);
      }, 3);
      const failure = await run.then(() => undefined, (error: unknown) => error);
      return { message: (failure as Error).message, sent: sent.length, meta: t.meta().generated };
    };
    const alone = await shrink(1);
    const ahead = await shrink(4);
    // The first case fails, and the reservation cuts shrinking: 2 writes left and 3 borrowed, one by one. Sent ahead,
    // 2 more are spent, which the run's budget of 10 has room for.
    expect(alone.message).toMatch(/after \d+ shrinks, stopped at the write budget/);
    expect(alone.sent).toBe(1 + 2 + 3);
    expect(ahead.meta).toEqual(alone.meta);
    expect(ahead.message).toBe(alone.message);
    expect(ahead.sent).toBe(alone.sent + 2);
  });

  it('sends a property\'s cases ahead of their turn against a target given by URL that answers late, else one by one', async () => {
    const mostAtOnce = async (targetKind: 'url' | 'reference', answersAreSlow: boolean) => {
      const { t } = context(200, '[]');
      Object.assign(t.env.settings, { concurrency: 4, targetKind });
      Object.assign(t.env.client, { answersAreSlow });
      let underWay = 0;
      let most = 0;
      await t.property(fc.integer(), async () => {
        most = Math.max(most, ++underWay);
        t.expectList(await t.list());
        await new Promise((resolve) => setTimeout(resolve, 1));
        underWay--;
      }, 8);
      return most;
    };
    expect(await mostAtOnce('url', false)).toBe(1);
    expect(await mostAtOnce('reference', true)).toBe(1);
    expect(await mostAtOnce('url', true)).toBe(4);
  });

  it('skips a property whose first failing case cannot be judged: no case showed anything', async () => {
    const { t } = context(200, '[]');
    await expect(t.property(fc.constant(1), async () => t.skipOver('HTTP-1', 'no answer'))).rejects.toThrow(SkippedOver);
  });

  it('skips over a requirement of a rule the check relies on, fails its own, and refuses to skip over an undeclared one', async () => {
    const echo = (t: CheckContext) => t.expectOf('CREATE-1', false, 'the created name is "Dog", but "Cat" was sent');
    const relying = context(201, '{}', 'CREATE-3', ['CREATE-1']);
    await relying.t.create({ name: 'Cat' });
    expect(() => echo(relying.t)).toThrow(SkippedOver);
    expect(() => echo(relying.t)).toThrow(/cannot be judged: the created name is "Dog", but "Cat" was sent \(CREATE-1 reports it\)/);
    expect(() => echo(context(201, '{}', 'CREATE-1').t)).toThrow(CheckFailure);
    expect(() => echo(context(201, '{}', 'CREATE-4').t)).toThrow(/"CREATE-4 a check" skips over CREATE-1, which it does not declare in dependsOn/);
    // Rules judged on every exchange by an audit need no declaration.
    expect(() => context(201, '{}', 'CREATE-4').t.skipOver('MODEL-1', 'no id')).toThrow(SkippedOver);
  });

  it('skips over a request served without a valid credential: AUTH-1 and AUTH-2 report it on every exchange', async () => {
    const { t } = context(201, '{"id":1,"name":"x"}', 'AUTH-5');
    const none = await t.create({ name: 'x' }, { credential: null, mustBeRefused: 'credential' });
    expect(() => t.expectStatus(none, 401)).toThrow(/test-1 was answered 201 without a valid credential \(AUTH-1 reports it\)/);
    const wrong = await t.create({ name: 'x' }, { credential: bearer({ value: 'wrong', shown: '<wrong>', shell: 'wrong' }), mustBeRefused: 'credential' });
    expect(() => t.expectStatus(wrong, 401)).toThrow(/\(AUTH-2 reports it\)/);
    const own = context(201, '{"id":1,"name":"x"}', 'AUTH-1');
    const ownReply = await own.t.create({ name: 'x' }, { credential: null, mustBeRefused: 'credential' });
    expect(() => own.t.expectStatus(ownReply, 401)).toThrow(CheckFailure);
  });

  it('says how a 201 shows the id the client sent: as sent, rounded through a double, or as a string', async () => {
    const rounded = context(201, '{"id":9007199254742984,"name":"x"}', 'MODEL-3');
    const reply = await rounded.t.create(undefined, { raw: '{"name":"x","id":9007199254742985}' });
    expect(() => expectIdNotHonoured(rounded.t, reply, 9007199254742985n))
      .toThrow(/got id 9007199254742984: the id the client sent \(9007199254742985\) rounded through a double/);
    // JavaScript writes the double in its shortest form, which is not its exact value (2841523550246478848).
    const shortest = context(201, '{"id":2841523550246479000,"name":"x"}', 'MODEL-3');
    const shortestReply = await shortest.t.create(undefined, { raw: '{"name":"x","id":2841523550246478610}' });
    expect(() => expectIdNotHonoured(shortest.t, shortestReply, 2841523550246478610n)).toThrow(/got id 2841523550246479000: .* rounded through a double/);
    const negative = context(201, '{"id":-2450720818938024000,"name":"x"}', 'MODEL-3');
    const negativeReply = await negative.t.create(undefined, { raw: '{"name":"x","id":-2450720818938023865}' });
    expect(() => expectIdNotHonoured(negative.t, negativeReply, -2450720818938023865n)).toThrow(/rounded through a double/);
    const own = context(201, '{"id":2841523550246481000,"name":"x"}', 'MODEL-3');
    const ownReply = await own.t.create(undefined, { raw: '{"name":"x","id":2841523550246478610}' });
    expect(() => expectIdNotHonoured(own.t, ownReply, 2841523550246478610n)).not.toThrow();
    const exact = context(201, '{"id":42,"name":"x"}', 'MODEL-3');
    const exactReply = await exact.t.create(undefined, { raw: '{"name":"x","id":42}' });
    expect(() => expectIdNotHonoured(exact.t, exactReply, 42n)).toThrow(/got the id the client sent \(42\) —/);
    const asString = context(201, '{"id":"42","name":"x"}', 'MODEL-3');
    const stringReply = await asString.t.create({ name: 'x', id: '42' });
    expect(() => expectIdNotHonoured(asString.t, stringReply, 42n)).toThrow(/got id "42": the id the client sent \(42\) as a string/);
  });
});
