/**
 * Runs the real CLI, with its default flags and a seed, against a server of a real framework served by URL, and
 * reads its report. The server is started and closed here, not in hooks: the tests of a concurrent block would
 * share them.
 */
import { expect } from 'vitest';
import type { RunReport } from '../../src/results/run-report.js';
import { readReport, runCli, tempDir, type CliResult } from '../support/cli.js';
import type { RunningServer } from './servers/fastify.js';

/**
 * The seeds a conformant target is judged with: a false failure may hang on the data one seed generates. A faulty target
 * is judged with one of them, each fault with the next ({@link seedOf}): the faults here are caught by the example
 * checks, which send the same requests whatever the seed, and the seeds still vary what the generated checks send
 * beside them, which must fail no other rule.
 */
export const SEEDS = [1, 7, 20260];

/** The seed the `index`-th faulty target of a file is judged with. */
export const seedOf = (index: number): number => SEEDS[index % SEEDS.length] as number;

/** A default run is 1 to 3 s; this bounds one that hangs. */
const RUN_TIMEOUT_MS = 90_000;

export async function defaultRun(start: () => Promise<RunningServer>, apiKey: string, seed: number, args: readonly string[] = []) {
  const server = await start();
  try {
    const dir = await tempDir('petstore-interop-');
    const result = await runCli(['--target', server.url, '--report-dir', dir, '--seed', String(seed), ...args], { PETSTORE_API_KEY: apiKey }, RUN_TIMEOUT_MS);
    return { result, report: await readReport(dir) };
  } finally {
    await server.close();
  }
}

/** The rules with a failed check (MUST and SHOULD alike), sorted. */
export function failedRules(report: RunReport): string[] {
  return [...new Set(report.results.filter((r) => r.outcome === 'failed').map((r) => r.rule))].sort();
}

/** Each check that did not pass, with its rule and message, for an assertion's diff. */
export function notPassed(report: RunReport, outcome: 'failed' | 'skipped'): string[] {
  return report.results.filter((r) => r.outcome === outcome).map((r) => `${r.rule} ${r.check}: ${r.message ?? ''}`);
}

/** A run judged conformant with no failure, no warning and no skip, and its exit code 0. */
export function expectCleanlyConformant({ result, report }: { readonly result: CliResult; readonly report: RunReport }): void {
  expect(notPassed(report, 'failed')).toEqual([]);
  expect(notPassed(report, 'skipped')).toEqual([]);
  expect(report.verdict).toBe('conformant');
  expect(result.code, result.stdout).toBe(0);
}
