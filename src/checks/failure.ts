import { appendToFirstLine } from '../core/first-line.js';
import { escapeRegExp } from '../core/regexp.js';
import type { Reply } from '../http/reply.js';
import type { Withheld } from '../protocol/check-meta.js';
import type { Cause } from '../rules/cause.js';
import type { RuleId } from '../rules/catalogue.js';

/** A rule was broken (or could not be shown to hold): the check fails with this message. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';

  constructor(
    message: string,
    /** The exchange that shows the failure, when one does. */
    readonly reply?: Reply,
    /** The other rule's failure this one follows from, when it does (see Cause): the result names it. */
    readonly follows?: Cause,
  ) {
    super(appendToFirstLine(message, namingSuffix(message, reply)));
  }
}

/**
 * A message with the exchange that shows it (`… — POST /v1/categories → 401 (auth-12)`), unless it names that exchange
 * already (`… → 403 (auth-8)`, `… in auth-8`): `→ 403 (auth-8) — GET /v1/categories → 403 (auth-8)` said it twice.
 */
export function naming(message: string, reply?: Pick<Reply, 'label' | 'exchange'>): string {
  return message + namingSuffix(message, reply);
}

/** What {@link naming} adds to a message: ` — <the exchange>`, or nothing. */
function namingSuffix(message: string, reply?: Pick<Reply, 'label' | 'exchange'>): string {
  if (!reply) return '';
  const named = new RegExp(`(?<![\\w.-])${escapeRegExp(reply.exchange.id)}(?![\\w-])`).test(message);
  return named ? '' : ` — ${reply.label}`;
}

/**
 * A check tried to send more writes than it reserved. A bug in the check (it declares fewer writes than it
 * makes), except while a generated check shrinks a failure: shrinking stops there.
 */
export class WritesExhausted extends Error {
  override readonly name = 'WritesExhausted';
}

/**
 * A check that ends without judging its rule: skipped, never passed. Of two kinds, by whose the reason is: no rule's
 * ({@link CheckWithheld}), or another rule's, which reports the problem ({@link SkippedOver}). Messages say "cannot be
 * judged".
 */
export abstract class NotJudged extends Error {}

/**
 * Not judged for a reason that is no rule's (see Withheld): the target asked the check to slow down (429) for longer
 * than the suite waits, the run may not create what the check needs (read-only, the top-up allowance), or the target
 * created on too many requests it had to refuse. Withheld, so the verdict is partial, never conformant (unless a MUST
 * failure makes it non-conformant).
 */
export class CheckWithheld extends NotJudged {
  override readonly name = 'CheckWithheld';

  constructor(
    readonly why: Withheld,
    reason: string,
  ) {
    super(`cannot be judged: ${reason}`);
  }
}

/**
 * Not judged because of a problem that another rule reports (a body that is not JSON: MEDIA-1; a list that is not an
 * array: LIST-1; a refused valid key: AUTH-3; a Category without an integer id: MODEL-1): the check depends on that
 * rule. It is skipped with the reason, so that the report points at the cause instead of its echoes, and the run holds
 * the skip to the rule it depends on: a skip whose rule did not fail becomes a failure (see results/verdict.ts).
 */
export class SkippedOver extends NotJudged {
  override readonly name = 'SkippedOver';

  constructor(
    /** The rule that reports the problem. */
    readonly dependsOn: RuleId,
    /** What is wrong, without the rule. */
    readonly reason: string,
  ) {
    super(`cannot be judged: ${reason} (${dependsOn} reports it)`);
  }
}
