import type { Reply } from '../http/reply.js';

/** A rule was broken (or could not be shown to hold): the check fails with this message. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';

  constructor(
    message: string,
    /** The exchange that shows the failure, when one does. */
    readonly reply?: Reply,
  ) {
    super(reply ? `${message} — ${reply.label}` : message);
  }
}

/**
 * A check cannot judge its own rule because of a problem that another rule's audit reports on every exchange
 * (a body that is not JSON: MEDIA-1; a list that is not an array: LIST-1; a refused valid key: AUTH-3; a
 * Category without an integer id: MODEL-1). The check is skipped with the reason, never passed, and the
 * verdict still fails through the owning audit: the report points at the cause instead of its echoes.
 */
export class PrerequisiteMissing extends Error {
  override readonly name = 'PrerequisiteMissing';
}
