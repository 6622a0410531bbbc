import fc from 'fast-check';
import type { Exchange } from '../http/exchange.js';
import { AUDITS } from './audits/index.js';
import { bearer, validKey, type Credential, type CredentialSent } from '../http/credential.js';
import type { JsonDocument } from '../json/parse.js';
import type { Reply } from '../http/reply.js';
import { writesOf, type JsonSchema, type Operation } from '../spec/types.js';
import { INTERRUPTED, TARGET_GONE } from '../http/client.js';
import { newTraceId } from '../http/trace.js';
import { CheckFailure, naming, NotJudged, PrerequisiteMissing, WritesExhausted } from './failure.js';
import type { CreatedCategory } from '../json/category.js';
import type { CheckMeta, GeneratedMeta } from '../protocol/check-meta.js';
import { checkSeed, runProperty } from './property.js';
import type { Shared } from './shared.js';
import type { SuiteState } from '../runtime/suite-state.js';
import { STRAY_WRITES, type RefusalKind, type Reservation } from '../runtime/write-budget.js';
import type { RuleId } from '../rules/catalogue.js';
import { checkTitle } from '../protocol/titles.js';
import { evidence } from './evidence.js';
import { jsonText } from '../json/write.js';
import { requiredParameterValue } from '../generators/schema/query-values.js';
import { nodeOf } from '../spec/schema-node.js';

/** The rules judged on every exchange: any check may skip over them (see CheckContext.missing). */
const AUDITED_RULES: ReadonlySet<string> = new Set(AUDITS.map((a) => a.rule));

/** How many exchanges a check's result keeps; all are counted, and all are audited. */
const KEPT_EXCHANGES = 12;

/** The value a path parameter gets when a check does not name one: the contract shows no pet ids. */
const PLACEHOLDER_PATH_VALUE = '1';

/** One request as a check describes it. Unless told otherwise, it carries the valid key as documented. */
export interface SendOptions {
  /** The credential; `null` sends none. Default: `Authorization: Bearer <valid key>`. */
  readonly credential?: Credential | null;
  /** A body to send as JSON. */
  readonly json?: unknown;
  /** A body to send exactly as given (malformed JSON, big integers). */
  readonly raw?: string;
  /** The Content-Type of a body; `null` sends none. Default: `application/json`. */
  readonly contentType?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly pathParameters?: Readonly<Record<string, string>>;
  /** Statuses the rule under check leaves open beyond those the spec documents (INFO cases). */
  readonly alsoAllowed?: readonly number[];
  /**
   * The contract says the request must be refused, for want of a valid credential or for an invalid body, so on a
   * target that keeps it, it creates nothing: it takes no write of the check's reservation (see WriteBudget).
   */
  readonly mustBeRefused?: RefusalKind;
}

/** What a check's context is given beyond its rule and name (see CheckContext's fields). */
export interface CheckExtras {
  readonly writes?: Reservation | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly notify?: ((text: string) => Promise<unknown>) | undefined;
  readonly reliesOn?: readonly RuleId[] | undefined;
}

/**
 * What a check works with: sending requests (each recorded and audited), assertions that say which exchange
 * broke the rule, generated properties, and the bookkeeping that makes a check that proved nothing fail.
 */
export class CheckContext {
  private readonly exchanges: Exchange[] = [];
  /** The body each of this check's requests sent, whole (the recorded one is cut short and redacted). */
  private readonly sentBodies = new WeakMap<Reply, string>();
  private exchangeCount = 0;
  private assertions = 0;
  private failedExchange?: string;
  private observation?: string;
  private prerequisiteOwner?: string;
  private generated?: GeneratedMeta;
  /** Exchanges of the current generated case, and of the last failing one (the shrunk counterexample). */
  private caseExchanges?: Exchange[];
  private failingCaseExchanges?: Exchange[];
  /** Categories this check's requests created, or may have (see WriteBudget). */
  private writesSpent = 0;
  /** Set while a generated check shrinks a failure: its requests may take writes beyond its reservation. */
  private shrinking = false;
  /** Set while a generated check runs its cases. */
  private generating = false;
  /** Set while a control request is sent (see {@link control}): its writes are borrowed, not reserved. */
  private controlling = false;
  /**
   * The W3C trace id of every request this check sends (each has a span id of its own). One trace per check, not per
   * run: a failing check's requests are then one trace of a few to a few hundred spans in the target's tracing, found
   * from any one of its exchanges, apart from the other checks' requests running beside it; a trace per run would
   * put all of a run's requests (600 and more) in one trace, where a check's are hard to tell apart. Requests several
   * checks share are sent by a context of their own, in a trace of their own.
   */
  readonly traceId = newTraceId();

