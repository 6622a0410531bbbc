import type { CredentialSent } from '../../http/credential.js';
import type { Reply } from '../../http/reply.js';
import type { Operation } from '../../spec/types.js';
import type { Validators } from '../../spec/validators.js';
import type { RunState } from '../../runtime/run-state.js';
import type { RuleId } from '../../rules/catalogue.js';

/** One exchange, with what an audit needs to judge it. */
export interface AuditSubject {
  readonly reply: Reply;
  readonly operation: Operation;
  /** Statuses a check declared acceptable beyond those the spec documents (the INFO cases). */
  readonly alsoAllowed: readonly number[];
  readonly credential: CredentialSent;
  readonly validators: Validators;
  readonly run: RunState;
}

/** Does not apply to this exchange. */
export const NOT_APPLICABLE = Symbol('not applicable');

/**
 * A rule judged on every exchange of a suite, as each arrives: the rules that say "every response".
 * `judge` returns the violations (empty: kept) or {@link NOT_APPLICABLE}.
 */
export interface ExchangeAudit {
  readonly rule: RuleId;
  /** What it judges, for messages: "responses with a body". */
  readonly scope: string;
  /**
   * Whether it also judges paths the spec does not list (see Operation.variantOf). Only HTTP-1 does: the contract
   * says nothing else about them.
   */
  readonly judgesPathVariants?: true;
  judge(subject: AuditSubject): readonly string[] | typeof NOT_APPLICABLE;
}

/**
 * The violation of a request the contract refuses for want of a valid credential that was served anyway (a 2xx):
 * what AUTH-1, AUTH-2 and AUTH-4 judge on every exchange, whichever check sent it.
 */
export function servedWithoutValidCredential({ reply, credential }: AuditSubject, outcome: string): readonly string[] {
  const status = reply.status as number;
  const without = credential === 'none' ? 'without a credential' : 'with a credential the contract refuses';
  return status >= 200 && status < 300 ? [`answered ${status} to a request ${without}: ${outcome}`] : [];
}
