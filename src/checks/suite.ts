import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Reply } from '../http/reply.js';
import { ruleById } from '../rules/catalogue.js';
import { selects } from '../rules/selection.js';
import { runsChecksOf } from './run-selection.js';
import { declareAuditTests } from './audit-tests.js';
import { listedAsCreated } from './closing/list-2.js';
import { rejectedCreatedNothing, type NoEffectRule } from './closing/no-effect.js';
import { CheckContext } from './context.js';
import { CheckWithheld, NotJudged } from './failure.js';
import { recordCheck, type CheckKind } from '../protocol/check-meta.js';
import { SETTINGS_KEY } from '../protocol/settings.js';
import { slotOf } from '../protocol/slots.js';
import { waveOf, type SuiteName } from '../protocol/suites.js';
import { checkTitle, listedName, rejectedCreatedNothingName, suiteCreator } from '../protocol/titles.js';
import { LONG_LIST } from '../rules/long-list.js';
import { Shared } from './shared.js';
import { SuiteState } from '../runtime/suite-state.js';
import { environment, type Environment } from '../runtime/environment.js';
import { runState } from '../runtime/run-state.js';
import { AuditTallies } from './audits/tallies.js';
import { WritePlanner, type WritePlan } from './write-plan.js';
import type { RuleId } from '../rules/catalogue.js';

/** A check's body: sends requests through `t` and asserts on what comes back; `R`, the rule it judges. */
export type CheckBody<R extends RuleId = RuleId> = (t: CheckContext<R>) => Promise<void>;

export interface CheckOptions {
  /**
   * Run after every check declared before it has finished, instead of alongside them; the checks declared after it
   * start once it has ended (vitest runs a suite's checks in groups, each sequential check a group of its own). The
   * closing checks (LIST-2, nothing created) are sequential so that they see everything the suite did.
   */
  readonly sequential?: boolean;
  /**
   * The most categories the check's requests may create (requests meant to create, and cases the contract leaves
   * open; not requests that must be refused: see WriteBudget); reserved from the write budget when the check is
   * declared. A check that cannot reserve them is skipped with the reason.
   */
  readonly writes?: number;
  /** Requests shared with other checks that this check judges (see Shared): their writes are reserved once, for all. */
  readonly uses?: readonly Shared<unknown>[];
  /**
   * Rules judged by checks (not by audits, which any check depends on) whose requirements this check's requests must
   * meet on the way to its own: CREATE-3 sends a valid NewCategory, so a 201 that does not show it is CREATE-1's
   * failure before it is CREATE-3's. The check asserts them with `t.expectOf(rule, …)` or skips over them with
   * `t.skipOver(rule, …)`: such a failure skips the check over the rule, and holds the skip to it (if the rule failed
   * nowhere in the run, the skip is this check's failure). Skipping over an undeclared rule is a bug the run reports.
   */
  readonly dependsOn?: readonly RuleId[];
  /** For the suite's own closing checks. */
  readonly kind?: CheckKind;
  /** The text hazards its requests carry (generators/text-hazards.ts), which its result lists once it has run. */
  readonly hazards?: readonly string[];
}

/** How long one check may take in all: its requests each have their own, shorter deadline. */
const CHECK_TIMEOUT_MS = 10 * 60 * 1000;

/** How a suite opens, where it is not as every other does. */
export interface SuiteOptions {
  /**
   * Its checks send the ids of categories the run created before it (MODEL-3): its opening list is one read once the
   * run had created a category, not the run's first (see OpeningLists).
   */
  readonly opensOnRunCategories?: boolean;
}

/** A suite file's checks, declared in order; see `suites/`. */
export interface Suite {
  /** The run's settings, the spec's operations and the services every check shares. */
  readonly env: Environment;
  /** Declares a check of one rule. Checks run concurrently unless `sequential`. */
  check<R extends RuleId>(rule: R, name: string, body: CheckBody<R>, options?: CheckOptions): void;
  /**
   * Requests several checks judge (see Shared), sent once by the first check that declares them in `uses`; `writes`
   * is the most categories they may create.
   */
  shared<T>(name: string, writes: number, send: (t: CheckContext) => Promise<T>): Shared<T>;
  /** LIST-2: every category this suite created is in the list, as its 201 showed it. */
  checkCreatedAreListed(): void;
  /**
   * LIST-2: every category the whole run created so far is in the list, as its 201 showed it, once the list holds
   * more than 256 (a shorter list is topped up first, within `--top-up`). Declared first by the suite that runs last,
   * it reads the list once the run has created the most: truncation to the newest N shows. It reads once the checks
   * at the run's end have ended (see atRunEnd).
   */
  checkRunCreationsAreListed(): void;
  /**
   * The checks `declare` declares run at the run's end, beside the whole run's LIST-2 check declared before them (see
   * RunEnd): they start once its top-up has sent its last create, and it reads the list once they have ended.
   */
  atRunEnd(declare: () => void): void;
  /** `rule`: every request this suite's checks registered with `t.expectNoEffect(rule, …)` created nothing. */
  checkRejectedCreatedNothing(rule: NoEffectRule): void;
  /** The audits (src/checks/audits/) of every exchange of this suite. Declare last. */
  audits(): void;
  /**
   * Declares that a rule does not apply to the spec in use, and why (CREATE-4 where the spec forbids properties it
   * does not define): it has no checks, and the verdict does not count it as left unjudged.
   */
  notApplicable(rule: RuleId, why: string): void;
}