  /** The writes this check reserved; none when it declared none. */
  private writes?: Reservation;
  /** Aborted when the run is interrupted: requests under way stop at once. */
  private readonly signal?: AbortSignal;
  /** Shows a notice on the console as the run goes; resolves once it is on its way there. */
  private readonly notify?: (text: string) => Promise<unknown>;
  /** The rules judged by checks (not audits) whose requirements this check's requests meet on the way to its own. */
  private readonly reliesOn: readonly RuleId[];

  constructor(
    private readonly suite: SuiteState,
    readonly rule: RuleId,
    readonly name: string,
    private readonly skipTest: (note: string) => never,
    extras: CheckExtras = {},
  ) {
    this.writes = extras.writes;
    this.signal = extras.signal;
    this.notify = extras.notify;
    this.reliesOn = extras.reliesOn ?? [];
  }

  /** `<rule> <name>`: the check's test title (see protocol/titles.ts). */
  get title(): string {
    return checkTitle(this.rule, this.name);
  }

  /** The run's settings and shared services. */
  get env() {
    return this.suite.env;
  }

  /** Sends a request to an operation; the exchange is recorded, audited, and entered in the ledger. */
  async send(operation: Operation, options: SendOptions = {}): Promise<Reply> {
    const writing = writesOf(operation) > 0;
    // Whatever the contract says the target must do with it: a target that breaks the contract may store a request it
    // had to refuse, and a read-only run (production) sends nothing that could create on any server.
    const readOnly = this.env.settings.readOnly;
    if (writing && readOnly) {
      throw new NotJudged('read-only', `this check sends ${operation.method} ${operation.path}, which could create a category, and the run is read-only: ${readOnly}`);
    }
    const refusal = writing ? options.mustBeRefused : undefined;
    // Examples are sent whatever the target did: they are few, and each judges a case of its own. Generated cases of a
    // kind the target has created on again and again would each leave a category behind.
    if (refusal && this.generating && !this.suite.run.budget.refusalsMaySend(refusal)) {
      throw new NotJudged('stray-writes', `the target created categories on ${STRAY_WRITES} requests it had to refuse for ${refusal === 'body' ? 'an invalid body' : 'want of a valid credential'}, so no more generated ones are sent`);
    }
    // The reservation the write is held from is the one it is settled against, whatever the check reserves meanwhile.
    const holding = writing && !refusal ? this.writes : undefined;
    if (writing && !refusal && !holding?.hold(this.shrinking || this.controlling)) {
      throw new WritesExhausted(`the check "${this.title}" would send more than the ${this.writes?.writes ?? 0} writes it reserved`);
    }
    if (writing) this.suite.noteWrite();
    // identity: without an Accept-Encoding a server may compress (RFC 9110 §12.5.3), and the suite reads bodies as sent.
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity', ...options.headers };
    const body = options.raw ?? (options.json !== undefined ? jsonText(options.json) : undefined);
    if (body !== undefined && options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
    const credential = options.credential === undefined ? this.validCredential() : options.credential ?? undefined;
    // Requests with a body are alike within the check that sends them (its generated cases): a shape of their own.
    const shape = body === undefined ? undefined : `${operation.method} ${operation.path} in ${this.rule} ${this.name}`;
    const id = this.suite.nextExchangeId();
    const query = withRequiredParameters(operation, 'query', options.query ?? {}, `${this.env.settings.runId}-${id}`);
    Object.assign(headers, withRequiredParameters(operation, 'header', headers, `${this.env.settings.runId}-${id}`));
    const reply = await this.env.client.send(id, {
      operation: operation.key,
      method: operation.method,
      path: fillPath(operation, options.pathParameters),
      ...(Object.keys(query).length > 0 ? { query } : {}),
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(credential ? { credential } : {}),
    }, { traceId: this.traceId, ...(shape ? { shape } : {}), ...(this.signal ? { signal: this.signal } : {}) });
    this.suite.coverage.note(operation, body, query, headers);
    if (body !== undefined) this.sentBodies.set(reply, body);
    if (writing) this.account(reply, refusal, holding);
    this.suite.audits.audit(reply, operation, options.alsoAllowed ?? [], credentialSent(options));
    if (operation === this.env.create && reply.status === 201) this.suite.ledger.recordCreated(reply);
    if (writing && reply.status !== undefined && reply.status >= 200 && reply.status < 300) this.suite.ledger.recordWritten(reply);
    this.keep(reply.exchange);
    return reply;
  }

  /** Settles the write a request that could create held, or counts the stray one a refusal made (see WriteBudget). */
  private account(reply: Reply, refusal: RefusalKind | undefined, holding: Reservation | undefined): void {
    const created = mayHaveCreated(reply);
    if (refusal) {
      if (created && reply.status !== undefined) this.spendStray(refusal);
      return;
    }
    holding?.settle(created);
    if (created) this.writesSpent++;
  }

  /** A category created by a request that had to be refused: spent from the budget beyond any reservation. */
  spendStray(kind: RefusalKind): void {
    this.suite.run.budget.spendStray(kind);
    this.writesSpent++;
  }

  /**
   * Sends a control request after a failure, to tell whose failure it is (a plain create beside CREATE-3's, the same
   * create without its id beside MODEL-3's): what it may create is borrowed from what the write budget has left, as
   * shrinking's requests are, since a target that keeps the contract never gets one. Undefined when nothing is left to
   * borrow: the failure then stands as the check's own.
   */
  async control(send: () => Promise<Reply>): Promise<Reply | undefined> {
    this.controlling = true;
    try {
      return await send();
    } catch (error) {
      if (error instanceof WritesExhausted) return undefined;
      throw error;
    } finally {
      this.controlling = false;
    }
  }

  /** GET /categories with the valid key. */
  list(options: SendOptions = {}): Promise<Reply> {
    return this.send(this.env.list, options);
  }

  /** POST /categories with the valid key and a JSON body. */
  create(body: unknown, options: SendOptions = {}): Promise<Reply> {
    return this.send(this.env.create, { json: body, ...options });
  }

  /** The list as it stands once the suite's concurrent checks are done, shared by the closing checks. */
  async closingList(): Promise<Reply> {
    return this.shows(await this.suite.lists.closing(() => this.list()));
  }

  /**
   * The list as it stood before the suite's first check (read then by suites that declare their LIST-2 closing
   * check; otherwise now), shared by the suite's checks.
   */
  async openingList(): Promise<Reply> {
    return this.shows(await this.suite.lists.opening(() => this.list()));
  }

  /**
   * The outcome of requests several checks judge (see Shared): sent on the first call, by a context of their own
   * that spends their reservation. Keep what this check judges of them with {@link shows}.
   */
  use<T>(shared: Shared<T>): Promise<T> {
    return shared.get((reservation) => new CheckContext(this.suite, this.rule, shared.name, (note) => {
      throw new Error(`shared requests cannot be skipped: ${note}`);
    }, { writes: reservation, signal: this.signal }));
  }

  /** A reply this check judges but another sent (a shared list, a shared request), kept among its exchanges (once). */
  shows(reply: Reply): Reply {
    if (!this.exchanges.includes(reply.exchange)) this.keep(reply.exchange);
    return reply;
  }

  /**
   * Before this check brings a list that holds `listed` categories to `to`: takes what that needs from the run's
   * top-up allowance (`--top-up`), not from the write budget, for the requests it sends from now on (each write is
   * settled against the reservation it was held from, so one held before is not lost); says so on the console before
   * any is sent, and records it for the report. Returns how many categories to add: none once the run
   * has seen the list cut (see RunState.listCut). A check that the allowance cannot cover is not judged (the verdict
   * is then partial).
   */
  async topUp(listed: number, to: number): Promise<number> {
    const run = this.suite.run;
    const needed = Math.max(0, to - listed);
    if (needed === 0 || run.listCut) return 0;
    const readOnly = this.env.settings.readOnly;
    if (readOnly) throw new NotJudged('read-only', `the list holds ${listed} categories, fewer than the ${to} this check needs, and the run is read-only: ${readOnly}`);
    const reservation = run.topUp.reserve(needed);
    if (!reservation) {
      throw new NotJudged('top-up', `the list holds ${listed} categories; judging it past ${to - 1} needs ${needed} more, and --top-up allows ${run.topUp.limit}`);
    }
    this.writes?.release();
    this.writes = reservation;
    run.toppedUp = { listed, to };
    await this.notify?.(`The list holds ${listed} categories: ${this.rule} adds ${needed} so that it holds ${to}. ` +
      'Once: a later run against this target finds the list long enough and adds none.');
    return needed;
  }

  /** Records that the list grew by less than the run created (see RunState.listCut), and fails the check over it. */
  listIsCut(message: string, reply: Reply): never {
    this.suite.run.listCut ??= message;
    this.fail(message, reply);
  }

  /** Gives back the writes this check reserved and did not spend. */
  releaseWrites(): void {
    this.writes?.release();
  }

  /** Categories this check's own requests created, or may have. */
  get spentWrites(): number {
    return this.writesSpent;
  }

  /** Every category a 201 of the run has shown so far, by exact id. */
  get runCreated(): ReadonlyMap<bigint, CreatedCategory> {
    return this.suite.run.created;
  }

  /** The documented credential: `Authorization: Bearer <valid key>`. */
  validCredential(): Credential {
    return bearer(validKey(this.env.settings.apiKey));
  }

  /** A unique text marking data as this run's: `conformance-<runId>-<suite>-<label>-<n>`. */
  marker(label: string): string {
    return this.suite.nextMarker(label);
  }

  /**
   * A body the operation accepts, carrying the marker: for the create, a plain valid NewCategory of the spec's; for
   * another operation, its schema's required properties, strings carrying the marker.
   */
  sampleBody(operation: Operation, marker: string): unknown {
    if (operation.role === 'create' && this.env.bodies.canMakeValid) return this.env.bodies.valid(marker);
    return operation.requestBodySchema === undefined ? undefined : sample(operation.requestBodySchema, marker);
  }

  /**
   * Asserts the status; a missing response fails with its transport error. A 401 to the valid key is AUTH-3's
   * to report (its audit sees every such request), so other checks skip instead of failing over it.
   */
  expectStatus(reply: Reply, expected: number | readonly number[], what = ''): number {
    this.assertions++;
    const allowed = typeof expected === 'number' ? [expected] : expected;
    const wanted = allowed.join(' or ');
    const status = this.answered(reply);
    if (!allowed.includes(status)) {
      this.skipOverAudits(reply, status);
      this.fail(`expected ${wanted}${what}, got ${status}`, reply);
    }
    return status;
  }

  /**
   * Skips the check over an unexpected status that an audit judges on every exchange, when the audit's rule is not the
   * check's own: a redirect (HTTP-1: the request was sent elsewhere, not answered), the valid key refused (AUTH-3), or
   * a request without a valid credential served (AUTH-1, AUTH-2). The audit reports it, at its level; the check would
   * only echo it, perhaps at a lower one. (A server error stays the check's failure too: it is the answer to the
   * check's own request, and HTTP-1's.)
   */
  private skipOverAudits(reply: Reply, status: number): void {
    const credential = this.suite.audits.credentialOf(reply);
    const id = reply.exchange.id;
    if (status >= 300 && status < 400 && this.rule !== 'HTTP-1') this.missing('HTTP-1', `${id} was answered with a redirect (${status})`);
    if (status === 401 && credential === 'documented' && this.rule !== 'AUTH-3') this.missing('AUTH-3', `the valid key was refused with 401 in ${id}`);
    const served = status >= 200 && status < 300;
    const bypassed = credential === 'none' ? 'AUTH-1' : credential === 'refused' ? 'AUTH-2' : undefined;
    if (served && bypassed && this.rule !== bypassed) this.missing(bypassed, `${id} was answered ${status} without a valid credential`);
  }

  /**
   * Skips the check unless the reply has this status: over HTTP-1 or AUTH-3 when they explain it (no complete
   * response, the valid key refused), else over `owner`. For a reply another check judges (a shared request).
   */
  requireStatus(reply: Reply, status: number, owner: RuleId, what: string): void {
    this.assertions++;
    const got = this.answered(reply);
    if (got !== status) {
      this.skipOverAudits(reply, got);
      this.missing(owner, `${what}: ${reply.exchange.id} answered ${got}`);
    }
  }

  /** Asserts the status is not this one (a refusal); a missing response is HTTP-1's, as for {@link expectStatus}. */
  expectStatusNot(reply: Reply, refused: number, message: string): number {
    this.assertions++;
    const status = this.answered(reply);
    if (status === refused) this.fail(message, reply);
    return status;
  }

  /**
   * The status of a reply that can be judged. Without a complete response HTTP-1's audit reports the target; a 429
   * judges nothing (the contract shows no rate limits, so limiting breaks no rule, and the request went unanswered:
   * the check is not judged, and the verdict partial), nor does an interrupted request.
   */
  private answered(reply: Reply): number {
    const { transportError: failure, rateLimited: limited, id } = reply.exchange;
    if (failure?.code === INTERRUPTED) this.skip(`the run was interrupted during ${id}`);
    if (failure?.code === TARGET_GONE) this.skip(`${id} was not sent: ${failure.message.replace(/^not sent: /, '')}`);
    if (failure) this.missing('HTTP-1', `no complete response to ${id}: ${failure.code}: ${failure.message}`);
    if (limited) throw new NotJudged('rate-limit', `${id} was answered 429 and not retried: ${limited.why}`);
    return reply.status as number;
  }

  /** The parsed JSON body. A body that is not JSON is MEDIA-1's to report: the check is skipped. */
  expectJson(reply: Reply): JsonDocument {
    this.assertions++;
    const { document, error } = reply.json();
    if (!document) this.missing('MEDIA-1', `in ${reply.exchange.id} ${error}`);
    return document;
  }

  /**
   * A 200 whose body is a JSON array: the list as LIST-1 promises it. Only LIST-1's own check fails over a
   * list that is not one; the others skip, since LIST-1's audit reports every such list.
   */
  expectList(reply: Reply): { readonly document: JsonDocument; readonly items: readonly unknown[] } {
    const own = this.rule === 'LIST-1';
    if (own || reply.status === undefined || reply.exchange.rateLimited) this.expectStatus(reply, 200, ' for the list');
    else this.prerequisite('LIST-1', reply.status === 200, `the list answered ${reply.status} in ${reply.exchange.id}`);
    const document = this.expectJson(reply);
    const items = document.value;
    const shape = `the list in ${reply.exchange.id} is not a JSON array but ${items === null ? 'null' : typeof items}`;
    if (own) this.expect(Array.isArray(items), shape, reply);
    else this.prerequisite('LIST-1', Array.isArray(items), shape);
    return { document, items: items as unknown[] };
  }

  /** Skips the check when something it needs is missing for a reason that the `owner` rule reports. */
  prerequisite(owner: RuleId, condition: boolean, reason: string): void {
    this.assertions++;
    if (!condition) this.missing(owner, reason);
  }

  /**
   * {@link prerequisite}, already known to be missing. The owner is a rule judged on every exchange (an audit's), the
   * check's own (another of its checks reports it), or one the check declared it relies on: a skip over any other rule
   * is a bug in the check.
   */
  missing(owner: RuleId, reason: string): never {
    if (owner !== this.rule && !AUDITED_RULES.has(owner) && !this.reliesOn.includes(owner)) {
      throw new Error(`the check "${this.title}" skips over ${owner}, which it does not declare in reliesOn`);
    }
    throw new PrerequisiteMissing(owner, reason);
  }

  /** Asserts a condition; the message says what was wrong. */
  expect(condition: boolean, message: string, reply?: Reply): void {
    this.assertions++;
    if (!condition) this.fail(message, reply);
  }

  /**
   * Asserts a requirement of `rule`: in a check of that rule, as {@link expect} does; in a check that relies on it
   * (CREATE-3 sends a valid NewCategory, whose echo is CREATE-1's promise before it is CREATE-3's), a failure skips the
   * check naming `rule` instead, and the run holds the skip to it: if `rule` fails nowhere, the skip is this check's
   * failure (see PrerequisiteMissing).
   */
  expectOf(rule: RuleId, condition: boolean, message: string, reply?: Reply): void {
    this.assertions++;
    if (condition) return;
    if (rule === this.rule) this.fail(message, reply);
    this.missing(rule, naming(message, reply));
  }

  /** The value, asserted present. */
  expectValue<T>(value: T | undefined, message: string, reply?: Reply): T {
    this.assertions++;
    if (value === undefined) this.fail(message, reply);
    return value;
  }

  /** Fails the check, pointing at the exchange that shows why. */
  fail(message: string, reply?: Reply): never {
    throw new CheckFailure(message, reply);
  }

  /** For INFO rules: records what the target did. Never fails. */
  observe(observation: string): void {
    this.assertions++;
    this.observation = this.observation ? `${this.observation}; ${observation}` : observation;
  }

  /** Registers a request that must have had no effect; the suite's closing check for `rule` verifies it. */
  expectNoEffect(rule: RuleId, marker: string, reply: Reply): void {
    // A body that does not carry the marker (no property of the spec's NewCategory takes one) cannot be found in the
    // list: registered without it, so that the closing check says it could not judge it rather than pass it.
    const carried = this.sentBodies.get(reply)?.includes(marker) === true;
    this.suite.ledger.recordRejected(rule, carried ? marker : undefined, reply);
  }

  /** Skips the check, with the reason in the report. */
  skip(reason: string): never {
    return this.skipTest(reason);
  }

  /**
   * Checks a property on generated cases (fast-check), shrinking a failure to a minimal case. The case's seed
   * and path go into the report; the run's `--seed` reproduces it.
   */
  async property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns = this.env.settings.numRuns): Promise<void> {
    const replay = this.env.settings.replay;
    const replayed = replay?.title === this.title ? replay : undefined;
    const seed = replayed?.checkSeed ?? checkSeed(this.env.settings.seed, this.title);
    const path = replayed?.path;
    let lastFailingCase: Exchange[] | undefined;
    let missing: PrerequisiteMissing | NotJudged | undefined;
    /** An error of the suite's own in a case (not a failure of the target's): it ends the cases and is the check's. */
    let crash: unknown;
    let shrinkingCut = false;
    let judged = 0;
    let cases = 0;
    const unreplayable = () => this.skip(`the recorded case could not be replayed: its path "${path}" does not fit this version's generator`);
    this.generating = true;
    const outcome = await runProperty(arbitrary, async (value) => {
      // Once a prerequisite is missing no case can be judged: end the remaining cases and shrinking at once.
      if (missing) throw missing;
      if (crash !== undefined) throw crash;
      // A replay runs the recorded case and nothing else. fast-check goes on past a path whose case passes (with
      // filtered arbitraries, along the shrink tree): those cases pass unsent.
      if (path !== undefined && cases++ > 0) return;
      this.caseExchanges = [];
      try {
        await predicate(value);
        judged++;
      } catch (error) {
        if (!fc.PreconditionFailure.isFailure(error)) judged++;
        // Shrinking may take what the budget has left (see Reservation.hold), and no more: a case it cannot afford
        // counts as passing, so shrinking settles on the smallest failure found so far. Before any failure this is a
        // bug in the declaration.
        if (error instanceof WritesExhausted && lastFailingCase) {
          shrinkingCut = true;
          return;
        }
        const unjudged = error instanceof PrerequisiteMissing || error instanceof NotJudged;
        // While shrinking a real failure, a smaller case that cannot be judged (no answer in time, a 429) shows
        // nothing against the failure in hand: it counts as passing, and the counterexample stays a real one.
        if (unjudged && lastFailingCase) return;
        if (unjudged) missing = error;
        else if (!(error instanceof CheckFailure) && !fc.PreconditionFailure.isFailure(error)) crash = error;
        else if (!fc.PreconditionFailure.isFailure(error)) {
          lastFailingCase = this.caseExchanges;
          this.shrinking = true;
        }
        throw error;
      }
    }, { seed, numRuns, ...(path !== undefined ? { path } : {}) }).catch((error: unknown) => {
      // fast-check cannot follow a path the arbitrary does not have (a report of another version of the suite).
      if (path !== undefined && /Unable to replay/.test((error as Error).message)) unreplayable();
      throw error;
    });
    if (missing) throw missing;
    if (crash !== undefined) throw crash;
    if (path !== undefined && outcome.failed && /Unable to replay/.test(String((outcome.error as Error | undefined)?.message ?? outcome.error))) unreplayable();
    // A replayed case that the target's data no longer allows (fc.pre rejected it) judged nothing: say so.
    if (path !== undefined && judged === 0) this.skip('the recorded case could not be replayed: it depends on data this target does not hold now');
    this.caseExchanges = undefined;
    this.shrinking = false;
    this.generating = false;
    // Shrinking ends on the minimal case, so the last failing case is the counterexample.
    if (outcome.failed) this.failingCaseExchanges = lastFailingCase;
    this.generated = {
      seed, numRuns,
      ...(outcome.path !== undefined ? { path: outcome.path } : {}),
      ...(outcome.counterexample !== undefined ? { counterexample: this.env.redactor.redact(outcome.counterexample) } : {}),
      ...(outcome.numShrinks !== undefined ? { numShrinks: outcome.numShrinks } : {}),
      ...(shrinkingCut ? { shrinkingCut: true as const } : {}),
    };
    if (!outcome.failed) return;
    // What fast-check itself threw (a generator's bug) is the suite's own error, as a case's is: never the target's.
    if (!(outcome.error instanceof CheckFailure)) throw outcome.error;
    const cause = outcome.error;
    if (cause.reply) this.failedExchange = cause.reply.exchange.id;
    const reason = cause.message;
    const shrinks = `${outcome.numShrinks} shrinks${shrinkingCut ? ', stopped at the write budget' : ''}`;
    throw new CheckFailure(`counterexample ${this.generated.counterexample} (after ${shrinks}; seed ${seed}, path "${outcome.path}"): ${reason}`);
  }

