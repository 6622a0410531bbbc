import type { Behaviour } from '../behaviour.js';

/** A bug the reference can be switched into, to prove the suite catches it. */
export interface Fault {
  /** Stable id, used with `--fault` and in the selftest matrix. */
  readonly id: string;
  /** The rule whose checks must fail when this fault is on. */
  readonly rule: string;
  /** The bug as it happens in real servers. */
  readonly story: string;
  /** The behaviour steps it replaces; `base` is the behaviour without it, to delegate to. */
  readonly patch: (base: Behaviour) => Partial<Behaviour>;
}

/** Declares a fault. */
export const fault = (id: string, rule: string, story: string, patch: Fault['patch']): Fault => ({ id, rule, story, patch });
