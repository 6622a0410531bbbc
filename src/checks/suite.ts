import { afterAll, beforeAll, test } from 'vitest';
import type { Reply } from '../http/reply.js';
import { ruleById } from '../rules/catalogue.js';
import { selects } from '../rules/selection.js';
import { declareAuditTests } from './audits/tests.js';
import type { CreatedCategory } from './category.js';
import { listedAsCreated } from './closing/list-2.js';
import { rejectedCreatedNothing } from './closing/no-effect.js';
import { CheckContext } from './context.js';
import { NotJudged, PrerequisiteMissing } from './failure.js';
import type { CheckKind, Withheld } from './meta.js';
import { SuiteState } from './suite-state.js';

/** A check's body: sends requests through `t` and asserts on what comes back. */
export type CheckBody = (t: CheckContext) => Promise<void>;

export interface CheckOptions {
  /**
   * Run after every check declared before it has finished, instead of alongside them. The closing checks
   * (LIST-2, nothing created) are sequential so that they see everything the suite did.
   */
  readonly sequential?: boolean;
  /**
   * The most requests that could create (every request but a GET) the check sends; reserved from the write
   * budget when the check is declared. A check that cannot reserve them is skipped with the reason.
   */
  readonly writes?: number;
  /** For the suite's own closing checks. */
  readonly kind?: CheckKind;
}

/** How long one check may take in all: its requests each have their own, shorter deadline. */
const CHECK_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * The list sizes past which paging, truncation and narrow id columns commonly give way (a page of 25, 50 or 100;
 * an id that outgrows a byte): the run creates past the largest the write budget reaches.
 */
const SCALE = [256, 100, 50, 25];

/** A suite file's checks, declared in order; see `suites/`. */
export interface Suite {
  /** Declares a check of one rule. Checks run concurrently unless `sequential`. */
  check(rule: string, name: string, body: CheckBody, options?: CheckOptions): void;
  /** LIST-2: every category this suite created is in the list, as its 201 showed it. */
  checkCreatedAreListed(): void;
  /**
   * LIST-2: every category the whole run created so far is in the list, as its 201 showed it. Declared by the
   * suite that runs last, it reads the list once the run has created the most: truncation to the newest N shows.
   */
  checkRunCreationsAreListed(): void;
  /** `rule`: every request this suite's checks registered with `t.expectNoEffect(rule, …)` created nothing. */
  checkRejectedCreatedNothing(rule: string): void;
  /** The audits (src/checks/audits/) of every exchange of this suite. Declare last. */
  audits(): void;
}

/**
 * Starts a suite file: `const suite = defineSuite('auth')`. Each check becomes one vitest test whose task
 * meta carries its rule, name and exchanges to the runner. A check that sends nothing or asserts nothing fails.
 */
export function defineSuite(name: string): Suite {
  const state = new SuiteState(name);
  const names = new Set<string>();
  let declared = 0;
  afterAll(() => state.releaseLists());

  const check = (rule: string, checkName: string, body: CheckBody, options: CheckOptions = {}) => {
    ruleById(rule);
    // A rule --only or --skip leaves out is not declared at all: it reserves nothing and reports nothing.
    if (!selects(state.env.settings.selection, rule)) return;
    const title = `${rule} ${checkName}`;
    if (names.has(title)) throw new Error(`duplicate check "${title}" in the ${name} suite`);
    names.add(title);
    declared++;
    const declare = options.sequential ? test : test.concurrent;
    // Reserved now, as the file is collected: files are collected in their fixed order, so the plan is too. A
    // replay runs one check: the others are filtered out and reserve nothing.
    const replay = state.env.settings.replay;
    const writes = replay && replay.title !== title ? 0 : options.writes ?? 0;
    const readOnly = state.env.settings.readOnly;
    const reservation = writes > 0 && !readOnly ? state.run.budget.reserve(writes) : undefined;
    const notRun: { why: Withheld; reason: string } | undefined = writes === 0 || reservation ? undefined
      : readOnly ? { why: 'read-only', reason: `this check would create categories, and the run is read-only: ${readOnly}` }
      : { why: 'budget', reason: `needs ${writes} write${writes === 1 ? '' : 's'}, but ${state.run.budget.available} of the write budget of ${state.run.budget.limit} are left (--max-writes)` };
    declare(title, async ({ task, skip, signal }) => {
      const t = new CheckContext(state, rule, checkName, (note) => skip(note) as never, reservation, signal);
      let withheld = notRun;
      try {
        if (withheld) t.skip(withheld.reason);
        await body(t);
        t.assertNotVacuous();
      } catch (error) {
        t.noteFailure(error);
        if (error instanceof NotJudged) withheld = { why: error.why, reason: error.message };
        if (error instanceof PrerequisiteMissing || error instanceof NotJudged) {
          task.meta.check = t.meta();
          skip(error.message);
        }
        throw error;
      } finally {
        reservation?.release();
        state.checkEnded();
        task.meta.check = { ...t.meta(), kind: options.kind ?? 'check', ...(withheld ? { withheld: withheld.why } : {}) };
        task.file.meta.requests = state.requestCount;
        task.file.meta.waitingOnTargetMs = state.env.client.waitingOnTargetMs;
        task.file.meta.firstRequestAt = state.env.client.firstRequestAt;
        task.file.meta.bytesReceived = state.env.client.bytesReceived;
      }
    }, CHECK_TIMEOUT_MS);
  };

  /** LIST-2's closing check over a set of created categories (see closing/list-2.ts). */
  const checkListed = (creator: string, categories: () => CreatedCategory[], topUp = 0, when = '', opening?: () => Reply | undefined) => {
    check('LIST-2', `every category ${creator} created is listed as its 201 showed it${when}`,
      listedAsCreated({ creator, categories, topUp, ...(opening ? { opening } : {}) }), { sequential: true, writes: topUp, kind: 'closing' });
  };

  return {
    check,

    checkCreatedAreListed() {
      // The list as it stood before the suite's first check, for the growth the closing check requires.
      let opening: Reply | undefined;
      // As long as a check may take: vitest's default of 10 s would cut off a list read that takes --timeout.
      beforeAll(async () => {
        opening = await state.openingList(() => new CheckContext(state, 'LIST-2', 'the list before the suite', () => {
          throw new Error('the opening list is not a check');
        }).list());
      }, CHECK_TIMEOUT_MS);
      afterAll(() => {
        opening = undefined; // suite files stay loaded for the run: a large target's list is not kept with them
      });
      checkListed(`the ${name} suite`, () => [...state.ledger.created.values()], 0, '', () => opening);
    },

    checkRunCreationsAreListed() {
      // The most the budget reaches of more than 256, 100, 50 or 25 categories, counting what the run already created.
      const created = state.run.created.size;
      const target = SCALE.map((n) => n + 1).find((n) => n - created <= state.run.budget.available) ?? 0;
      checkListed('the whole run', () => [...state.run.created.values()], Math.max(0, target - created),
        `, once it created more than ${SCALE[0]} (or ${SCALE.slice(1).join(' or ')}, as the write budget allows)`);
    },

    checkRejectedCreatedNothing(rule: string) {
      check(rule, `requests the ${name} suite saw rejected created nothing`, rejectedCreatedNothing(state, rule), { sequential: true, kind: 'closing' });
    },

    audits() {
      declareAuditTests(state, declared);
    },
  };
}
