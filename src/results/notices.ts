import type { RunReport } from './model.js';

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
  const why = report.selection ? ' (--only, --skip)' : report.errors?.some((e) => e.interrupted) ? ' (interrupted)' : '';
  if (notRun.length) warn(`Not run: ${notRun.join(', ')}${why}; a partial run claims no full verdict.`);
  const budget = report.results.filter((r) => r.withheld === 'budget').length;
  if (budget) warn(`${budget} checks did not fit the write budget (--max-writes ${report.settings.maxWrites}); raise it for a full verdict.`);
  const readOnly = report.results.filter((r) => r.withheld === 'read-only').length;
  if (readOnly) warn(`${readOnly} checks would create categories and were not run: ${report.readOnly}.`);
  const rateLimited = report.results.filter((r) => r.withheld === 'rate-limit').length;
  if (rateLimited) {
    warn(`${rateLimited} checks could not be judged: the target answered 429 and asked for a longer wait than the suite gives, ` +
      'or the write budget could not pay for a retry; lower --rate or --concurrency.');
  }
  if (report.settings.insecure) warn('TLS certificates were not verified (--insecure).');
  if (report.summary.expectedFailures) notices.push({ level: 'info', text: `${report.summary.expectedFailures} failures are expected (${report.expectations?.file}) and do not count.` });
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
  for (const e of report.errors ?? []) warn(e.interrupted ? `Interrupted: the run was ${e.message}; it holds only what ran before.` : `Suite error in ${e.where}: ${e.message}`);
  return notices;
}
