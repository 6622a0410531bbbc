import { readFile } from 'node:fs/promises';
import { UsageError } from '../core/errors.js';
import type { ExpectedFailure } from '../results/assess.js';
import type { RunReport } from '../results/run-report.js';

/**
 * Reads an expected-failures file: JSON, either a list or `{ "expectedFailures": [...] }`, of
 * `{ "id": "<rule id or check title>", "reason": "<why it may fail>" }`. Every entry needs a written reason.
 */
export async function readExpectedFailures(path: string): Promise<ExpectedFailure[]> {
  const data = await readJson(path, '--expect-failures');
  const list = Array.isArray(data) ? data : (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (!Array.isArray(list)) throw new UsageError(`${path} must hold a JSON list of {"id", "reason"} entries, or {"expectedFailures": [...]}`);
  return list.map((entry, i) => {
    const { id, reason } = (entry ?? {}) as { id?: unknown; reason?: unknown };
    if (typeof id !== 'string' || id.trim() === '') throw new UsageError(`${path}: entry ${i + 1} has no "id" (a rule id like CREATE-3, or a check's title)`);
    if (typeof reason !== 'string' || reason.trim() === '') throw new UsageError(`${path}: entry ${i + 1} (${id}) has no "reason": every expected failure needs one`);
    return { id: id.trim(), reason: reason.trim() };
  });
}

/** Reads the report.json of an earlier run, for --baseline. */
export async function readBaseline(path: string): Promise<RunReport> {
  const report = (await readJson(path, '--baseline')) as RunReport;
  if (!Array.isArray(report?.results)) throw new UsageError(`${path} is not a petstore-conformance report.json (no results)`);
  return report;
}

async function readJson(path: string, flag: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${flag} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${flag} ${path} is not valid JSON: ${(error as Error).message}`);
  }
}
