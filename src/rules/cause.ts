import type { RuleId } from './catalogue.js';

/**
 * The failure another failure follows from: the rule that reports it, and why this one follows (an id a category took
 * that a request which had to be refused created; a status the contract does not document, which HTTP-1 reports, to a
 * valid create). A failure that names a cause is a failure of its own rule all the same, and the reports count it under
 * its cause: "3 causes, 39 failures".
 */
export interface Cause {
  readonly rule: RuleId;
  /** Why, in words that name the exchange: "auth-61 had to be refused for want of a valid credential and was served". */
  readonly why: string;
}

/**
 * The rule that reports an answer wherever it comes, whatever check sent the request (see ExchangeAudit.ownsAnswer):
 * a check of another rule that meets the answer skips over it, and an audit of another rule leaves it to the owner
 * (see ExchangeAudit.documentedOnly), or names it as the cause of what it finds of it.
 */
export interface Owner extends Cause {
  /**
   * The rule whose own checks the answer fails as well, naming the owner as their cause instead of skipping over it:
   * CREATE-1 for a status HTTP-1 owns that answered a valid create (it promises a 201), LIST-1 for one that answered
   * the list (it promises a 200).
   */
  readonly coOwner?: RuleId;
}

/** " (follows from AUTH-2: auth-61 had to be refused …)": what a message about a failure that follows adds. */
export function followsText(cause: Cause): string {
  return ` (follows from ${cause.rule}: ${cause.why})`;
}
