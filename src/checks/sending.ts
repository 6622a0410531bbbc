import { AsyncLocalStorage } from 'node:async_hooks';
import { perRequest } from '../generators/schema/parameter-values.js';
import { bearer, validKey, type Credential, type CredentialSent } from '../http/credential.js';
import type { Reply } from '../http/reply.js';
import { settleBy } from '../http/settle.js';
import { newTraceId } from '../http/trace.js';
import type { CreatedCategory } from '../json/category.js';
import { jsonText } from '../json/write.js';
import { checkTitle } from '../protocol/titles.js';
import type { RuleId } from '../rules/catalogue.js';
import type { SuiteState } from '../runtime/suite-state.js';
import { STRAY_WRITES, type RefusalKind, type Reservation } from '../runtime/write-budget.js';
import { acceptOf, bodyMediaTypeOf } from '../spec/media-types.js';
import type { ParameterValue } from '../spec/parameter-style.js';
import { writesOf, type Operation, type Parameter } from '../spec/types.js';
import { CheckEvidence } from './evidence.js';
import { CheckWithheld, WritesExhausted } from './failure.js';
import { fillPath, parameterValues, sample, writtenParameters } from './request-values.js';

/** One request as a check describes it. Unless told otherwise, it carries the valid key as documented. */
export interface SendOptions {
  /** The credential; `null` sends none. Default: `Authorization: Bearer <valid key>`. */
  readonly credential?: Credential | null;
  /** A body to send as JSON. */
  readonly json?: unknown;
  /** A body to send exactly as given (malformed JSON, big integers). */
  readonly raw?: string;
  /**
   * The Content-Type of a body; `null` sends none. Default: the first JSON media type the spec names for the operation's
   * request body, as written (`application/json` where it names none).
   */
  readonly contentType?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** Query parameters the operation does not declare (INFO-4's), as texts: each is percent-encoded. */
  readonly query?: Readonly<Record<string, string>>;
  /** Values of parameters the operation declares, each written as its style says (see spec/parameter-style.ts). */
  readonly parameters?: readonly ParameterValue[];
  /** Parameters the spec requires that the request leaves out, instead of giving each a value (see parameterValues). */
  readonly leaveOut?: readonly Parameter[];
  readonly pathParameters?: Readonly<Record<string, string>>;
  /** Statuses the rule under check leaves open beyond those the spec documents (INFO cases). */
  readonly alsoAllowed?: readonly number[];
  /**
   * The contract says the request must be refused, for want of a valid credential or for an invalid body, so on a
   * target that keeps it, it creates nothing: it takes no write of the check's reservation (see WriteBudget).
   */
  readonly mustBeRefused?: RefusalKind;
}

/** What a check's requests may take of the write budget (see WriteBudget), by what the check is doing. */
export interface WriteTerms {
  /** A request meant to create may borrow a write beyond the reservation from what the budget has left (see Reservation.hold). */
  readonly borrow: boolean;
  /**
   * A request that must be refused is not sent once the target has created on too many of its kind
   * (see WriteBudget.refusalsMaySend): each would leave one more category behind.
   */
  readonly capRefusals: boolean;
}

/** A check's examples: few, each judging a case of its own, so sent whatever the target did with the ones before. */
export const EXAMPLE_TERMS: WriteTerms = { borrow: false, capRefusals: false };
/** A generated check's cases. */
export const CASE_TERMS: WriteTerms = { borrow: false, capRefusals: true };
/**
 * The cases shrinking a generated check's failure: borrowed, since a target that keeps the contract never makes a
 * check shrink, so the check reserved for its cases only.
 */
export const SHRINKING_TERMS: WriteTerms = { borrow: true, capRefusals: true };

/**
 * The check whose control request (see CheckRequests.control) the code running now sends: it may borrow writes. Held
 * for the request's own async context, not set on the check, where the generated cases running beside it would see it.
 */
const controlling = new AsyncLocalStorage<CheckRequests>();

/** What a check's context is given to send with, beyond its rule and name. */
export interface SendingExtras {
  /** The writes the check reserved; none when it declared none. */
  readonly writes?: Reservation | undefined;
  /** Aborted when the run is interrupted: requests under way stop at once. */
  readonly signal?: AbortSignal | undefined;
  /** Shows a notice on the console as the run goes; resolves once it is on its way there. */
  readonly notify?: ((text: string) => Promise<unknown>) | undefined;
}

/**
 * A check's requests: each is sent with the valid key unless told otherwise, recorded, audited, entered in the ledger
 * and kept as the check's evidence, and each that could create is paid for from the check's reservation (see
 * WriteBudget).
 */
export class CheckRequests<R extends RuleId = RuleId> {
  /**
   * The W3C trace id of every request this check sends (each has a span id of its own). One trace per check, not per
   * run: a failing check's requests are then one trace of a few to a few hundred spans in the target's tracing, found
   * from any one of its exchanges, apart from the other checks' requests running beside it; a trace per run would
   * put all of a run's requests (600 and more) in one trace, where a check's are hard to tell apart. Requests several
   * checks share are sent by a context of their own, in a trace of their own.
   */
  readonly traceId = newTraceId();
  /** What the check keeps of its exchanges for its result. */
  protected readonly evidence = new CheckEvidence();
  /** What the check's requests may take of the write budget now: a generated check changes them as it goes. */
  protected terms = EXAMPLE_TERMS;
  private writes?: Reservation;
  /** Aborted when the run is interrupted: requests under way stop at once. */
  protected readonly signal?: AbortSignal;
  private readonly notify?: (text: string) => Promise<unknown>;
  /** Categories this check's requests created, or may have (see WriteBudget). */
  private writesSpent = 0;
  /** The body each of this check's requests sent, whole (the recorded one is cut short and redacted). */
  private readonly sentBodies = new WeakMap<Reply, string>();

