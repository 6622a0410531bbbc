import { INTERRUPTED, OUTSIDE_THE_TARGET, TARGET_GONE } from '../http/client.js';
import type { Reply } from '../http/reply.js';
import type { JsonDocument } from '../json/parse.js';
import type { Cause } from '../rules/cause.js';
import type { RuleId } from '../rules/catalogue.js';
import type { SuiteState } from '../runtime/suite-state.js';
import type { Unexpected } from './audits/audit.js';
import { AUDITS } from './audits/index.js';
import type { NoEffectRule } from './closing/no-effect.js';
import { CheckFailure, CheckWithheld, naming, SkippedOver } from './failure.js';
import { CheckRequests, type SendingExtras } from './sending.js';

/** The rules judged on every exchange: any check may skip over them (see CheckJudging.skipOver). */
const AUDITED_RULES: ReadonlySet<RuleId> = new Set(AUDITS.map((a) => a.rule));

/** What a check's context is given beyond its rule and name. */
export interface CheckExtras extends SendingExtras {
  /** The rules judged by checks (not audits) whose requirements this check's requests meet on the way to its own. */
  readonly dependsOn?: readonly RuleId[] | undefined;
}

/**
 * A check's judging: assertions of its own rule that say which exchange broke it, requirements of the rules it
 * depends on, skips over a problem another rule reports, and the bookkeeping that makes a check that proved nothing
 * fail.
 *
 * Three outcomes besides passing: a failure of the check's rule (`expect…`, `fail`); a skip over another rule that
 * reports the problem (`skipOver…`, and `expectOf` in a check of another rule), which the run holds to that rule; and
 * a skip for a reason that is no rule's (`skip`, CheckWithheld). An answer an audit owns (see ExchangeAudit.owns) is
 * skipped over wherever a check meets it, unless the audit's rule is the check's own.
 */
export class CheckJudging<R extends RuleId = RuleId> extends CheckRequests<R> {
  private assertions = 0;
  private observation?: string;
  /** The rule the check skipped over, once it did. */
  private skippedOver?: RuleId;
  /** The other rule's failure the check's failure follows from, once it failed naming one. */
  private follows?: Cause;
  private readonly dependsOn: readonly RuleId[];

  constructor(
    suite: SuiteState,
    rule: R,
    name: string,
    private readonly skipTest: (note: string) => never,
    extras: CheckExtras = {},
  ) {
    super(suite, rule, name, extras);
    this.dependsOn = extras.dependsOn ?? [];
  }

  /** Asserts a condition; the message says what was wrong, `follows` what other rule's failure it follows from, if any. */
  expect(condition: boolean, message: string, reply?: Reply, follows?: Cause): void {
    this.assertions++;
    if (!condition) this.fail(message, reply, follows);
  }

  /**
   * Asserts a requirement of `rule`: in a check of that rule, as {@link expect} does; in a check that depends on it
   * (CREATE-3 sends a valid NewCategory, whose echo is CREATE-1's promise before it is CREATE-3's), a failure skips the
   * check over `rule` instead, and the run holds the skip to it: if `rule` fails nowhere, the skip is this check's
   * failure (see SkippedOver).
   */
  expectOf(rule: RuleId, condition: boolean, message: string, reply?: Reply): void {
    this.assertions++;
    if (condition) return;
    if (rule === this.rule) this.fail(message, reply);
    this.skipOver(rule, naming(message, reply));
  }

  /** The value, asserted present. */
  expectValue<T>(value: T | undefined, message: string, reply?: Reply): T {
    this.assertions++;
    if (value === undefined) this.fail(message, reply);
    return value;
  }

  /** Fails the check, pointing at the exchange that shows why; `follows`: the other rule's failure this one follows from. */
  fail(message: string, reply?: Reply, follows?: Cause): never {
    throw new CheckFailure(message, reply, follows);
  }

