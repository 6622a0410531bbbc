import type { RunReport } from '../results/run-report.js';

/** report.json: the whole result model, as is. The schema other tools read. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