  /** Fails a check that sent nothing or asserted nothing: it would pass without showing anything. */
  assertNotVacuous(): void {
    if (this.exchangeCount === 0) this.fail('the check sent no request, so it shows nothing');
    if (this.assertions === 0) this.fail('the check reached no assertion, so it shows nothing');
  }

  /** Notes which exchange a failure points at, or which rule a skip relies on. */
  noteFailure(error: unknown): void {
    if (error instanceof CheckFailure && error.reply) this.failedExchange ??= error.reply.exchange.id;
    if (error instanceof PrerequisiteMissing) this.prerequisiteOwner = error.owner;
  }

  /** What the check reports of itself; `passed`: it passed, and keeps less evidence (see evidence.ts). */
  meta(passed = false): CheckMeta {
    const shown = this.failingCaseExchanges ?? this.exchanges;
    const failed = this.failedExchange;
    const ordered = failed ? [...shown.filter((e) => e.id === failed), ...shown.filter((e) => e.id !== failed)] : shown;
    return {
      rule: this.rule,
      suite: this.suite.name,
      name: this.name,
      exchanges: evidence(ordered.slice(0, KEPT_EXCHANGES), passed),
      exchangeCount: this.exchangeCount,
      ...(this.writesSpent > 0 ? { writes: this.writesSpent } : {}),
      ...(failed ? { failedExchange: failed } : {}),
      ...(this.observation !== undefined ? { observation: this.observation } : {}),
      ...(this.prerequisiteOwner !== undefined ? { prerequisiteOwner: this.prerequisiteOwner } : {}),
      ...(this.generated ? { generated: this.generated } : {}),
    };
  }

