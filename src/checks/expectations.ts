import type { Credential } from '../http/credential.js';
import type { Reply } from '../http/reply.js';
import { writesOf, type Operation } from '../spec/types.js';
import type { Body } from '../generators/new-category.js';
import { propertyOf, readCategory, type SeenCategory } from '../json/category.js';
import { sameInstant } from '../json/instant.js';
import { sameValue, shownAsSent } from '../json/same-value.js';
import { jsonText } from '../json/write.js';
import { INVISIBLE, unicodeEscapes } from '../core/visible-text.js';
import { CheckFailure, naming, SkippedOver } from './failure.js';
import type { CheckContext } from './context.js';

/** A Category a 201 showed, with the exact id that MODEL-1 guarantees or the check skips over. */
export type NewCategory = SeenCategory & { readonly id: bigint };

/**
 * A 201 with a Category that has an exact integer id. What else the Category holds is not judged here: checks of
 * ids and of the list use this. A body that is not a Category with an integer id is MODEL-1's to report.
 */
export function expectNewCategory(t: CheckContext, reply: Reply): NewCategory {
  const created = expectCategoryBody(t, reply);
  if (created.id === undefined) return t.skipOver('MODEL-1', `the 201 in ${reply.exchange.id} shows no integer id`);
  return { ...created, id: created.id };
}

/**
 * CREATE-1's promise for one request: 201, and a Category that shows every property the spec defines that was sent
 * (but a write-only one, which it need not show),
 * equal to what was sent: texts character for character, integers exactly (int64 beyond 2^53 too), arrays and objects
 * in depth, where an object may show more than was sent as the Category does (see json/same-value.ts's shownAsSent). A property the 201 shows not as the spec's Category has it (a string id, a name
 * that is no string) is MODEL-1's to report, whose audit judges every 201: the check skips over it. The 201 is the
 * calling check's own requirement; the echo is CREATE-1's (see CheckJudging.expectOf): a check of another rule that
 * sends a valid NewCategory declares `dependsOn: ['CREATE-1']`.
 */
export function expectCreated(t: CheckContext, reply: Reply, sent: Body): SeenCategory {
  const created = expectCategoryBody(t, reply);
  const unlike = propertiesUnlikeSchema(t, created);
  for (const key of t.env.bodies.echoed) {
    const value = sent[key];
    if (value === undefined) {
      if (!unlike.has(key)) expectDefaultShown(t, reply, created, key);
      continue;
    }
    const problem = unlike.get(key);
    if (problem) t.skipOver('MODEL-1', `the 201 in ${reply.exchange.id} does not show ${key} as the spec's Category has it: ${problem}`);
    const shown = Object.hasOwn(created.record, key);
    // An empty text or a null may come back absent: serializers commonly leave them out (Go's omitempty, Jackson's NON_NULL).
    if (!shown && (value === '' || value === null)) continue;
    const [was, as] = showApart(created.record[key], value);
    const kept = shown && (shownAsSent(propertyOf(created, key), { value }) || sameDateTime(t, key, created.record[key], value));
    t.expectOf('CREATE-1', kept, `the created ${key} is ${was}, but ${as} was sent`, reply);
  }
  return created;
}

/** A 201, or any client error: how a target may answer a case the contract leaves open (see expectKeptOrRefused). */
const TAKEN_OR_REFUSED: readonly number[] = [201, ...Array.from({ length: 100 }, (_, i) => 400 + i)];

/**
 * CREATE-1's promise for a case the contract leaves open (a text of characters or a length it does not promise, a
 * body a parser may find too deep): the target may refuse it, but a 201 shows what was sent, as {@link expectCreated}
 * judges it. Which refusal is the target's to choose: whether its status is documented is HTTP-1's to judge, its body
 * ERROR-1's. Any other answer (a server error, another success) is HTTP-1's, which the check skips over.
 */
export function expectKeptOrRefused(t: CheckContext<'CREATE-1'>, reply: Reply, sent: Body): void {
  let status: number;
  try {
    status = t.expectStatus(reply, TAKEN_OR_REFUSED);
  } catch (error) {
    if (error instanceof CheckFailure) t.skipOver('HTTP-1', naming(`answered ${reply.status}, which HTTP-1 judges`, reply));
    throw error;
  }
  if (status === 201) expectCreated(t, reply, sent);
}

/**
 * Whether a property of the spec's `date-time` format shows the instant sent, in the server's own form of it
 * (`.000000Z` for `Z`, another offset): a timestamp is kept as the instant it names, not as the text that named it.
 */
