import { showContent } from '../../json/category.js';
import type { CheckContext } from '../context.js';
import { carries, readListed } from '../listing.js';
import type { SuiteState } from '../../runtime/suite-state.js';
import { problemsMessage } from '../problems-message.js';
import type { RefusalKind } from '../../runtime/write-budget.js';
import type { Cause } from '../../rules/cause.js';
import type { RuleId } from '../../rules/catalogue.js';

/**
 * AUTH-4 and CREATE-2's closing check: every request of the suite that was refused, and registered with
 * `t.expectNoEffect(rule, …)`, created nothing: no listed category carries its marker.
 */
export function rejectedCreatedNothing<R extends NoEffectRule>(state: SuiteState, rule: R): (t: CheckContext<R>) => Promise<void> {
  return async (t) => {
    const all = state.ledger.rejected.filter((r) => r.rule === rule);
    if (all.length === 0) t.skip(`no request of the ${state.name} suite was rejected`);
    const rejected = all.filter((r) => r.marker !== undefined);
    const unmarked = all.length - rejected.length;
    if (rejected.length === 0) t.skip(`none of the ${all.length} rejected requests carried a marker (no property of the spec's NewCategory takes one), so whether they created anything cannot be seen in the list`);
    if (unmarked > 0) t.observe(`${unmarked} of the ${all.length} rejected requests carried no marker and were not judged`);
    // Only categories carrying this suite's markers can be the effect of its requests: one pass over a list of
    // thousands, then a search among a few.
    const ours = (await readListed(t, await t.closingList())).carrying(state.markerPrefix);
    const problems: string[] = [];
    // A request that was served (a 2xx) was not rejected: what it created follows from the failure that reports it.
    const causes: (Cause | undefined)[] = [];
    for (const request of rejected) {
      const effect = ours.find((c) => carries(c.record, request.marker as string));
      if (!effect) continue;
      state.ledger.createdDespiteRefusal.push({ category: effect, exchange: request.exchange });
      if (!request.served) t.spendStray(REFUSED_FOR[rule]);
      problems.push(`the rejected request ${request.exchange} created category ${effect.id ?? '(no id)'} ${showContent(effect, t.env.shown)}`);
      causes.push(state.run.strays.get(request.exchange));
    }
    const follows = causes.every((c) => c !== undefined && c.rule !== rule) ? causes[0] : undefined;
    t.expect(problems.length === 0, problemsMessage(problems, `of ${rejected.length} rejected requests`), undefined, follows);
  };
}

/** Why the requests each closing rule verifies had to be refused. */
const REFUSED_FOR = { 'AUTH-4': 'credential', 'CREATE-2': 'body' } as const satisfies Readonly<Partial<Record<RuleId, RefusalKind>>>;

/** The rules a suite's closing check verifies of refused requests: that they created nothing (see expectNoEffect). */
export type NoEffectRule = keyof typeof REFUSED_FOR;
