/**
 * A suite over an in-memory target (no network): a create that stores what the valid key sends and a list that shows
 * what is stored, with knobs for the ways a target breaks the list's and the refusals' promises; and the check
 * contexts that write to it and judge it, as the closing checks' tests need them.
 */
import { AuditTallies } from '../../src/checks/audits/tallies.js';
import { CheckContext } from '../../src/checks/context.js';
import { Redactor } from '../../src/core/secrets.js';
import type { OutgoingRequest } from '../../src/http/outgoing.js';
import type { Reply } from '../../src/http/reply.js';
import { jsonText } from '../../src/json/write.js';
import type { RuleId } from '../../src/rules/catalogue.js';
import { newCategoryBodies } from '../../src/generators/new-category.js';
import type { Environment } from '../../src/runtime/environment.js';
import { SuiteState } from '../../src/runtime/suite-state.js';
import { nodeOf, shownProperties } from '../../src/spec/schema-node.js';
import { errorBody, newRun, replyOf, spec } from './exchanges.js';

const API_KEY = 'test-key';

/** What a conformant server may send beside the body: a charset parameter, a framework's own headers. */
const FRAMEWORK_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'Express', 'x-request-id': 'abc' };

type Stored = Record<string, unknown> & { readonly id: bigint };

/** Refuse it (401), store it all the same and answer 401, or serve it (201). */
type Unauthenticated = 'refuse' | 'store' | 'serve';

export class MemoryTarget {
  /** Every category it holds, in the order created. */
  readonly stored: Stored[] = [];
  /** What the list shows of what is stored: all of it, as stored, unless a test breaks it. */
  shows: (stored: readonly Stored[]) => readonly Record<string, unknown>[] = (stored) => stored;
  private nextId: bigint;
  private readonly unauthenticated: Unauthenticated;

  /**
   * Ids from `firstId` on (ids beyond 2^53 and negative ones are ids as good as any); `unauthenticated`: what it does
   * with a create that carries no valid key.
   */
  constructor({ firstId = 1n, unauthenticated = 'refuse' }: { readonly firstId?: bigint; readonly unauthenticated?: Unauthenticated } = {}) {
    this.nextId = firstId;
    this.unauthenticated = unauthenticated;
  }

  /** Categories that were there before the run, named `old-<n>`. */
  holding(count: number): this {
    for (let i = 0; i < count; i++) this.stored.push({ id: this.nextId++, name: `old-${i}` });
    return this;
  }

  answer(id: string, request: OutgoingRequest): Reply {
    if (request.method === 'GET') return replyOf({ id, raw: jsonText(this.shows(this.stored)), headers: FRAMEWORK_HEADERS });
    const valid = request.credential?.value === `Bearer ${API_KEY}`;
    if (!valid && this.unauthenticated === 'refuse') return replyOf({ id, operation: spec.create, status: 401, json: errorBody(401) });
    const category = { ...(JSON.parse(request.body ?? '{}') as Record<string, unknown>), id: this.nextId++ };
    this.stored.push(category);
    if (!valid && this.unauthenticated === 'store') return replyOf({ id, operation: spec.create, status: 401, json: errorBody(401) });
    return replyOf({ id, operation: spec.create, status: 201, raw: jsonText(category), headers: FRAMEWORK_HEADERS });
  }
}

/** The `auth` suite's state over the target: the bundled spec, the audits, a run of its own allowing `topUp` more categories. */
export function suiteOver(target: MemoryTarget, { topUp = 0 } = {}): SuiteState {
  const run = newRun(topUp);
  const env = {
    settings: { apiKey: API_KEY, runId: 'r1', seed: 1, numRuns: 1, concurrency: 8 },
    client: { send: async (id: string, request: OutgoingRequest) => target.answer(id, request) },
    validators: spec.validators,
    redactor: new Redactor([API_KEY]),
    operations: spec.model.operations,
    list: spec.list,
    create: spec.create,
    bodies: newCategoryBodies(spec.model, spec.validators),
    shown: shownProperties(nodeOf(spec.model.schemas.Category)).filter((key) => key !== 'id'),
  };
  return new SuiteState('auth', env as unknown as Environment, run, new AuditTallies(spec.validators, run));
}

/** A check skipped for a reason that is no rule's (`t.skip`). */
export class Skipped extends Error {}

/** A check of `rule` in the suite, that may create `writes` categories. */
export function checkIn<R extends RuleId>(state: SuiteState, rule: R, writes = 0): CheckContext<R> {
  const skip = (reason: string): never => {
    throw new Skipped(reason);
  };
  return new CheckContext(state, rule, 'a check', skip, { writes: state.run.budget.reserve(writes) });
}

/** Creates `count` plain valid categories with the valid key, each carrying a marker, as a check of the suite would. */
export async function createdBy(state: SuiteState, count: number): Promise<Reply[]> {
  const t = checkIn(state, 'CREATE-1', count);
  const replies: Reply[] = [];
  for (let i = 0; i < count; i++) replies.push(await t.create(t.env.bodies.valid(t.marker('made'))));
  return replies;
}

/**
 * Sends a create without a credential, carrying a marker, and registers it as one that must have created nothing
 * (`expectNoEffect`); `marked: false` registers it under a marker it did not carry.
 */
export async function refusedCreate(state: SuiteState, rule: 'AUTH-4' | 'CREATE-2' = 'AUTH-4', { marked = true } = {}): Promise<Reply> {
  const t = checkIn(state, rule);
  const marker = t.marker('refused');
  const reply = await t.create(t.env.bodies.valid(marked ? marker : undefined), { credential: null, mustBeRefused: 'credential' });
  t.expectNoEffect(rule, marker, reply);
  return reply;
}
