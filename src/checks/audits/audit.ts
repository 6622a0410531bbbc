import type { Reply } from '../../http/reply.js';
import type { Operation } from '../../spec/types.js';
import type { Validators } from '../../spec/validators.js';
import type { RunState } from '../run-state.js';

/** One exchange, with what an audit needs to judge it. */
export interface AuditSubject {
  readonly reply: Reply;
  readonly operation: Operation;
  /** Statuses a check declared acceptable beyond those the spec documents (the INFO cases). */
  readonly alsoAllowed: readonly number[];
  /** Whether the request carried the valid key in the documented form. */
  readonly sentValidKey: boolean;
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
  readonly rule: string;
  /** What it judges, for messages: "responses with a body". */
  readonly scope: string;
  /**
   * Whether it also judges paths the spec does not list (see Operation.variantOf). Only HTTP-1 does: the contract
   * says nothing else about them.
   */
  readonly judgesPathVariants?: true;
  /**
   * Whether it also judges a response that ended on a 429 (see Exchange.rateLimited). Only HTTP-1 does: such a
   * response answers the rate, not the request.
   */
  readonly judgesRateLimited?: true;
  judge(subject: AuditSubject): readonly string[] | typeof NOT_APPLICABLE;
}

/** Stores a verdict under its key and returns it: `cache.get(key) ?? remember(cache, key, judge())`. */
export function remember<K extends object, V>(cache: WeakMap<K, V>, key: K, value: V): V {
  cache.set(key, value);
  return value;
}
