import type { RunReport, Verdict } from '../results/run-report.js';
import { plural } from '../core/plural.js';

/** How each verdict reads, with the colour reports give it. */
export const VERDICT_TEXT: Readonly<Record<Verdict, { readonly label: string; readonly colour: string; readonly mark: string }>> = {
  conformant: { label: 'CONFORMANT', colour: '#2e7d32', mark: '✅' },
  'non-conformant': { label: 'NON-CONFORMANT', colour: '#c62828', mark: '❌' },
  partial: { label: 'PARTIAL', colour: '#b26a00', mark: '⚠️' },
  incomplete: { label: 'INCOMPLETE', colour: '#6d6d6d', mark: '⛔' },
};

/** "196 checks, 323 requests in 1.4 s" */
export function runFigures(report: RunReport): string {
  return `${plural(report.summary.checks, 'check')}, ${plural(report.summary.requests, 'request')} in ${(report.durationMs / 1000).toFixed(1)} s`;
}
