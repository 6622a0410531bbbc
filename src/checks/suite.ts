import { test } from 'vitest';
import { ruleById } from '../rules/catalogue.js';
import { AUDITS } from './audits/index.js';
import { readCategory, sameContent, showContent, type SeenCategory } from './category.js';
import type { CreatedCategory } from './ledger.js';
import { CheckContext } from './context.js';
import { CheckFailure, PrerequisiteMissing } from './failure.js';
import { SuiteState } from './suite-state.js';

/** A check's body: sends requests through `t` and asserts on what comes back. */
export type CheckBody = (t: CheckContext) => Promise<void>;

export interface CheckOptions {
  /**
   * Run after every check declared before it has finished, instead of alongside them. The closing checks
   * (LIST-2, nothing created) are sequential so that they see everything the suite did.
   */
  readonly sequential?: boolean;
}

/** How long one check may take in all: its requests each have their own, shorter deadline. */
const CHECK_TIMEOUT_MS = 10 * 60 * 1000;

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

  const check = (rule: string, checkName: string, body: CheckBody, options: CheckOptions = {}) => {
    ruleById(rule);
    const title = `${rule} ${checkName}`;
    if (names.has(title)) throw new Error(`duplicate check "${title}" in the ${name} suite`);
    names.add(title);
    const declare = options.sequential ? test : test.concurrent;
    declare(title, async ({ task, skip }) => {
      const t = new CheckContext(state, rule, checkName, (note) => skip(note) as never);
      try {
        await body(t);
        t.assertNotVacuous();
      } catch (error) {
        t.noteFailure(error);
        if (error instanceof PrerequisiteMissing) {
          task.meta.check = t.meta();
          skip(error.message);
        }
        throw error;
      } finally {
        task.meta.check = t.meta();
        task.file.meta.requests = state.requestCount;
      }
    }, CHECK_TIMEOUT_MS);
  };

  /** LIST-2 over a set of created categories: each in the list with the content its 201 showed. */
  const checkListed = (creator: string, categories: () => CreatedCategory[]) => {
    check('LIST-2', `every category ${creator} created is listed as its 201 showed it`, async (t) => {
      const created = categories();
      if (created.length === 0) t.skip(`${creator} created no category`);
      const { byId } = await readClosingList(t);
      const problems: string[] = [];
      for (const category of created) {
        const matches = byId.get(category.id) ?? [];
        if (matches.length === 0) problems.push(`category ${category.id} ${showContent(category)} (created in ${category.exchange}) is missing`);
        else if (!matches.some((m) => sameContent(m, category))) {
          problems.push(`category ${category.id} is listed as ${showContent(matches[0] as SeenCategory)}, but its 201 (${category.exchange}) showed ${showContent(category)}`);
        }
      }
      t.expect(problems.length === 0, summarize(problems, `of ${created.length} created categories`));
    }, { sequential: true });
  };

  return {
    check,

    checkCreatedAreListed() {
      checkListed(`the ${name} suite`, () => [...state.ledger.created.values()]);
    },

    checkRunCreationsAreListed() {
      checkListed('the whole run', () => [...state.run.created.values()]);
    },

    checkRejectedCreatedNothing(rule: string) {
      check(rule, `requests the ${name} suite saw rejected created nothing`, async (t) => {
        const rejected = state.ledger.rejected.filter((r) => r.rule === rule);
        if (rejected.length === 0) t.skip(`no request of the ${name} suite was rejected`);
        const { categories } = await readClosingList(t);
        const problems: string[] = [];
        for (const request of rejected) {
          const effect = categories.find((c) => carries(c, request.marker));
          if (effect) problems.push(`the rejected request ${request.exchange} created category ${effect.id ?? '(no id)'} ${showContent(effect)}`);
        }
        t.expect(problems.length === 0, summarize(problems, `of ${rejected.length} rejected requests`));
      }, { sequential: true });
    },

    audits() {
      for (const audit of AUDITS) {
        test(`${audit.rule} all ${audit.scope} of the ${name} suite`, ({ task, skip }) => {
          const tally = state.tallies.get(audit.rule);
          const base = { rule: audit.rule, suite: name, name: `all ${audit.scope} of the ${name} suite` };
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

/** The closing list's Categories, and those with an exact id grouped by it. Fails when the list cannot be read. */
async function readClosingList(t: CheckContext): Promise<{ categories: SeenCategory[]; byId: Map<bigint, SeenCategory[]> }> {
  const { document, items } = t.expectList(await t.closingList());
  const categories: SeenCategory[] = [];
  const byId = new Map<bigint, SeenCategory[]>();
  for (const item of items) {
    const seen = readCategory(document, item);
    if (!seen) continue;
    categories.push(seen);
    if (seen.id === undefined) continue;
    const same = byId.get(seen.id);
    if (same) same.push(seen);
    else byId.set(seen.id, [seen]);
  }
  return { categories, byId };
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
