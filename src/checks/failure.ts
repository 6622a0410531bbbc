import { escapeRegExp } from '../core/regexp.js';
import type { Reply } from '../http/reply.js';
import type { Withheld } from '../protocol/check-meta.js';
import type { RuleId } from '../rules/catalogue.js';

/** A rule was broken (or could not be shown to hold): the check fails with this message. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';

  constructor(
    message: string,
    /** The exchange that shows the failure, when one does. */
    readonly reply?: Reply,
  ) {
    super(naming(message, reply));
  }
}

/**
 * A message with the exchange that shows it (`… — POST /v1/categories → 401 (auth-12)`), unless it names that exchange
 * already (`… → 403 (auth-8)`, `… in auth-8`): `→ 403 (auth-8) — GET /v1/categories → 403 (auth-8)` said it twice.
 */
export function naming(message: string, reply?: Pick<Reply, 'label' | 'exchange'>): string {
  if (!reply) return message;
  const named = new RegExp(`(?<![\\w.-])${escapeRegExp(reply.exchange.id)}(?![\\w-])`).test(message);
  return named ? message : `${message} — ${reply.label}`;
}

/**
 * A check tried to send more writes than it reserved. A bug in the check (it declares fewer writes than it
 * makes), except while a generated check shrinks a failure: shrinking stops there.
 */
export class WritesExhausted extends Error {
  override readonly name = 'WritesExhausted';
}

/**
 * A check cannot judge its rule for a reason that is not another rule's (see Withheld): the target asked it to slow
 * down (429) for longer than the suite waits, the run may not create what the check needs (read-only, the top-up
 * allowance), or the target created on too many requests it had to refuse. Skipped and withheld, so the verdict is
 * partial, never conformant (unless a MUST failure makes it non-conformant).
 */
export class NotJudged extends Error {
  override readonly name = 'NotJudged';

  constructor(
    readonly why: Withheld,
    reason: string,
  ) {
    super(`cannot be judged: ${reason}`);
  }
}

/**
 * A check cannot judge its own rule because of a problem that another rule reports (a body that is not JSON:
 * MEDIA-1; a list that is not an array: LIST-1; a refused valid key: AUTH-3; a Category without an integer id:
 * MODEL-1). The check is skipped with the reason, never passed, so that the report points at the cause instead
 * of its echoes. The runner holds the owner to it: a skip whose owner did not fail becomes a failure.
 */
export class PrerequisiteMissing extends Error {
  override readonly name = 'PrerequisiteMissing';

  constructor(
    /** The rule that reports the problem. */
    readonly owner: RuleId,
    /** What is missing, without the owner. */
    readonly reason: string,
  ) {
    super(`cannot be judged: ${reason} (${owner} reports it)`);
  }
}