function sameDateTime(t: CheckContext, key: string, shown: unknown, sent: unknown): boolean {
  const format = t.env.bodies.node.object.properties[key]?.string.format;
  return format === 'date-time' && typeof shown === 'string' && typeof sent === 'string' && sameInstant(shown, sent);
}

/**
 * A property not sent that the spec gives a `default` is assumed to hold it (OpenAPI's meaning of a request schema's
 * default): a 201 that shows it shows the default. One that leaves it out, or shows it not as the spec's Category has
 * it, is MODEL-1's to judge.
 */
function expectDefaultShown(t: CheckContext, reply: Reply, created: SeenCategory, key: string): void {
  const defaults = t.env.bodies.defaults;
  if (!defaults.has(key) || !Object.hasOwn(created.record, key)) return;
  const value = defaults.get(key);
  const [was, as] = showApart(created.record[key], value);
  t.expectOf('CREATE-1', sameValue(propertyOf(created, key), { value }), `the created ${key} is ${was}, but it was not sent and the spec's default is ${as}`, reply);
}

/** The properties a Category breaks the spec's Category schema at, each with the first problem there. */
function propertiesUnlikeSchema(t: CheckContext, category: SeenCategory): ReadonlyMap<string, string> {
  const unlike = new Map<string, string>();
  for (const { pointer, line } of t.env.validators.Category.violations(category.record, category.document)) {
    const key = /^\/([^/]*)/.exec(pointer)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
    if (key !== undefined && !unlike.has(key)) unlike.set(key, line);
  }
  return unlike;
}

/**
 * The promise of CREATE-3 and CREATE-4, which send a valid NewCategory that differs from a plain create only in what
 * their rule is about (the charset parameter, properties the spec does not define): it is answered as the plain create
 * is, with 201 and the NewCategory echoed. When it is not, `plain` sends the plain create: if that fails too, the
 * problem is CREATE-1's, which the check relies on (a mock that answers every create with one example, a server that
 * crashes on an emoji); if the plain one is kept, the problem is the check's own.
 */
export async function expectCreatedLikePlain(t: CheckContext<'CREATE-3' | 'CREATE-4'>, reply: Reply, sent: Body, plain: () => Promise<Reply>): Promise<void> {
  try {
    expectCreated(t, reply, sent);
  } catch (error) {
    const ownFailure = error instanceof CheckFailure || (error instanceof SkippedOver && error.dependsOn === 'CREATE-1');
    if (!ownFailure) throw error;
    const control = await t.control(plain);
    try {
      if (control) expectCreated(t, control, sent);
    } catch (controlError) {
      if (controlError instanceof CheckFailure || controlError instanceof SkippedOver) {
        t.skipOver('CREATE-1', `the same NewCategory sent as a plain create (${control?.exchange.id}) fails too: ${controlError.message}`);
      }
      throw controlError;
    }
    throw error instanceof CheckFailure ? error : new CheckFailure(error.reason);
  }
}

/**
 * What an operation the contract shows only the authentication outcome of (the pets lookup) may answer the
 * valid key, as far as HTTP-1 is concerned: its answers are not shown, so any success, redirect or client error (found,
 * moved to its successor, an id it does not take, not found, gone past its sunset, a scope the key lacks). A
 * deprecated operation with a sunset date is commonly answered with a redirect to the version that replaces it; the
 * suite does not follow it (the key would go with it). Server errors still fail HTTP-1.
 */
export const UNSHOWN_ANSWERS: readonly number[] = Array.from({ length: 300 }, (_, i) => 200 + i);

/** AUTH-3 on an operation whose answers are not shown: the valid key is taken, whatever the answer, unless it is a 401. */
export async function expectKeyTaken(t: CheckContext<'AUTH-3'>, op: Operation): Promise<void> {
  const reply = await t.send(op, { alsoAllowed: UNSHOWN_ANSWERS });
  t.expectStatusNot(reply, 401, 'the valid key, sent as "Authorization: Bearer <key>", was refused with 401');
}

/**
 * A deprecated operation may be past a sunset date the contract does not show, and gone (404, 410): as long as it
 * serves nothing without a credential, that keeps AUTH-1 and AUTH-2.
 */
const GONE = [404, 410];

/**
 * Where a key sent outside the Authorization header adds something a server may refuse before it authenticates: a
 * query parameter the operation does not define (which INFO-4 leaves open), a body field the schema does not (CREATE-4's
 * SHOULD). A 400 refuses the request as surely as a 401 does; the order of the two is AUTH-5's to judge, not AUTH-2's.
 */
