import type fc from 'fast-check';
import type { CheckMeta, GeneratedMeta } from '../protocol/check-meta.js';
import type { RuleId } from '../rules/catalogue.js';
import { CheckJudging } from './judging.js';
import { checkSeed } from './property.js';
import { runCases, type CasesRun } from './property-runner.js';
import { CASE_TERMS, EXAMPLE_TERMS, SHRINKING_TERMS } from './sending.js';
import type { Shared } from './shared.js';

export type { SendOptions } from './sending.js';
export type { CheckExtras } from './judging.js';

/**
 * The most cases of one property under way at once. The generated suites run seven properties side by side: 56 cases,
 * more than any profile has requests in flight.
 */
const MOST_CASES_AT_ONCE = 8;

/**
 * What a check works with, one job a layer: sending requests, each recorded, audited and paid for from the check's
 * writes (sending.ts, CheckRequests); judging what comes back, with assertions that say which exchange broke the rule
 * and skips over what another rule reports (judging.ts, CheckJudging); and, here, generated properties
 * (property-runner.ts), requests shared with other checks, and what the check reports of itself (its evidence:
 * evidence.ts). `R` is the rule the check judges: a helper that judges a rule for its checks takes a context of that
 * rule, so that a search for the rule's id finds it.
 */
export class CheckContext<R extends RuleId = RuleId> extends CheckJudging<R> {
  private generated?: GeneratedMeta;

  /**
   * Checks a property on generated cases (fast-check), shrinking a failure to a minimal case. The case's seed
   * and path go into the report; the run's `--seed` reproduces it.
   */
  async property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns = this.env.settings.numRuns): Promise<void> {
    const { replay, seed: runSeed } = this.env.settings;
    const replayed = replay?.title === this.title ? replay : undefined;
    const seed = replayed?.checkSeed ?? checkSeed(runSeed, this.title);
    this.terms = CASE_TERMS;
    let run: CasesRun | undefined;
    try {
      // Against a target given by URL whose answers take long (see AnswerTimes), as many cases at once as the run may
      // have requests in flight (the pacer holds the run to that), up to MOST_CASES_AT_ONCE. Where the target answers
      // at once, cases ahead only hold more in memory at once and make more work at once for the run's one thread; and
      // the bundled reference's cases go one by one whatever the machine's load.
      const { targetKind, concurrency } = this.env.settings;
      const window = targetKind === 'url' && this.env.client.answersAreSlow ? Math.min(MOST_CASES_AT_ONCE, concurrency) : 1;
      run = await runCases(arbitrary, predicate, { seed, numRuns, path: replayed?.path, window }, {
        startCase: () => this.evidence.startCase(),
        runApart: (runCase) => this.evidence.runApart(runCase),
        takeCase: (ran) => this.evidence.takeCase(ran),
        dropCase: (ran) => {
          this.evidence.takeCase(ran);
          this.forgive(ran.writes);
        },
        shrinking: () => {
          this.terms = SHRINKING_TERMS;
        },
        skip: (reason) => this.skip(reason),
        redact: (text) => this.env.redactor.redact(text),
      });
    } finally {
      this.terms = EXAMPLE_TERMS;
      this.evidence.endCases(run?.counterexample);
    }
    this.generated = run.generated;
    if (!run.failed) return;
    if (run.failedExchange) this.evidence.pointAt(run.failedExchange);
    throw run.failure;
  }

  /**
   * The outcome of requests several checks judge (see Shared): sent on the first call, by a context of their own
   * that spends their reservation. Keep what this check judges of them with {@link shows}.
   */
  use<T>(shared: Shared<T>): Promise<T> {
    return shared.get((reservation) => new CheckContext(this.suite, this.rule, shared.name, (note) => {
      throw new Error(`shared requests cannot be skipped: ${note}`);
    }, { writes: reservation, signal: this.signal }));
  }

  /** What the check reports of itself; `passed`: it passed, and keeps less evidence (see evidence.ts). */
  meta(passed = false): CheckMeta {
    const failed = this.evidence.failedExchange;
    return {
      rule: this.rule,
      suite: this.suite.name,
      name: this.name,
      exchanges: this.evidence.kept(passed),
      exchangeCount: this.evidence.count,
      ...(this.spentWrites > 0 ? { writes: this.spentWrites } : {}),
      ...(failed ? { failedExchange: failed } : {}),
      ...(this.evidence.count > 0 ? { traceId: this.traceId } : {}),
      ...this.judged(),
      ...(this.generated ? { generated: this.generated } : {}),
    };
  }
}