  constructor(
    protected readonly suite: SuiteState,
    readonly rule: R,
    readonly name: string,
    extras: SendingExtras = {},
  ) {
    this.writes = extras.writes;
    this.writes?.begin();
    this.signal = extras.signal;
    this.notify = extras.notify;
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
      throw new CheckWithheld('read-only', `this check sends ${operation.method} ${operation.path}, which could create a category, and the run is read-only: ${readOnly}`);
    }
    const refusal = writing ? options.mustBeRefused : undefined;
    if (refusal && this.terms.capRefusals && !this.suite.run.budget.refusalsMaySend(refusal)) {
      throw new CheckWithheld('stray-writes', `the target created categories on ${STRAY_WRITES} requests it had to refuse for ${refusal === 'body' ? 'an invalid body' : 'want of a valid credential'}, so no more generated ones are sent`);
    }
    // The reservation the write is held from is the one it is settled against, whatever the check reserves meanwhile.
    const holding = writing && !refusal ? this.writes : undefined;
    if (writing && !refusal && !(await this.hold(holding))) {
      throw new WritesExhausted(`the check "${this.title}" would send more than the ${this.writes?.writes ?? 0} writes it reserved`);
    }
    if (writing) this.suite.noteWrite();
    // identity: without an Accept-Encoding a server may compress (RFC 9110 §12.5.3), and the suite reads bodies as sent.
    const headers: Record<string, string> = { accept: acceptOf(operation), 'accept-encoding': 'identity', ...options.headers };
    const body = options.raw ?? (options.json !== undefined ? jsonText(options.json) : undefined);
    if (body !== undefined && options.contentType !== null) headers['content-type'] = options.contentType ?? bodyMediaTypeOf(operation);
    const credential = options.credential === undefined ? this.validCredential() : options.credential ?? undefined;
    // Requests with a body are alike within the check that sends them (its generated cases): a shape of their own.
    const shape = body === undefined ? undefined : `${operation.method} ${operation.path} in ${this.rule} ${this.name}`;
    const id = this.suite.nextExchangeId();
    // A header parameter the run gives every request (--header) takes that value: none is made for it.
    const given = { ...this.env.settings.headers, ...headers };
    const parameters = parameterValues(operation, options.parameters ?? [], options.leaveOut ?? [], given, `${this.env.settings.runId}-${id}`);
    const leftOut = (options.leaveOut ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    const written = writtenParameters(options.query ?? {}, parameters);
    Object.assign(headers, written.headers);
    const exchange = () => this.env.client.send(id, {
      operation: operation.key,
      method: operation.method,
      path: fillPath(operation, options.pathParameters),
      ...(written.query !== '' ? { query: written.query } : {}),
      headers,
      ...(leftOut.length > 0 ? { leftOut } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(credential ? { credential } : {}),
    }, { traceId: this.traceId, ...(shape ? { shape } : {}), ...(this.signal ? { signal: this.signal } : {}) });
    // With a key that is not refused, the list comes whole: against a target whose list is megabytes, such reads go one
    // at a time, each parsed (which lets go of its bytes) before the next is sent (see SuiteTurns.oneAtATime).
    const getsTheList = operation === this.env.list && credential !== undefined && options.mustBeRefused !== 'credential';
    const reply = getsTheList ? await this.suite.run.turns.oneAtATime(async () => parsed(await exchange())) : await exchange();
    this.suite.coverage.note(operation, body, parameters);
    if (body !== undefined) this.sentBodies.set(reply, body);
    if (writing) this.account(reply, refusal, holding);
    this.suite.audits.audit(reply, operation, options.alsoAllowed ?? [], credentialSent(options), options.mustBeRefused);
    // Created with a value of its own of a parameter that does not identify the request (a tenant): maybe kept apart.
    const elsewhere = (options.parameters ?? []).some((v) => !perRequest(v.parameter));
    // A category a request that had to be refused created is none of the run's: no list is held to show it (LIST-2).
    if (operation === this.env.create && reply.status === 201 && !this.suite.run.strays.has(reply.exchange.id)) this.suite.ledger.recordCreated(reply, elsewhere);
    if (writing && reply.status !== undefined && reply.status >= 200 && reply.status < 300) this.suite.ledger.recordWritten(reply);
    this.evidence.keep(reply.exchange);
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
    if (!created) return;
    this.writesSpent++;
    if (holding) this.evidence.noteWrite();
  }

  /**
   * Writes of the reservation that generated cases sent ahead of their turn spent, and that no case judged (a case
   * before them failed): sent one by one they would not have been, and shrinking may borrow as many more (see
   * Reservation.forgive).
   */
  protected forgive(writes: number): void {
    this.writes?.forgive(writes);
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
    try {
      return await controlling.run(this, send);
    } catch (error) {
      if (error instanceof WritesExhausted) return undefined;
      throw error;
    }
  }

  /**
   * GET /categories with the valid key. A plain read sent once the run had created a category is one a suite
   * waiting to open on the run's categories may open on (see OpeningLists).
   */
  async list(options: SendOptions = {}): Promise<Reply> {
    const plain = Object.keys(options).length === 0 && this.suite.run.created.size > 0;
    const reply = await this.send(this.env.list, options);
    if (plain) this.suite.run.openings.showsRunCategories(reply);
    return reply;
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
   * Waits for what other checks do, for as long as this check may run: a cancelled run aborts the check's signal, and
   * checks it cancelled before they started never end.
   */
  awaitOthers(done: Promise<void>): Promise<void> {
    return this.signal ? settleBy(done, this.signal) : done;
  }

  /** A reply this check judges but another sent (a shared list, a shared request), kept among its exchanges (once). */
  shows(reply: Reply): Reply {
    this.evidence.shows(reply.exchange);
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
    if (readOnly) throw new CheckWithheld('read-only', `the list holds ${listed} categories, fewer than the ${to} this check needs, and the run is read-only: ${readOnly}`);
    const reservation = run.topUp.reserve(needed);
    if (!reservation) {
      throw new CheckWithheld('top-up', `the list holds ${listed} categories; judging it past ${to - 1} needs ${needed} more, and --top-up allows ${run.topUp.limit}`);
    }
    this.writes?.release();
    this.writes = reservation;
    run.toppedUp = { listed, to };
    // The bundled reference starts empty with every run, and is gone after it: no later run finds what this one adds.
    const later = this.env.settings.targetKind === 'url' ? 'Once: a later run against this target finds the list long enough and adds none.'
      : 'The bundled reference starts empty on every run, and is gone after it.';
    await this.notify?.(`The list holds ${listed} categories: ${this.rule} adds ${needed} so that it holds ${to}. ${later}`);
    return needed;
  }

  /**
   * Holds a write of `reservation` for a request about to be sent; where it may borrow and nothing is left, once a
   * check under way gives one back (see WriteBudget.writeReturned).
   */
  private async hold(reservation: Reservation | undefined): Promise<boolean> {
    if (!reservation) return false;
    const borrow = this.terms.borrow || controlling.getStore() === this;
    while (!reservation.hold(borrow)) {
      if (!borrow || !(await this.suite.run.budget.writeReturned())) return false;
    }
    return true;
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

  /** The body a request of this check's sent, whole. */
  protected sentBody(reply: Reply): string | undefined {
    return this.sentBodies.get(reply);
  }

  /** The documented credential: `Authorization: Bearer <valid key>`. */
  private validCredential(): Credential {
    return bearer(validKey(this.env.settings.apiKey));
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

/**
 * What a request carries to authenticate, as the audits judge it (see CredentialSent): the documented key, which
 * AUTH-3's audit judges; none, AUTH-1's; a credential the contract refuses, AUTH-2's.
 */
function credentialSent(options: SendOptions): CredentialSent {
  if (options.credential === undefined) return 'documented';
  if (options.credential === null) return 'none';
  return options.mustBeRefused === 'credential' ? 'refused' : 'other';
}

/** The reply, its body parsed: the parse is kept, and the bytes it was parsed from let go (see Reply.json). */
function parsed(reply: Reply): Reply {
  reply.json();
  return reply;
}
