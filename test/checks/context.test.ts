import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckContext } from '../../src/checks/context.js';
import { CheckFailure, PrerequisiteMissing } from '../../src/checks/failure.js';
import { Ledger } from '../../src/checks/ledger.js';
import { WriteBudget } from '../../src/checks/write-budget.js';
import type { SuiteState } from '../../src/checks/suite-state.js';
import type { OutgoingRequest } from '../../src/http/client.js';
import { Reply } from '../../src/http/reply.js';
import type { Operation } from '../../src/spec/types.js';

const list: Operation = {
  key: 'GET /categories', label: 'listCategories', operationId: 'listCategories', method: 'GET', path: '/categories',
  pathParameters: [], documentedStatuses: ['200', '401'], statusesWithBody: ['200', '401'], requiresBearer: true, deprecated: false,
};

/** A context over a suite whose client answers every request with `status` and `body`, without a network. */
function context(status: number, body: string, rule = 'LIST-1') {
  const sent: OutgoingRequest[] = [];
  let n = 0;
  const suite: Record<string, unknown> & { sentWithValidKey: WeakSet<Reply> } = {
    name: 'test',
    ledger: new Ledger({ created: new Map(), idsGiven: new Map(), budget: new WriteBudget(10), topUp: new WriteBudget(0), posts: 0, bytesAtLastCollection: 0 }),
    sentWithValidKey: new WeakSet<Reply>(),
    nextExchangeId: () => `test-${++n}`,
    audit(reply: Reply, _op: Operation, _allowed: readonly number[], validKey: boolean) {
      if (validKey) this.sentWithValidKey.add(reply);
    },
    env: {
      settings: { apiKey: 'key', seed: 1, numRuns: 5 },
      list,
      create: { ...list, key: 'POST /categories' },
      redactor: { redact: (s: string) => s },
      client: {
        send: async (id: string, request: OutgoingRequest) => {
          sent.push(request);
          const exchange = {
            id, operation: request.operation, durationMs: 1,
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
  return { t: new CheckContext(suite as unknown as SuiteState, rule, 'a check', skip), sent };
}

describe('CheckContext', () => {
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

  it('skips instead of failing when the valid key is refused (AUTH-3 reports it) or the body is not JSON (MEDIA-1)', async () => {
    const refused = context(401, '{}', 'CREATE-1');
    const reply = await refused.t.list();
    expect(() => refused.t.expectStatus(reply, 200)).toThrow(PrerequisiteMissing);
    expect(() => refused.t.expectStatus(reply, 200)).toThrow(/valid key was refused with 401 in test-1 \(AUTH-3 reports it\)/);
    const own = context(401, '{}', 'AUTH-3');
    const ownReply = await own.t.list();
    expect(() => own.t.expectStatus(ownReply, 200)).toThrow(CheckFailure);
    const garbled = context(200, 'not json');
    const garbledReply = await garbled.t.list();
    expect(() => garbled.t.expectJson(garbledReply)).toThrow(/cannot be judged: in test-1 the body is not well-formed JSON.*MEDIA-1/);
  });

  it('fails its own rule over a list that is not an array, and only skips for other rules', async () => {
    const own = context(200, '{"items":[]}', 'LIST-1');
    const ownReply = await own.t.list();
    expect(() => own.t.expectList(ownReply)).toThrow(CheckFailure);
    const other = context(200, '{"items":[]}', 'AUTH-4');
    const otherReply = await other.t.list();
    expect(() => other.t.expectList(otherReply)).toThrow(PrerequisiteMissing);
    expect(() => other.t.expectList(otherReply)).toThrow(/not a JSON array but object \(LIST-1 reports it\)/);
  });

  it('keeps a real counterexample when a smaller case cannot be judged while it shrinks', async () => {
    const { t } = context(200, '[]');
    // Every case from 11 up fails for real; 10, which shrinking tries first, gets no answer in time.
    const run = t.property(fc.integer({ min: 10, max: 49 }), async (n) => {
      if (n === 10) t.missing('HTTP-1', 'no complete response to test-1: TIMEOUT');
      t.expect(false, `${n} failed`);
    });
    await expect(run).rejects.toThrow(CheckFailure);
    await expect(run).rejects.toThrow(/^counterexample 11 .*: 11 failed$/);
  });

  it('skips a property whose first failing case cannot be judged: no case showed anything', async () => {
    const { t } = context(200, '[]');
    await expect(t.property(fc.constant(1), async () => t.missing('HTTP-1', 'no answer'))).rejects.toThrow(PrerequisiteMissing);
  });
});

