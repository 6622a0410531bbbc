import { RULES, type RuleId } from '../rules/catalogue.js';
import { selects, type Selection } from '../rules/selection.js';
import { AUDITS } from './audits/index.js';

/** The rules an audit judges over other rules' checks (see ExchangeAudit.judgesChecksOf). */
const JUDGED_OVER_OTHERS: ReadonlySet<string> = new Set(AUDITS.filter((a) => a.judgesChecksOf !== undefined).map((a) => a.rule));

/**
 * Whether a run declares a rule's checks: where the selection reports the rule (see selects), and where `--only` names
 * rules an audit judges over other rules' checks and no other (`--only ERROR-1`: ERROR-1 over every check's 4xx;
 * AUTH-6 over the AUTH checks' 401s: see ExchangeAudit.judgesChecksOf), and `--skip` does not name this one. Those run
 * unreported: their exchanges are what the audit judges, and without them it would judge none. Where `--only` also
 * names a rule whose checks send requests of their own (`--only LIST --only HTTP-1`), the audits judge those, and
 * nothing else runs. A rule the selection does not report is no result of the run either way.
 */
export function runsChecksOf(selection: Selection | undefined, rule: RuleId): boolean {
  if (selects(selection, rule)) return true;
  if (!selection || selection.only.length === 0 || !selects({ only: [], skip: selection.skip }, rule)) return false;
  if (RULES.some((r) => selects(selection, r.id) && !JUDGED_OVER_OTHERS.has(r.id))) return false;
  return AUDITS.some(({ rule: judged, judgesChecksOf }) => judgesChecksOf !== undefined && selects(selection, judged) &&
    (judgesChecksOf === 'every rule' || judgesChecksOf.includes(rule)));
}
