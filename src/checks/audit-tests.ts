import { test as vitestTest } from 'vitest';
import { selects } from '../rules/selection.js';
import { problemsMessage } from './problems-message.js';
import { CheckFailure } from './failure.js';
import { followsText } from '../rules/cause.js';
import type { SuiteState } from '../runtime/suite-state.js';
import { recordCheck } from '../protocol/check-meta.js';
import { auditName, checkTitle } from '../protocol/titles.js';
import { AUDITS } from './audits/index.js';
import { evidence } from './evidence.js';
import type { AuditTallies } from './audits/tallies.js';

/**
 * Declares one vitest test per selected audit (see index.ts), last in a suite file: each reports what its audit
 * found over every exchange of the suite. `declared` is how many checks the file declared: vitest refuses a file
 * without tests, so a file that --only leaves nothing gets one that is no check. A suite another shard runs declares
 * them unrun.
 */
export function declareAuditTests(state: SuiteState, audits: AuditTallies, declared: number, runsHere: boolean): void {
  const name = state.name;
  const test = runsHere ? vitestTest.sequential : vitestTest.skip;
  const selected = AUDITS.filter((a) => selects(state.env.settings.selection, a.rule));
  if (declared === 0 && selected.length === 0) {
    test(`no rule of the ${name} suite is selected`, ({ task, skip }) => {
      recordCheck(task, { rule: 'HTTP-1', suite: name, name: 'none selected', exchanges: [], exchangeCount: 0, notApplicable: 'no selected rule' });
      skip('no selected rule');
    });
  }
  for (const audit of selected) {
    const checkName = auditName(audit.scope, name);
    test(checkTitle(audit.rule, checkName), ({ task, skip }) => {
      state.publishTotals(task);
      const tally = audits.byRule.get(audit.rule);
      const base = { rule: audit.rule, suite: name, name: checkName, kind: 'audit' as const };
      if (tally?.crash !== undefined) {
        recordCheck(task, { ...base, exchanges: [], exchangeCount: tally.judged });
        throw tally.crash;
      }
      if (!tally || tally.judged === 0) {
        const reason = `no ${audit.scope} in the ${name} suite`;
        recordCheck(task, { ...base, exchanges: [], exchangeCount: 0, notApplicable: reason });
        skip(reason);
        return;
      }
      const first = tally.shown[0];
      // A failure every violation of which follows from another rule's names that rule as its cause (see Cause).
      const follows = tally.ownViolations === 0 ? tally.cause : undefined;
      recordCheck(task, {
        ...base,
        exchanges: tally.violations > 0 ? tally.shown.map((v) => v.exchange) : evidence(tally.sample, true),
        exchangeCount: tally.judged,
        ...(first ? { failedExchange: first.exchange.id } : {}),
        ...(follows ? { follows } : {}),
      });
      if (tally.violations > 0) {
        const problems = tally.shown.map((v) => {
          const where = `${v.exchange.request.method} ${new URL(v.exchange.request.url).pathname} (${v.exchange.id})`;
          return `${where}: ${v.message}${v.follows && !follows ? followsText(v.follows) : ''}`;
        });
        const outOf = `of ${tally.judged} ${audit.scope}`;
        throw new CheckFailure(problemsMessage(problems, outOf, { count: tally.violations, kinds: tally.kinds, suffix: follows ? followsText(follows) : '' }), undefined, follows);
      }
    });
  }
}