  private keep(exchange: Exchange): void {
    this.exchangeCount++;
    this.caseExchanges?.push(exchange);
    // A generated check keeps its first cases and its failing case, not every case it ran.
    if (this.exchanges.length < KEPT_EXCHANGES * 2) this.exchanges.push(exchange);
  }
}

/**
 * Whether a request that could create did, or may have: a 2xx, or no complete answer once it was sent (the target may
 * have stored it before it failed to answer). A request never sent (refused connection, the circuit open) did not.
 */
function mayHaveCreated(reply: Reply): boolean {
  const status = reply.status;
  if (status !== undefined) return status >= 200 && status < 300;
  return reply.exchange.transportError?.phase !== 'connect';
}

/** What a request carries to authenticate, as the audits judge it (see CredentialSent). */
function credentialSent(options: SendOptions): CredentialSent {
  if (options.credential === undefined) return 'documented';
  if (options.credential === null) return 'none';
  return options.mustBeRefused === 'credential' ? 'refused' : 'other';
}

/**
 * The values given for the operation's parameters in one place (the query, the headers), with a value for each one the
 * spec requires there and they lack (see requiredParameterValue): a request the spec says is incomplete without it
 * would be refused for that, whatever its check is about. Header names are compared in any letter case.
 */
function withRequiredParameters(operation: Operation, place: 'query' | 'header', given: Readonly<Record<string, string>>, unique: string): Record<string, string> {
  const values: Record<string, string> = { ...given };
  const has = (name: string) => Object.keys(values).some((k) => (place === 'header' ? k.toLowerCase() === name.toLowerCase() : k === name));
  for (const parameter of operation.parameters) {
    if (!parameter.required || parameter.in !== place || has(parameter.name)) continue;
    const value = requiredParameterValue(nodeOf(parameter.schema ?? {}), unique);
    if (value !== undefined) values[place === 'header' ? parameter.name.toLowerCase() : parameter.name] = value;
  }
  return values;
}

function fillPath(operation: Operation, values: Readonly<Record<string, string>> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? PLACEHOLDER_PATH_VALUE));
}

/** The smallest value a schema accepts, by its required properties; strings carry the marker. */
function sample(schema: JsonSchema, marker: string): unknown {
  if (typeof schema !== 'object') return {};
  const parts = [schema, ...((schema['allOf'] as JsonSchema[] | undefined) ?? [])].filter((s) => typeof s === 'object');
  const type = parts.map((s) => s['type']).find((t) => t !== undefined);
  if (type === 'string') return marker;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  const result: Record<string, unknown> = {};
  for (const part of parts) {
    const properties = (part['properties'] ?? {}) as Record<string, JsonSchema>;
    for (const name of (part['required'] as string[] | undefined) ?? []) {
      const property = properties[name];
      if (property !== undefined) result[name] = sample(property, marker);
    }
  }
  return result;
}
