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

/**
 * An answer that keeps a check from judging what it meant to, as the check meets it: no complete response, a status
 * it did not expect, a body that is not JSON, a list that is not one (not a 200, or not a JSON array). The audit that
 * owns it (see {@link ExchangeAudit.owns}) reports it on every exchange; a check of another rule skips over it.
 */
export type Unexpected =
  | { readonly kind: 'no response'; readonly reply: Reply }
  | { readonly kind: 'status'; readonly reply: Reply; readonly status: number; readonly credential: CredentialSent | undefined }
  | { readonly kind: 'not JSON'; readonly reply: Reply; readonly error: string }
  | { readonly kind: 'not a list'; readonly reply: Reply; readonly problem: string };

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
  /**
   * The answers this audit reports wherever they come, so that a check of another rule that meets one skips over this
   * rule (see SkippedOver) rather than echo the problem, perhaps at a lower level: the reason, or undefined for an
   * answer it does not own.
   */
  owns?(answer: Unexpected): string | undefined;
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

/**
 * What AUTH-1's and AUTH-2's audits own: a request that carried this credential answered with a 2xx (served without
 * a valid credential), met by a check that expected another status.
 */
export function servedAnswer(answer: Unexpected, credential: CredentialSent): string | undefined {
  if (answer.kind !== 'status' || answer.credential !== credential || answer.status < 200 || answer.status >= 300) return undefined;
  return `${answer.reply.exchange.id} was answered ${answer.status} without a valid credential`;
}