const REFUSABLE_PLACES: ReadonlySet<string> = new Set(['query', 'body']);

/**
 * AUTH-1 and AUTH-2's promise for one request: refused with 401 (or, on a deprecated operation, gone; or, for a key in
 * a query parameter or body field, refused with 400 for that: see REFUSABLE_PLACES). The
 * request carries a valid, marked body where the operation takes one, so that for an operation that could create,
 * the suite's closing AUTH-4 check can verify it created nothing.
 */
export async function expectRefused(t: CheckContext<'AUTH-1' | 'AUTH-2'>, op: Operation, credential: Credential | null): Promise<Reply> {
  const marker = t.marker('auth');
  const json = t.sampleBody(op, marker);
  const alsoAllowed = [...(op.deprecated ? GONE : []), ...(credential && REFUSABLE_PLACES.has(credential.place.kind) ? [400] : [])];
  const reply = await t.send(op, { credential, alsoAllowed, mustBeRefused: 'credential', ...(json !== undefined ? { json } : {}) });
  // Registered whatever the answer: a request served anyway is looked for in the list too.
  if (writesOf(op) > 0) t.expectNoEffect('AUTH-4', marker, reply);
  t.expectStatus(reply, [401, ...alsoAllowed]);
  return reply;
}

/**
 * AUTH-1 at a path the spec does not list but a router may take for the operation's (see pathVariants): without
 * a credential it must not be served (a 401, a 404 or a redirect all keep the rule; only a 2xx breaks it).
 */
export async function expectNotServed(t: CheckContext<'AUTH-1'>, variant: Operation): Promise<void> {
  const marker = t.marker('auth');
  const json = t.sampleBody(variant, marker);
  const reply = await t.send(variant, { credential: null, mustBeRefused: 'credential', ...(json !== undefined ? { json } : {}) });
  if (writesOf(variant) > 0) t.expectNoEffect('AUTH-4', marker, reply);
  const status = reply.status;
  if (status === undefined) t.skipOver('HTTP-1', `no complete response from ${variant.path}`);
  t.expect(status < 200 || status >= 300, `${variant.method} ${variant.path} answered ${status} without a credential`, reply);
}

/** A plain valid NewCategory with an id the client supplies (exactly, beyond 2^53 too): what MODEL-3 sends. */
export function withClientId(t: CheckContext<'MODEL-3'>, id: unknown, marker = t.marker('client-id')): Body {
  return { ...t.env.bodies.valid(marker), id };
}

/**
 * MODEL-3's promise for one request with a client-supplied id: 400, or 201 with an id that is not the one sent.
 * A server that honours the id but parsed it as a double (so it comes back rounded) or echoes it as a string
 * honours it all the same.
 */
export function expectIdNotHonoured(t: CheckContext<'MODEL-3'>, reply: Reply, sentId: bigint): void {
  const honoured = honours(t, reply, sentId);
  t.expect(honoured === undefined, `the new category got ${honoured}`, reply);
}

/**
 * {@link expectIdNotHonoured} for the id of an existing category: a target that gives every category the same id (a
 * mock that answers with its one example) shows it on this 201 too, without having taken it from the client. When the
 * new category has the id sent, `withoutId` sends the same request without one: if the target gives that id again,
 * its ids are not unique, which is MODEL-2's to report (its audit sees every 201), not MODEL-3's.
 */
export async function expectExistingIdNotHonoured(t: CheckContext<'MODEL-3'>, reply: Reply, sentId: bigint, withoutId: () => Promise<Reply>): Promise<void> {
  // Exactly: the id is the target's own, and its counter may well reach the id's rounded forms next.
  const honoured = honours(t, reply, sentId, 'exactly');
  if (honoured === undefined) return;
  const control = await t.control(withoutId);
  if (control?.status === 201 && readShownId(t, control) === sentId) {
    t.skipOver('MODEL-2', `the new category got the id the client sent (${sentId}), but ${control.exchange.id}, which sent no id, got it too`);
  }
  t.expect(false, `the new category got ${honoured}`, reply);
}

/**
 * {@link expectIdNotHonoured} for a small free id, which a target's own counter may reach (one that runs ahead of
 * the listed ids, after rows were deleted): when the new category has the id sent, a second, distant id tells a
 * coincidence, which does not happen twice, from a target that takes the client's id.
 */
