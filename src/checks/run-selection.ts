import type { RuleId } from '../rules/catalogue.js';
import { selects, type Selection } from '../rules/selection.js';
import { AUDITS } from './audits/index.js';

/**
 * Whether a run declares a rule's checks: where the selection reports the rule (see selects), and where `--only` names
 * a rule an audit judges over other rules' checks (ERROR-1 over every check's 4xx, AUTH-6 over the AUTH checks' 401s:
 * see ExchangeAudit.judgesChecksOf) and `--skip` does not name this one. Those run unreported: their exchanges are what
 * the audit judges, and without them it would judge none. A rule the selection does not report is no result of the
 * run either way.
 */
export function runsChecksOf(selection: Selection | undefined, rule: RuleId): boolean {
  if (selects(selection, rule)) return true;
  if (!selection || selection.only.length === 0 || !selects({ only: [], skip: selection.skip }, rule)) return false;
  return AUDITS.some(({ rule: judged, judgesChecksOf }) => judgesChecksOf !== undefined && selects(selection, judged) &&
    (judgesChecksOf === 'every rule' || judgesChecksOf.includes(rule)));
}