  /** For INFO rules: records what the target did. Never fails. */
  observe(observation: string): void {
    this.assertions++;
    this.observation = this.observation ? `${this.observation}; ${observation}` : observation;
  }

  /** Registers a request that must have had no effect; the suite's closing check for `rule` verifies it. */
  expectNoEffect(rule: NoEffectRule, marker: string, reply: Reply): void {
    // A body that does not carry the marker (no property of the spec's NewCategory takes one) cannot be found in the
    // list: registered without it, so that the closing check says it could not judge it rather than pass it.
    const carried = this.sentBody(reply)?.includes(marker) === true;
    this.suite.ledger.recordRejected(rule, carried ? marker : undefined, reply);
  }

  /** Records that the list grew by less than the run created (see RunState.listCut), and fails the check over it. */
  listIsCut(message: string, reply: Reply): never {
    this.suite.run.listCut ??= message;
    this.fail(message, reply);
  }

  /** Skips the check for a reason that is no rule's, with the reason in the report. */
  skip(reason: string): never {
    return this.skipTest(reason);
  }

  /**
   * Skips the check: something it needs is missing, for a reason that `rule` reports. The rule is one judged on every
   * exchange (an audit's), the check's own (another of its checks reports it), or one the check declared it depends
   * on: a skip over any other rule is a bug in the check.
   */
  skipOver(rule: RuleId, reason: string): never {
    if (rule !== this.rule && !AUDITED_RULES.has(rule) && !this.dependsOn.includes(rule)) {
      throw new Error(`the check "${this.title}" skips over ${rule}, which it does not declare in dependsOn`);
    }
    throw new SkippedOver(rule, reason);
  }

  /**
   * {@link skipOver} `rule` unless the reply has this status, or over the rule that owns the answer (see Owner: no
   * complete response, a status HTTP-1 judges wrong, the valid key refused). For a reply another check judges (a shared
   * request), or one that only prepares this check's own (the category whose id it sends).
   */
  skipOverUnlessStatus(rule: RuleId, reply: Reply, status: number, reason: string): void {
    this.assertions++;
    const got = this.answered(reply);
    if (got !== status) {
      this.skipOverOwner(reply);
      this.skipOver(rule, `${reason}: ${reply.exchange.id} answered ${got}`);
    }
  }

  /**
   * Asserts the status. An answer another rule owns (a redirect, a server error, a status not documented: HTTP-1's; the
   * valid key refused: AUTH-3's) skips over it instead, unless the check's rule is its co-owner (see Owner.coOwner):
   * then the check fails, naming it as the cause.
   */
  expectStatus(reply: Reply, expected: number | readonly number[], what = ''): number {
    this.assertions++;
    const allowed = typeof expected === 'number' ? [expected] : expected;
    const status = this.answered(reply);
    if (!allowed.includes(status)) this.fail(`expected ${allowed.join(' or ')}${what}, got ${status}`, reply, this.skipOverOwner(reply));
    return status;
  }

  /** Asserts the status is not this one (a refusal); a missing response is skipped over, as for {@link expectStatus}. */
  expectStatusNot(reply: Reply, refused: number, message: string): number {
    this.assertions++;
    const status = this.answered(reply);
    if (status === refused) this.fail(message, reply);
    return status;
  }

  /** The parsed JSON body. A body that is not JSON is skipped over (MEDIA-1's audit owns it). */
  expectJson(reply: Reply): JsonDocument {
    this.assertions++;
    const { document, error } = reply.json();
    if (!document) {
      const problem = error ?? 'the body is not JSON';
      this.skipOverReader({ kind: 'not JSON', reply, error: problem });
      this.fail(problem, reply);
    }
    return document;
  }