export async function expectSmallIdNotHonoured(t: CheckContext<'MODEL-3'>, send: (id: bigint) => Promise<Reply>, id: bigint, second: bigint): Promise<void> {
  if (honours(t, await send(id), id) === undefined) return;
  expectIdNotHonoured(t, await send(second), second);
}

/**
 * How a 201 shows the id the client sent, in words for a message: as sent, echoed as a string, or (unless only the id
 * `exactly` counts) rounded through a double; undefined when it does not (and for a 400, which never does).
 */
function honours(t: CheckContext<'MODEL-3'>, reply: Reply, sentId: bigint, exactly?: 'exactly'): string | undefined {
  const status = t.expectStatus(reply, [201, 400]);
  if (status === 400) return undefined;
  const shown = readShownId(t, reply);
  const shownText = (t.expectJson(reply).value as { id?: unknown } | null)?.id;
  if (shown === sentId) return `the id the client sent (${sentId})`;
  if (shownText === String(sentId)) return `id "${shownText}": the id the client sent (${sentId}) as a string`;
  if (!exactly && shown !== undefined && roundedForms(sentId).includes(shown)) return `id ${shown}: the id the client sent (${sentId}) rounded through a double`;
  return undefined;
}

/**
 * What a server that parsed an id as a double shows for it, beyond the doubles' exact range: the double's exact value
 * (2841523550246478848), or, as JavaScript writes it, its shortest form (2841523550246479000). Only these two: ids a
 * target gives near a large sent id may round to the same double without being it.
 */
function roundedForms(sentId: bigint): bigint[] {
  const double = Number(sentId);
  const shortest = String(double); // in digits below 1e21, far beyond int64
  return [BigInt(double), ...(/^-?\d+$/.test(shortest) ? [BigInt(shortest)] : [])].filter((form) => form !== sentId);
}

/** The exact integer id a 201 shows; undefined when it shows none. */
function readShownId(t: CheckContext, reply: Reply): bigint | undefined {
  const document = t.expectJson(reply);
  return readCategory(document, document.value)?.id;
}

/** A 201 whose body is a JSON object, read as a Category; what it holds is for the caller (and MODEL-1) to judge. */
function expectCategoryBody(t: CheckContext, reply: Reply): SeenCategory {
  t.expectStatus(reply, 201);
  const document = t.expectJson(reply);
  const created = readCategory(document, document.value);
  if (created === undefined) return t.skipOver('MODEL-1', `the 201 in ${reply.exchange.id} is not a JSON object`);
  return created;
}

/** For INFO rules: what the target answered, in words. Never fails; the audits judge the answer itself. */
export function observeAnswer(t: CheckContext, reply: Reply, what: string): void {
  const body = reply.body;
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  const code = typeof record?.['code'] === 'string' ? ` and code ${show(record['code'])}` : '';
  const items = Array.isArray(body) ? ` (${body.length} items)` : '';
  t.observe(`${what}: ${answerKind(reply)}${reply.status === undefined ? '' : `${code}${items}`}`);
}

/** An answer in a few words, the same for answers alike: for counting what a target did with many cases. */
export function answerKind(reply: Reply): string {
  const status = reply.status;
  if (status === undefined) return `no complete response (${reply.exchange.transportError?.code}; HTTP-1 judges it)`;
  if (status >= 200 && status < 300) return `accepted with ${status}`;
  return [400, 413, 415].includes(status) ? `refused with ${status}` : `answered ${status}`;
}

/** A value in messages: JSON, long strings abbreviated, so that invisible differences (spaces, marks) show. */
export function show(value: unknown, escapeAll = false): string {
  if (value === undefined) return 'absent';
  const json = jsonText(value) ?? String(value);
  // Invisible characters always escaped (a bidirectional control would reorder the rest of the line), all but ASCII
  // where asked.
  const text = json.replace(escapeAll ? /[^\x20-\x7e]/g : INVISIBLE, unicodeEscapes);
  return text.length > 120 ? `${text.slice(0, 100)}…(${text.length} chars)` : text;
}

/**
 * Two values that differ, for a message: as {@link show} does, unless they would look the same (another Unicode
 * normalization, a different space): then with every character beyond ASCII escaped, so that the difference shows.
 */
export function showApart(a: unknown, b: unknown): [string, string] {
  const looks = (v: unknown) => (typeof v === 'string' ? v.normalize('NFKC').replace(/\s/gu, ' ') : v);
  return a !== b && looks(a) === looks(b) ? [show(a, true), show(b, true)] : [show(a), show(b)];
}
