import fc from 'fast-check';
import type { Exchange } from '../http/exchange.js';
import type { GeneratedMeta } from '../protocol/check-meta.js';
import type { CaseApart } from './evidence.js';
import { CasesAhead, type CaseOutcome } from './cases-ahead.js';
import { RecordedArbitrary } from './recorded-arbitrary.js';
import { CheckFailure, NotJudged, WritesExhausted } from './failure.js';
import { runProperty } from './property.js';

/** Where a generated check's cases come from: its seed and how many, or the one recorded case a replay runs. */
export interface CasesPlan {
  readonly seed: number;
  readonly numRuns: number;
  /** A replay's recorded case: fast-check's path to it from the seed. */
  readonly path?: string | undefined;
  /** Most cases under way at once (see CasesAhead); 1: each once the one before is judged. */
  readonly window: number;
}

/** What running the cases needs of the check that runs them. */
export interface CaseHooks {
  /** A case starts: the array its exchanges are gathered in (see CheckEvidence.startCase). */
  startCase(): readonly Exchange[];
  /** Runs a case ahead of its turn, its exchanges gathered apart (see CheckEvidence.runApart). */
  runApart(run: () => Promise<void>): { readonly apart: CaseApart; readonly done: Promise<void> };
  /** A case run ahead starts its turn with the exchanges it made (see CheckEvidence.takeCase). */
  takeCase(ran: CaseApart): readonly Exchange[];
  /**
   * A case run ahead whose turn never came (a case before it failed): its exchanges are the check's all the same, and
   * the writes it spent are not shrinking's to lose.
   */
  dropCase(ran: CaseApart): void;
  /** The first real failure: from now on fast-check shrinks it (the check's requests may borrow writes). */
  shrinking(): void;
  /** Skips the check (a recorded case that cannot be replayed). */
  skip(reason: string): never;
  /** The counterexample as the report may show it. */
  redact(text: string): string;
}

/** How a generated check's cases went, when they judged something. */
export interface CasesRun {
  readonly generated: GeneratedMeta;
  /** Whether a case failed: every case judged passed, or were too few to judge (see fast-check's maxSkipsPerRun). */
  readonly failed: boolean;
  /**
   * What the check throws when it failed: the failure the shrunk counterexample shows, with its seed and path; or what
   * fast-check itself reported (a generator's bug), which is the suite's own error, as a case's is: never the target's.
   */
  readonly failure?: unknown;
  /** The exchange the counterexample's failure points at. */
  readonly failedExchange?: string;
  /** The exchanges of the counterexample's case. */
  readonly counterexample?: readonly Exchange[];
}

/**
 * Runs a property on generated cases (fast-check), shrinking a failure to a minimal case. Of what a case throws, a
 * CheckFailure is the target's failure; a case that cannot be judged (NotJudged) ends the cases with it, unless a
 * failure is being shrunk, when it counts as passing; anything else is an error of the suite's own, which ends the
 * cases and is thrown as it is, never shrunk into a counterexample.
 */
