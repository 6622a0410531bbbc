import type { Withheld } from '../protocol/check-meta.js';
import { LONG_LIST } from '../rules/long-list.js';
import { titleOf, unexercised, type CoverageEntry, type RunReport, type SpecCoverage } from './run-report.js';
import { plural } from '../core/plural.js';

/** How many of the checks not judged for one reason a notice names; report.json lists them all. */
const NAMED_CHECKS = 3;

/** Why checks were not judged, and what to do about it, by reason. */
function withheldText(report: RunReport): Record<Withheld, string> {
  return {
    budget: `the write budget (--max-writes ${report.settings.maxWrites}) ran out; raise it, or give a target of your own --profile ci`,
    'top-up': `the list holds ${LONG_LIST - 1} or fewer categories, and --top-up ${report.settings.topUp} let the run add too few`,
    'read-only': `the run is read-only: ${report.readOnly}`,
    'rate-limit': 'the target answered 429 for longer than the suite waits; lower --rate or --concurrency',
    'stray-writes': 'the target created categories on requests it had to refuse, so no more such requests were sent',
  };
}

/** What the run left on the target: categories stay (the contract has no delete), so this is said every time. */
function writesText(report: RunReport): string {
  const { spent, budget, topUp } = report.writes;
  const within = `${spent} write${spent === 1 ? '' : 's'}${budget === null ? ', no budget' : ` of the budget of ${budget}`}`;
  const created = `Created ${report.created.length} categor${report.created.length === 1 ? 'y' : 'ies'} on the target (${within})`;
  if (!topUp) return `${created}.`;
  // The bundled reference server is gone after the run: there is no later run against it.
  const once = report.targetKind === 'url' ? '; a later run against this target finds it long enough and adds none' : '';
  const lacked = topUp.to - topUp.listed;
  if (topUp.added >= lacked) return `${created}, ${topUp.added} of them to bring the list from ${topUp.listed} to ${topUp.to} categories${once}.`;
  // Creates the target refused or never answered give their writes back: the list fell short of what was planned.
  return `${created}, ${topUp.added} of them toward the ${lacked} that the list of ${topUp.listed} lacked of ${topUp.to} ` +
    `(the other ${lacked - topUp.added} were not created).`;
}

/** How many of a list's parts a line names; report.json has them all. */
const NAMED_PARTS = 6;

/** The run's coverage of the spec in a line: operations, and the valid and invalid values of each property and parameter. */
function coverageText(coverage: SpecCoverage): string {
  const sent = coverage.operations.filter((o) => o.requests > 0).length;
  const parts = (entries: readonly CoverageEntry[], none: string) => {
    if (entries.length === 0) return none;
    const named = entries.slice(0, NAMED_PARTS).map((e) => `${e.name} ${e.valid}/${e.invalid}`).join(', ');
    return entries.length > NAMED_PARTS ? `${named} and ${entries.length - NAMED_PARTS} more (report.json)` : named;
  };
  return `Spec coverage: ${sent} of ${plural(coverage.operations.length, 'operation')} sent requests; valid/invalid values sent of the ` +
    `NewCategory properties ${parts(coverage.properties, 'none')}; of the parameters ${parts(coverage.parameters, 'none (the spec declares none)')}.`;
}

/**
 * The text hazards the run sent (generators/text-hazards.ts), in a line: how many in each property, and in whole bodies;
 * undefined where it sent none. report.json lists each check's (its `hazards`).
 */
function hazardsText(results: RunReport['results']): string | undefined {
  const sent = new Map<string, Set<string>>();
  for (const id of results.flatMap((r) => r.hazards ?? [])) {
    const at = id.lastIndexOf(':');
    const property = id.slice(0, at);
    sent.set(property, (sent.get(property) ?? new Set()).add(id.slice(at + 1)));
  }
  if (sent.size === 0) return undefined;
  const parts = [...sent].map(([property, hazards]) => `${property === 'body' ? 'whole bodies' : property} ${hazards.size}`);
  return `Text hazards sent: ${parts.join(', ')} (report.json lists each check's).`;
}

/** Something a reader of a report should know besides the results: why a verdict is partial, what changed. */
export interface Notice {
  /** `warning`: something is missing or should be acted on; `info`: context. */
  readonly level: 'warning' | 'info';
  readonly text: string;
}

/** Every notice a run's report carries, in the order reports show them; each reporter formats them its own way. */
export function noticesOf(report: RunReport): Notice[] {
  const notices: Notice[] = [];
  const warn = (text: string) => notices.push({ level: 'warning', text });
  const notRun = report.rules.filter((r) => r.outcome === 'not run').map((r) => r.id);
  const why = report.selection ? ' (--only, --skip)' : report.errors?.some((e) => e.interrupted) ? ' (interrupted)'
    : report.errors?.some((e) => e.targetGone) ? ' (the target stopped answering)' : '';
  if (notRun.length) warn(`Not run: ${notRun.join(', ')}${why}${report.verdict === 'partial' ? '; a partial run claims no full verdict' : ''}.`);
  for (const [why, text] of Object.entries(withheldText(report)) as [Withheld, string][]) {
    const checks = report.results.filter((r) => r.withheld === why);
    if (checks.length === 0) continue;
    const named = checks.slice(0, NAMED_CHECKS).map((r) => `"${titleOf(r)}"`).join(', ');
    const more = checks.length > NAMED_CHECKS ? ` and ${checks.length - NAMED_CHECKS} more` : '';
    warn(`Not judged, ${checks.length} check${checks.length === 1 ? '' : 's'}: ${text} (${named}${more}).`);
  }
  if (report.settings.insecure) warn('TLS certificates were not verified (--insecure).');
  if (report.coverage) notices.push({ level: 'info', text: coverageText(report.coverage) });
  const hazards = hazardsText(report.results);
  if (hazards) notices.push({ level: 'info', text: hazards });
  // What a run that checked every rule sent nothing of; a run of some rules (--only, --skip, a shard) leaves much unsent.
  if (!report.selection && !report.shard) for (const part of unexercised(report.coverage)) warn(`Not exercised: ${part}.`);
  notices.push({ level: 'info', text: writesText(report) });
  if (report.summary.expectedFailures) notices.push({ level: 'info', text: `${plural(report.summary.expectedFailures, 'failure is', 'failures are')} expected (${report.expectations?.file}) and do not count.` });
  for (const s of report.expectations?.stale ?? []) warn(`Stale expected failure "${s.entry}": ${s.why}; remove it from ${report.expectations?.file}.`);
  if (report.baseline) {
    const b = report.baseline;
    const text = `Against the baseline of ${b.startedAt}: ${b.newFailures.length} new failures, ${b.fixed.length} fixed, ` +
      `${b.stillFailing.length} still failing.`;
    notices.push({ level: b.newFailures.length ? 'warning' : 'info', text });
  }
  // An exchange may be shown by several results (a check and the audits of it): count each once.
  const retried = new Set(report.results.flatMap((r) => r.exchanges).filter((e) => e.retries?.length).map((e) => e.id)).size;
  if (retried) notices.push({ level: 'info', text: `The target asked to slow down (429) on ${retried} recorded requests; the suite waited as asked and sent them again.` });
  for (const e of report.errors ?? []) {
    if (e.interrupted) warn(`Interrupted: the run was ${e.message}; it holds only what ran before.`);
    else if (e.targetGone) warn(`The target ${e.message}: the run holds only what ran before.`);
    else warn(`Suite error in ${e.where}: ${e.message}`);
  }
  return notices;
}