  /**
   * A 200 whose body is a JSON array: the list. A list that is not one is skipped over (LIST-1's audit owns it, and
   * its own checks fail over it).
   */
  expectList(reply: Reply): { readonly document: JsonDocument; readonly items: readonly unknown[] } {
    this.assertions++;
    const status = this.answered(reply);
    if (status !== 200) {
      this.skipOverOwner(reply);
      this.skipOverReader({ kind: 'not a list', reply, problem: `the list answered ${status} in ${reply.exchange.id}` });
      this.expectStatus(reply, 200, ' for the list');
    }
    const document = this.expectJson(reply);
    const items = document.value;
    if (!Array.isArray(items)) {
      const problem = `the list in ${reply.exchange.id} is not a JSON array but ${items === null ? 'null' : typeof items}`;
      this.skipOverReader({ kind: 'not a list', reply, problem });
      this.fail(problem, reply);
    }
    return { document, items };
  }

  /** Fails a check that sent nothing or asserted nothing: it would pass without showing anything. */
  assertNotVacuous(): void {
    if (this.evidence.count === 0) this.fail('the check sent no request, so it shows nothing');
    if (this.assertions === 0) this.fail('the check reached no assertion, so it shows nothing');
  }

  /** Notes which exchange a failure points at, or which rule a skip depends on. */
  noteFailure(error: unknown): void {
    if (error instanceof CheckFailure && error.reply) this.evidence.pointAt(error.reply.exchange.id);
    if (error instanceof CheckFailure && error.follows) this.follows = error.follows;
    if (error instanceof SkippedOver) this.skippedOver = error.dependsOn;
  }

  /**
   * What the check judged beyond passing or failing: its observation, the rule its skip depends on, and the failure its
   * own follows from.
   */
  protected judged(): { readonly observation?: string; readonly dependsOn?: RuleId; readonly follows?: Cause } {
    return {
      ...(this.observation !== undefined ? { observation: this.observation } : {}),
      ...(this.skippedOver !== undefined ? { dependsOn: this.skippedOver } : {}),
      ...(this.follows !== undefined ? { follows: this.follows } : {}),
    };
  }

  /**
   * The status of a reply that can be judged. Without a complete response the audit that owns it (HTTP-1's) reports
   * the target; a 429 judges nothing (the contract shows no rate limits, so limiting breaks no rule, and the request
   * went unanswered: the check is not judged, and the verdict partial), nor does an interrupted request, nor one that
   * the run's proxy or client certificate kept from the target.
   */
  private answered(reply: Reply): number {
    const { transportError: failure, rateLimited: limited, id } = reply.exchange;
    if (failure?.code === INTERRUPTED) this.skip(`the run was interrupted during ${id}`);
    if (failure?.code === TARGET_GONE) this.skip(`${id} was not sent: ${failure.message.replace(/^not sent: /, '')}`);
    if (failure && OUTSIDE_THE_TARGET.has(failure.code)) this.skip(`${id} did not reach the target, for the run's own setup: ${failure.code}: ${failure.message}`);
    if (failure) {
      this.skipOverOwner(reply);
      this.fail(`no complete response to ${id}: ${failure.code}: ${failure.message}`, reply);
    }
    if (limited) throw new CheckWithheld('rate-limit', `${id} was answered 429 and not retried: ${limited.why}`);
    return reply.status as number;
  }

  /**
   * Skips over the rule that owns the answer (see Owner), unless it is the check's own rule; returns the owner where
   * the check's rule is its co-owner, whose failure names it as the cause.
   */
  private skipOverOwner(reply: Reply): Cause | undefined {
    const owner = this.suite.run.owners.get(reply);
    if (owner === undefined || owner.rule === this.rule) return undefined;
    if (owner.coOwner === this.rule) return owner;
    return this.skipOver(owner.rule, owner.why);
  }

  /** Skips over the audit that owns what the check read (see ExchangeAudit.owns), unless the audit's rule is the check's own. */
  private skipOverReader(answer: Unexpected): void {
    for (const audit of AUDITS) {
      const reason = audit.rule === this.rule ? undefined : audit.owns?.(answer);
      if (reason !== undefined) this.skipOver(audit.rule, reason);
    }
  }
}