/**
 * Starts a suite file: `const suite = defineSuite('auth')`, imported in the suite's describe block (suites/run.ts).
 * Each check becomes one vitest test whose task meta carries its rule, name and exchanges to the runner. A check
 * that sends nothing or asserts nothing fails.
 */
export function defineSuite(name: SuiteName, options: SuiteOptions = {}): Suite {
  // The one place the worker takes what the runner provided: everything below is handed the run's settings. A batch's
  // suite files serve the run of their slot (protocol/slots.ts), which the file being collected says.
  const testPath = expect.getState().testPath ?? '';
  const settings = inject(SETTINGS_KEY)[slotOf(testPath)];
  if (!settings) throw new Error(`no run's settings were provided for ${testPath}`);
  const env = environment(settings);
  const run = runState(settings);
  const audits = new AuditTallies(env.validators, run);
  const state = new SuiteState(name, env, run, audits, options.opensOnRunCategories);
  const names = new Set<string>();
  let declared = 0;
  // A shard declares the other shards' checks too, unrun, so that its plan of writes is the whole run's.
  const shard = state.env.settings.shard;
  const runsHere = !shard || shard.suites.includes(name);
  const writes = new WritePlanner(state.run.budget, state.env.settings.readOnly, runsHere);
  const wave = waveOf(name);
  // Under way from its first hook to its last, while a list it reads may serve others to open on (see OpeningLists);
  // beside the other suites of its wave, or after them where the target's list is large (see SuiteTurns).
  let endTurn: (() => void) | undefined;
  beforeAll(async () => {
    endTurn = await run.turns.enter();
    run.openings.started();
    run.plans.planThrough(wave);
  }, CHECK_TIMEOUT_MS);
  afterAll(() => {
    state.releaseLists();
    run.openings.ended();
    endTurn?.();
  });

  // Whether the checks being declared run at the run's end (see Suite.atRunEnd).
  let declaringAtRunEnd = false;
  const check = <R extends RuleId>(rule: R, checkName: string, body: CheckBody<R>, options: CheckOptions = {}, closesRun = false) => {
    ruleById(rule);
    // A rule --only or --skip leaves out is not declared at all: it reserves nothing and reports nothing. A check run
    // only for the exchanges of an audit --only names (see runsChecksOf) runs as in a full run, and is no result.
    if (!runsChecksOf(state.env.settings.selection, rule)) return;
    const unreported = selects(state.env.settings.selection, rule) ? {} : { unreported: true as const };
    const title = checkTitle(rule, checkName);
    if (names.has(title)) throw new Error(`duplicate check "${title}" in the ${name} suite`);
    names.add(title);
    declared++;
    const declare = !runsHere ? test.skip : options.sequential ? test.sequential : test.concurrent;
    // Reserved as its wave starts (see WavePlans). A replay runs one check: the others are filtered out and reserve
    // nothing.
    const replay = state.env.settings.replay;
    const replayed = !replay || replay.title === title;
    const atRunEnd = declaringAtRunEnd;
    if (runsHere && replayed && atRunEnd) state.end.expectCheckAtEnd();
    let plan: WritePlan = {};
    if (replayed) {
      run.plans.add(wave, () => {
        plan = writes.plan(options.writes ?? 0, options.uses ?? []);
      });
    }
    declare(title, async ({ task, skip, signal, annotate }) => {
      if (closesRun) state.end.closingCheckStarts();
      state.publishTotals(task); // from now on, with every write sent (see SuiteState.noteWrite)
      const t = new CheckContext(state, rule, checkName, (note) => skip(note) as never, {
        writes: plan.reservation, signal, notify: (text) => annotate(text, 'notice'), dependsOn: options.dependsOn,
      });
      let withheld = plan.withheld;
      let passed = false;
      try {
        if (atRunEnd) await t.awaitOthers(state.end.turn());
        if (withheld) t.skip(withheld.reason);
        await body(t);
        t.assertNotVacuous();
        passed = true;
      } catch (error) {
        t.noteFailure(error);
        if (error instanceof CheckWithheld) withheld = { why: error.why, reason: error.message };
        if (error instanceof NotJudged) {
          recordCheck(task, { ...t.meta(), ...unreported });
          skip(error.message);
        }
        throw error;
      } finally {
        // However the check ended: the checks at the run's end wait for the one that closes it, and it for them.
        if (closesRun) state.end.topUpSent();
        if (atRunEnd) state.end.checkAtEndEnded();
        t.releaseWrites();
        const sent = !withheld && options.hazards?.length ? { hazards: options.hazards } : {};
        recordCheck(task, { ...t.meta(passed), kind: options.kind ?? 'check', ...(withheld ? { withheld: withheld.why } : {}), ...sent, ...unreported });
        // After every check, not only at the suite's end: an interrupted run, or one whose --only leaves a suite no
        // audit, still reports what it created and spent.
        state.publishTotals(task);
      }
    }, CHECK_TIMEOUT_MS);
  };

  return {
    env,
    check,

    checkCreatedAreListed() {
      // The list as it stood before the suite's first check, for the growth the closing check requires.
      let opening: Reply | undefined;
      const read = () => state.lists.opening(() => new CheckContext(state, 'LIST-2', 'the list before the suite', () => {
        throw new Error('the opening list is not a check');
      }).list());
      // The first wave's suites open on the run's first list (see OpeningLists): it is the suites' first request, and
      // goes out as they are declared, while the suite files after them load, rather than as the first one starts. Not
      // in a replay, which may run no suite of the first wave, nor where no LIST-2 check of the suite's is declared.
      if (runsHere && wave === 0 && !options.opensOnRunCategories && !state.env.settings.replay && runsChecksOf(state.env.settings.selection, 'LIST-2')) {
        read().catch(() => undefined); // its failure is the beforeAll hook's, below
      }
      // As long as a check may take: vitest's default of 10 s would cut off a list read that takes --timeout.
      beforeAll(async () => {
        if (!runsHere) return;
        opening = await read();
      }, CHECK_TIMEOUT_MS);
      afterAll(() => {
        opening = undefined; // suite files stay loaded for the run: a large target's list is not kept with them
      });
      const creator = suiteCreator(name);
      check('LIST-2', listedName(creator), listedAsCreated({ creator, categories: () => [...state.ledger.created.values()], topUpTo: 0, opening: () => opening }),
        { sequential: true, kind: 'closing', dependsOn: ['CREATE-1'] });
    },

    checkRunCreationsAreListed() {
      const categories = () => [...state.run.created.values()].filter((c) => !state.run.listedElsewhere.has(c.id));
      // Not sequential, and so declared first: the checks at the run's end (see atRunEnd) go beside it.
      check('LIST-2', listedName('the whole run', `, once the list holds more than ${LONG_LIST - 1}`),
        listedAsCreated({ creator: 'the whole run', categories, topUpTo: LONG_LIST, end: state.end }),
        { kind: 'closing', dependsOn: ['CREATE-1'] }, true);
    },

    atRunEnd(declare: () => void) {
      declaringAtRunEnd = true;
      try {
        declare();
      } finally {
        declaringAtRunEnd = false;
      }
    },

    shared<T>(sharedName: string, writes: number, send: (t: CheckContext) => Promise<T>): Shared<T> {
      const shared = new Shared(sharedName, writes, send);
      state.shared.push(shared);
      return shared;
    },

    checkRejectedCreatedNothing(rule: NoEffectRule) {
      check(rule, rejectedCreatedNothingName(name), rejectedCreatedNothing(state, rule), { sequential: true, kind: 'closing' });
    },

    audits() {
      declareAuditTests(state, audits, declared, runsHere);
    },

    notApplicable(rule: RuleId, why: string) {
      if (!selects(state.env.settings.selection, rule)) return;
      (runsHere ? test.sequential : test.skip)(checkTitle(rule, `does not apply: ${why}`), ({ task }) => {
        recordCheck(task, { rule, suite: name, name: `does not apply: ${why}`, exchanges: [], exchangeCount: 0, ruleNotApplicable: why });
      });
    },
  };
}
