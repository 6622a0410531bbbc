import type { CredentialSent } from '../../http/credential.js';
import type { Reply } from '../../http/reply.js';
import type { Operation } from '../../spec/types.js';
import type { Validators } from '../../spec/validators.js';
import type { RunState } from '../../runtime/run-state.js';
import type { Cause, Owner } from '../../rules/cause.js';
import type { RuleId } from '../../rules/catalogue.js';
import type { RefusalKind } from '../../runtime/write-budget.js';

/** One exchange, with what an audit needs to judge it. */
export interface AuditSubject {
  readonly reply: Reply;
  readonly operation: Operation;
  /** Statuses a check declared acceptable beyond those the spec documents (the INFO cases). */
  readonly alsoAllowed: readonly number[];
  readonly credential: CredentialSent;
  /** Why the contract says the request must be refused, when it does (see SendOptions.mustBeRefused). */
  readonly refusal?: RefusalKind | undefined;
  readonly validators: Validators;
  readonly run: RunState;
}

/** An exchange as the audits judge it: with the rule that owns its answer, when one does (see ownerOf). */
export interface JudgedSubject extends AuditSubject {
  readonly owner?: Owner | undefined;
}

/**
 * What a check read of an answer that keeps it from judging what it meant to: a body that is not JSON, a list that is
 * not one (not a 200, or not a JSON array). The audit that owns it (see {@link ExchangeAudit.owns}) reports it on
 * every exchange; a check of another rule skips over it. (An answer as a whole, its status or no complete response,
 * is owned by {@link ExchangeAudit.ownsAnswer}.)
 */
export type Unexpected =
  | { readonly kind: 'not JSON'; readonly reply: Reply; readonly error: string }
  | { readonly kind: 'not a list'; readonly reply: Reply; readonly problem: string };

/** Does not apply to this exchange. */
export const NOT_APPLICABLE = Symbol('not applicable');

/**
 * Violations that follow from another rule's failure (see Cause): found of a category a request that had to be refused
 * created, or of an answer another rule owns. They fail the audit all the same, and name their cause.
 */
export interface Followed {
  readonly violations: readonly string[];
  readonly cause: Cause;
}

/** What an audit finds of one exchange: its violations (empty: kept), violations that follow, or {@link NOT_APPLICABLE}. */
export type Finding = readonly string[] | Followed | typeof NOT_APPLICABLE;

/**
 * A rule judged on every exchange of a suite, as each arrives: the rules that say "every response".
 * `judge` returns what it found (see {@link Finding}).
 */
export interface ExchangeAudit {
  readonly rule: RuleId;
  /** What it judges, for messages: "responses with a body". */
  readonly scope: string;
  /**
   * The checks that send what it judges, where its rule has no checks of its own that do: those of every rule (`'every
   * rule'`), or of these. `--only` of its rule runs them too, unreported, so that the audit judges a run's worth of
   * exchanges (see runsChecksOf); absent, its rule's own checks send them.
   */
  readonly judgesChecksOf?: 'every rule' | readonly RuleId[];
  /**
   * Whether it also judges paths the spec does not list (see Operation.variantOf). Only HTTP-1 does: the contract
   * says nothing else about them.
   */
  readonly judgesPathVariants?: true;
  /**
   * Whether it judges only answers the contract documents: an answer HTTP-1 owns (a server error, a redirect, a
   * status the spec and the contract do not document for the operation) is HTTP-1's alone, and what its body is
   * (the framework's plain-text 500 page, FastAPI's 422 list) is not judged against a contract that shows none.
   */
  readonly documentedOnly?: true;
  judge(subject: JudgedSubject): Finding;
  /**
   * The answers, as a whole, this audit reports wherever they come (see Owner): the reason, naming the exchange, or
   * undefined for an answer it does not own. The first audit (in AUDITS' order) that owns an answer is its owner:
   * a check of another rule that meets it skips over it (see SkippedOver) rather than echo the problem, perhaps at a
   * lower level, and the other audits leave it alone or name it as their violations' cause.
   */
  ownsAnswer?(subject: AuditSubject): string | undefined;
  /** What of an answer a check reads (see {@link Unexpected}) this audit reports wherever it comes, as `ownsAnswer`. */
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
 * a valid credential).
 */
export function servedAnswer({ reply, credential }: AuditSubject, carried: CredentialSent): string | undefined {
  const status = reply.status;
  if (credential !== carried || status === undefined || status < 200 || status >= 300) return undefined;
  return `${reply.exchange.id} was answered ${status} without a valid credential`;
}
