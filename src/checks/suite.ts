import { beforeAll, test } from 'vitest';
import { ruleById } from '../rules/catalogue.js';
import { selects } from '../rules/selection.js';
import { AUDITS } from './audits/index.js';
import { sameContent, showContent, type SeenCategory } from './category.js';
import type { CreatedCategory } from './ledger.js';
import { readListed } from './listing.js';
import { expectNewCategory } from './expectations.js';
import { CheckContext } from './context.js';
import { CheckFailure, NotJudged, PrerequisiteMissing } from './failure.js';
import type { Reply } from '../http/reply.js';
import type { CheckKind, CreatedRecord, Withheld } from './meta.js';
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

/** Top-up creates sent at once. */
const TOP_UP_AT_ONCE = 10;

/** How many problems a closing check's message lists. */
const LISTED_PROBLEMS = 5;

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
        task.meta.check = { ...t.meta(), kind: options.kind ?? 'check', ...(withheld ? { withheld: withheld.why } : {}) };
        task.file.meta.requests = state.requestCount;
        task.file.meta.waitingOnTargetMs = state.env.client.waitingOnTargetMs;
      }
    }, CHECK_TIMEOUT_MS);
  };

  /**
   * LIST-2 over a set of created categories: each in the list with the content its 201 showed, and the list longer
   * by at least as many as were created since `before` was read (a list cut to its newest N, on a target that
   * already holds N, shows no missing category of the run's, but does not grow). With a top-up, the check first
   * creates that many more, reading the list before it does.
   */
  const checkListed = (creator: string, categories: () => CreatedCategory[], topUp = 0, when = '', opening?: () => Reply | undefined) => {
    check('LIST-2', `every category ${creator} created is listed as its 201 showed it${when}`, async (t) => {
      const openingReply = opening?.();
      const before = topUp > 0 ? await readListed(t, await t.openingList()) : openingReply ? await readListed(t, openingReply) : undefined;
      for (let made = 0; made < topUp; made += TOP_UP_AT_ONCE) {
        const batch = Array.from({ length: Math.min(TOP_UP_AT_ONCE, topUp - made) }, () => t.create({ name: t.marker('many') }));
        for (const reply of await Promise.all(batch)) expectNewCategory(t, reply);
      }
      const created = categories();
      if (created.length === 0) t.skip(`${creator} created no category`);
      const after = await readListed(t, await t.closingList());
      if (before) {
        const grew = after.categories.length - before.categories.length;
        const made = topUp > 0 ? topUp : created.length;
        t.expect(grew >= made, `the list grew by ${grew} while ${made} categories were created: it is truncated or paged`, after.reply);
      }
      const byId = after.withIds(new Set(created.map((c) => c.id)));
      const problems: string[] = [];
      for (const category of created) {
        const matches = byId.get(category.id) ?? [];
        if (matches.length === 0) problems.push(`category ${category.id} ${showContent(category)} (created in ${category.exchange}) is missing`);
        else if (!matches.some((m) => sameContent(m, category))) {
          problems.push(`category ${category.id} is listed as ${showContent(matches[0] as SeenCategory)}, but its 201 (${category.exchange}) showed ${showContent(category)}`);
        }
      }
      t.expect(problems.length === 0, summarize(problems, `of ${created.length} created categories`));
    }, { sequential: true, writes: topUp, kind: 'closing' });
  };

  return {
    check,

    checkCreatedAreListed() {
      // The list as it stood before the suite's first check, for the growth the closing check requires.
      let opening: Reply | undefined;
      beforeAll(async () => {
        opening = await state.openingList(() => new CheckContext(state, 'LIST-2', 'the list before the suite', () => {
          throw new Error('the opening list is not a check');
        }).list());
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
      check(rule, `requests the ${name} suite saw rejected created nothing`, async (t) => {
        const rejected = state.ledger.rejected.filter((r) => r.rule === rule);
        if (rejected.length === 0) t.skip(`no request of the ${name} suite was rejected`);
        // Only categories carrying this suite's markers can be the effect of its requests: one pass over a list of
        // thousands, then a search among a few.
        const ours = (await readListed(t, await t.closingList())).categories.filter((c) => carries(c, state.markerPrefix));
        const problems: string[] = [];
        for (const request of rejected) {
          const effect = ours.find((c) => carries(c, request.marker));
          if (effect) state.ledger.createdDespiteRefusal.push({ category: effect, exchange: request.exchange });
          if (effect) problems.push(`the rejected request ${request.exchange} created category ${effect.id ?? '(no id)'} ${showContent(effect)}`);
        }
        t.expect(problems.length === 0, summarize(problems, `of ${rejected.length} rejected requests`));
      }, { sequential: true, kind: 'closing' });
    },

    audits() {
      const audits = AUDITS.filter((a) => selects(state.env.settings.selection, a.rule));
      // vitest refuses a file without tests: when --only leaves this suite nothing, it gets one that is no check.
      if (declared === 0 && audits.length === 0) {
        test(`no rule of the ${name} suite is selected`, ({ task, skip }) => {
          task.meta.check = { rule: 'HTTP-1', suite: name, name: 'none selected', exchanges: [], exchangeCount: 0, notApplicable: 'no selected rule' };
          skip('no selected rule');
        });
      }
      for (const audit of audits) {
        test(`${audit.rule} all ${audit.scope} of the ${name} suite`, ({ task, skip }) => {
          // The last tests of a file: what the file created and spent goes to the runner with them.
          task.file.meta.created = createdRecords(state);
          task.file.meta.writesUsed = state.run.budget.used;
          const tally = state.tallies.get(audit.rule);
          const base = { rule: audit.rule, suite: name, name: `all ${audit.scope} of the ${name} suite`, kind: 'audit' as const };
          if (!tally || tally.judged === 0) {
            const reason = `no ${audit.scope} in the ${name} suite`;
            task.meta.check = { ...base, exchanges: [], exchangeCount: 0, notApplicable: reason };
            skip(reason);
            return;
          }
          const first = tally.shown[0];
          task.meta.check = {
            ...base,
            exchanges: tally.violations > 0 ? tally.shown.map((v) => v.exchange) : tally.sample,
            exchangeCount: tally.judged,
            ...(first ? { failedExchange: first.exchange.id } : {}),
          };
          if (tally.violations > 0) {
            const problems = tally.shown.map((v) => `${v.exchange.request.method} ${new URL(v.exchange.request.url).pathname} (${v.exchange.id}): ${v.message}`);
            throw new CheckFailure(summarize(problems, `of ${tally.judged} ${audit.scope}`, tally.violations));
          }
        });
      }
    },
  };
}

/** What the suite created, for report.json: 201s with their ids, and categories created despite a refusal. */
function createdRecords(state: SuiteState): CreatedRecord[] {
  return [
    ...[...state.ledger.created.values()].map((c) => ({ id: String(c.id), name: c.name, exchange: c.exchange })),
    ...state.ledger.createdDespiteRefusal.map(({ category, exchange }) => ({
      id: category.id === undefined ? null : String(category.id), name: category.name, exchange, despiteRefusal: true as const,
    })),
  ];
}

function carries(category: SeenCategory, marker: string): boolean {
  return [category.name, category.description].some((v) => typeof v === 'string' && v.includes(marker));
}

/** "2 of 30 created categories: first; second" with at most a few problems spelled out. */
function summarize(problems: readonly string[], outOf: string, count = problems.length): string {
  if (count === 0) return '';
  const shown = problems.slice(0, LISTED_PROBLEMS).join('; ');
  const more = count > LISTED_PROBLEMS ? `; … ${count - LISTED_PROBLEMS} more` : '';
  return `${count} ${outOf}: ${shown}${more}`;
}
