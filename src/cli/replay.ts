import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { UsageError } from '../core/errors.js';
import { titleOf, type CheckResult, type RunReport } from '../results/run-report.js';

/** The check of an earlier report to run again, and how to reproduce its case. */
export interface ReplaySelection {
  /** `<rule> <check>`: the check's test title. */
  readonly title: string;
  readonly suite: string;
  /** The seed of the recorded run: checks derive their cases from it. */
  readonly seed: number;
  /** Cases per property in the recorded run: a replayed check runs as many. */
  readonly numRuns?: number;
  /** The recorded check's own seed and fast-check path, for a generated check (the path only when it failed). */
  readonly checkSeed?: number;
  readonly path?: string;
  readonly recorded: CheckResult;
  /** The digest of the spec the recorded run followed (see LoadedSpec.sha256), where the report has one. */
  readonly specSha256?: string;
}

/**
 * Finds the check to replay in a report.json: by its full title (`CREATE-1 generated valid names…`), its name,
 * or a piece of either that only one check has (letter case ignored).
 */
export async function selectReplay(reportPath: string, query: string): Promise<ReplaySelection> {
  let report: RunReport;
  try {
    report = JSON.parse(await readFile(reportPath, 'utf8')) as RunReport;
  } catch (error) {
    throw new UsageError(`cannot read the report ${reportPath} to replay: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; give the report.json of an earlier run`);
  }
  if (!Array.isArray(report.results) || typeof report.seed !== 'number') {
    throw new UsageError(`${reportPath} is not a petstore-conformance report.json (no seed or results)`);
  }
    const wanted = query.toLowerCase();
  const exact = report.results.filter((r) => titleOf(r) === query || r.check === query);
  const matches = exact.length ? exact : report.results.filter((r) => titleOf(r).toLowerCase().includes(wanted));
  if (matches.length !== 1) {
    const shown = matches.slice(0, 5).map((r) => `"${titleOf(r)}"`).join(', ');
    throw new UsageError(matches.length === 0
      ? `no check of ${reportPath} matches "${query}"; give a check's name as the report shows it`
      : `"${query}" matches ${matches.length} checks of ${reportPath} (${shown}${matches.length > 5 ? ', …' : ''}); give more of the name`);
  }
  const recorded = matches[0] as CheckResult;
  if ((recorded.kind ?? 'check') !== 'check') {
    const what = recorded.kind === 'audit' ? 'an audit' : 'a closing check';
    throw new UsageError(`"${titleOf(recorded)}" is ${what}: it judges what other checks of its suite sent, so it cannot run alone; replay one of those checks`);
  }
  const path = recorded.generated?.path;
  const checkSeed = recorded.generated?.seed;
  const numRuns = report.settings?.numRuns;
  return {
    title: titleOf(recorded), suite: recorded.suite, seed: report.seed, recorded,
    ...(typeof report.specSha256 === 'string' ? { specSha256: report.specSha256 } : {}),
    ...(numRuns !== undefined ? { numRuns } : {}), ...(checkSeed !== undefined ? { checkSeed } : {}), ...(path !== undefined ? { path } : {}),
  };
}

/**
 * How the run of a report was started, as far as a replay takes it: the options that chose its target, and its
 * profile. Nothing when the report cannot be read or is of an older version: selectReplay says what is wrong with it.
 */
export function recordedRun(reportPath: string): { targetArgs?: readonly string[]; profile?: string } {
  try {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Partial<RunReport>;
    return {
      ...(Array.isArray(report.invocation?.targetArgs) ? { targetArgs: report.invocation.targetArgs } : {}),
      ...(typeof report.settings?.profile === 'string' ? { profile: report.settings.profile } : {}),
    };
  } catch {
    return {};
  }
}
