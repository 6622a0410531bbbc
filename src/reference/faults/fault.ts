import type { Behaviour } from '../behaviour.js';
import type { RuleId } from '../../rules/catalogue.js';

/** A bug the reference can be switched into, to prove the suite catches it. */
export interface Fault {
  /** Stable id, used with `--fault` and in the selftest matrix. */
  readonly id: string;
  /** The rule whose checks must fail when this fault is on. */
  readonly rule: RuleId;
  /**
   * Other rules the bug breaks in its own right (a crash is HTTP-1's too, a POST taken without a valid credential
   * created a category: AUTH-4). Any other rule failing is an echo blamed on the wrong rule, which selftest reports.
   */
  readonly also: readonly RuleId[];
  /** The bug as it happens in real servers. */
  readonly story: string;
  /** The behaviour steps it replaces; `base` is the behaviour without it, to delegate to. */
  readonly patch: (base: Behaviour) => Partial<Behaviour>;
}

/** Declares a fault; `also` lists the other rules it breaks in its own right (see Fault.also). */
export const fault = (id: string, rule: RuleId, story: string, patch: Fault['patch'], also: readonly RuleId[] = []): Fault => ({ id, rule, story, patch, also });