export async function runCases<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, plan: CasesPlan, hooks: CaseHooks): Promise<CasesRun> {
  const { seed, numRuns, path, window } = plan;
  let lastFailingCase: readonly Exchange[] | undefined;
  let notJudged: NotJudged | undefined;
  /** An error of the suite's own in a case (not a failure of the target's): it ends the cases and is the check's. */
  let crash: unknown;
  let shrinkingCut = false;
  let judged = 0;
  let cases = 0;
  // A replay runs its one case, one by one.
  const recorded = path === undefined && window > 1 ? new RecordedArbitrary(arbitrary) : undefined;
  const ahead = recorded && new CasesAhead({
    draw: (count) => recorded.sample(seed, count),
    numRuns, window,
    start: (value: T) => {
      const { apart, done } = hooks.runApart(() => predicate(value));
      return { started: apart, done };
    },
  });
  /** Ends the cases run ahead: those whose turn never came are dropped. */
  const endAhead = async () => {
    for (const ran of await ahead?.end() ?? []) hooks.dropCase(ran);
  };
  /** The case with `value` in its turn: the one run ahead with that value, or else run now. Shrinking's run one by one. */
  const turn = async (value: T): Promise<{ exchanges: readonly Exchange[]; outcome: CaseOutcome }> => {
    const early = lastFailingCase ? undefined : ahead?.take(value);
    if (early) {
      const outcome = await early.outcome;
      return { exchanges: hooks.takeCase(early.started), outcome };
    }
    const exchanges = hooks.startCase();
    try {
      await predicate(value);
      return { exchanges, outcome: { threw: false } };
    } catch (error) {
      return { exchanges, outcome: { threw: true, error } };
    }
  };
  const outcome = await runProperty(recorded ?? arbitrary, async (value) => {
    // Once a case cannot be judged no case can: end the remaining cases and shrinking at once.
    if (notJudged) throw notJudged;
    if (crash !== undefined) throw crash;
    // A replay runs the recorded case and nothing else. fast-check goes on past a path whose case passes (with
    // filtered arbitraries, along the shrink tree): those cases pass unsent.
    if (path !== undefined && cases++ > 0) return;
    const { exchanges, outcome: ended } = await turn(value);
    if (!ended.threw) {
      judged++;
      return;
    }
    const error = ended.error;
    const precondition = fc.PreconditionFailure.isFailure(error);
    if (precondition) ahead?.reject();
    else judged++;
    // Shrinking may take what the budget has left (see Reservation.hold), and no more: a case it cannot afford
    // counts as passing, so shrinking settles on the smallest failure found so far. Before any failure this is a
    // bug in the declaration.
    if (error instanceof WritesExhausted && lastFailingCase) {
      shrinkingCut = true;
      return;
    }
    // While shrinking a real failure, a smaller case that cannot be judged (no answer in time, a 429) shows
    // nothing against the failure in hand: it counts as passing, and the counterexample stays a real one.
    if (error instanceof NotJudged && lastFailingCase) return;
    // The cases ahead are over before the cases end, or before shrinking starts: its cases borrow writes, one by one.
    if (!precondition) await endAhead();
    if (error instanceof NotJudged) notJudged = error;
    else if (!(error instanceof CheckFailure) && !precondition) crash = error;
    else if (!precondition) {
      lastFailingCase = exchanges;
      hooks.shrinking();
    }
    throw error;
  }, { seed, numRuns, ...(path !== undefined ? { path } : {}) }).catch((error: unknown) => {
    // fast-check throws, rather than report in its RunDetails, when it cannot follow a path the arbitrary does not
    // have (a report of another version of the suite): it walks the path before it runs the first case.
    if (path !== undefined && cases === 0) hooks.skip(`the recorded case could not be replayed: its path "${path}" does not fit this version's generator`);
    throw error;
  }).finally(endAhead);
  if (notJudged) throw notJudged;
  if (crash !== undefined) throw crash;
  // A replayed case that the target's data no longer allows (fc.pre rejected it) judged nothing: say so.
  if (path !== undefined && judged === 0) hooks.skip('the recorded case could not be replayed: it depends on data this target does not hold now');
  const generated: GeneratedMeta = {
    seed, numRuns,
    ...(outcome.path !== undefined ? { path: outcome.path } : {}),
    ...(outcome.counterexample !== undefined ? { counterexample: hooks.redact(outcome.counterexample) } : {}),
    ...(outcome.numShrinks !== undefined ? { numShrinks: outcome.numShrinks } : {}),
    ...(shrinkingCut ? { shrinkingCut: true as const } : {}),
  };
  if (!outcome.failed) return { generated, failed: false };
  // Shrinking ends on the minimal case, so the last failing case is the counterexample.
  const shown = { generated, failed: true, ...(lastFailingCase ? { counterexample: lastFailingCase } : {}) };
  const cause = outcome.error;
  if (!(cause instanceof CheckFailure)) return { ...shown, failure: cause };
  const shrinks = `${outcome.numShrinks} shrinks${shrinkingCut ? ', stopped at the write budget' : ''}`;
  return {
    ...shown,
    failure: new CheckFailure(`counterexample ${shortened(generated.counterexample)} (after ${shrinks}; seed ${seed}, path "${outcome.path}"): ${cause.message}`, undefined, cause.follows),
    ...(cause.reply ? { failedExchange: cause.reply.exchange.id } : {}),
  };
}

/** The longest a counterexample is in a failure's first line; the report's `generated.counterexample` has it whole. */
const SHOWN_COUNTEREXAMPLE = 100;

/** A counterexample as a failure's first line shows it: cut short, so that the line reaches what failed. */
function shortened(counterexample: string | undefined): string {
  const text = String(counterexample);
  return text.length > SHOWN_COUNTEREXAMPLE ? `${text.slice(0, SHOWN_COUNTEREXAMPLE - 1)}…` : text;
}
