import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { suiteVersion } from '../../core/package-info.js';
import type { RunReport } from '../../results/model.js';
import { Redactor } from '../../core/secrets.js';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.js';
import { assess, exitCodeOf } from '../../results/assess.js';
import { githubAnnotations } from '../../report/summary-md.js';
import { prepareReportDir, writeReports } from '../../report/write.js';
import { ensureReachable } from '../../runner/preflight.js';
import { loadSpec } from '../../spec/load.js';
import type { Output } from '../console/output.js';
import { progressListener } from '../console/progress.js';
import { printSummary } from '../console/summary.js';
import { API_KEY_ENV, type RunConfig } from '../options.js';
import { readBaseline, readExpectedFailures } from '../expectations.js';
import { namedPatches } from '../patches.js';
import { selectReplay, type ReplaySelection } from '../replay.js';

/** Exit codes: the contract CI pipelines script against. */
export const EXIT = { conformant: 0, nonConformant: 1, notCarriedOut: 2 } as const;

/**
 * Runs the suites against the target and writes the reports. Returns the exit code; problems that stop the run
 * before it starts are thrown as ConformanceErrors (exit 2).
 */
export async function runCommand(config: RunConfig, out: Output, env: NodeJS.ProcessEnv): Promise<number> {
  namedPatches(config);
  const apiKey = config.target.kind === 'url' ? requireKey(env) : undefined;
  const replay = config.replay ? await selectReplay(config.replay.report, config.replay.check) : undefined;
  const expectations = config.expectFailures ? { file: config.expectFailures, entries: await readExpectedFailures(config.expectFailures) } : undefined;
  const baseline = config.baseline ? { file: config.baseline, report: await readBaseline(config.baseline) } : undefined;
  const spec = await loadSpec(config.specPath);
  const reportDir = config.reportDir ?? defaultReportDir('run');
  const removeIfUnused = await prepareReportDir(reportDir);
  let reference: ReferenceServer | undefined;
  let ran = false;
  try {
    if (config.target.kind === 'reference') reference = await startReferenceServer({ faults: config.faults, variants: config.variants });
    const target = reference?.url ?? (config.target as { url: string }).url;
    const key = reference?.apiKey ?? (apiKey as string);
    const redactor = new Redactor([key]);
    out.protect(redactor);
    const seed = replay?.seed ?? config.seed ?? randomInt(0, 2 ** 31 - 1);
    out.line(`${out.style.bold('petstore-conformance')} ${suiteVersion}: ${spec.title} ${spec.model.version} (spec sha256 ${spec.sha256.slice(0, 12)}…)`);
    const patches = [...(reference?.faults ?? []), ...(reference?.variants ?? [])].map((p) => p.id);
    out.line(`target  ${target}${reference ? ` (bundled reference server${patches.length ? `: ${patches.join(', ')}` : ''})` : ''}`);
    out.line(`seed    ${seed}`);
    if (replay) out.line(`replay  "${replay.title}" from ${config.replay?.report}${replay.path ? `, case path ${replay.path}` : ''}`);
    out.line(`reports ${reportDir}`);
    out.line();
    await ensureReachable(target, config.timeoutMs);
    ran = true;
    // vitest loads only now: a run that stops on its input stops at once.
    const { runSuites } = await import('../../runner/run.js');
    const shard = config.shard ? { ...config.shard, blobFile: join(reportDir, `blob-${config.shard.index}-${config.shard.count}.json`) } : undefined;
    // Shards share the write budget: each may spend its part of it.
    const maxWrites = config.maxWrites !== undefined && config.shard ? Math.floor(config.maxWrites / config.shard.count) : config.maxWrites;
    const raw = await runSuites({
      spec, target, targetKind: reference ? 'reference' : 'url', apiKey: key, seed,
      timeoutMs: config.timeoutMs, maxResponseBytes: config.maxResponseBytes, numRuns: config.numRuns,
      ...(maxWrites !== undefined ? { maxWrites } : {}),
      ...(config.selection ? { selection: config.selection } : {}),
      ...(replay ? { replay: { title: replay.title, suite: replay.suite, ...(replay.path !== undefined ? { path: replay.path } : {}) } } : {}),
      listener: progressListener(out),
    }, shard);
    const report = assess(raw, { ...(expectations ? { expectations } : {}), ...(baseline ? { baseline } : {}), strict: config.strict, failOn: config.failOn });
    return await finish(out, report, reportDir, redactor, { certify: config.certify, env, ...(replay ? { replay } : {}) });
  } finally {
    await reference?.close();
    if (!ran) await removeIfUnused();
  }
}

/**
 * Writes a finished run's reports, prints its summary (and GitHub annotations where GITHUB_ACTIONS is set), and
 * returns the exit code its verdict and policy give. Shared by runs and merges.
 */
export async function finish(out: Output, report: RunReport, reportDir: string, redactor: Redactor,
  options: { certify: boolean; env: NodeJS.ProcessEnv; replay?: ReplaySelection }): Promise<number> {
  const paths = await writeReports(reportDir, report, redactor, options.certify);
  printSummary(out, report, paths);
  if (options.replay) out.line(replayOutcome(options.replay, report));
  if (options.env['GITHUB_ACTIONS'] === 'true') for (const line of githubAnnotations(report)) out.line(line);
  if (report.verdict === 'incomplete') {
    out.error(`petstore-conformance: the run is incomplete: ${report.errors?.[0]?.where}: ${report.errors?.[0]?.message}; this is a bug in petstore-conformance, please report it with ${paths[0]}`);
  }
  return exitCodeOf(report);
}

/** Whether the replayed check did again what the report recorded. */
function replayOutcome(replay: ReplaySelection, report: RunReport): string {
  const now = report.results.find((r) => `${r.rule} ${r.check}` === replay.title);
  const then = replay.recorded.outcome;
  if (!now) return `Replay: "${replay.title}" did not run`;
  if (now.outcome === 'skipped') return `Replay: could not replay "${replay.title}": ${now.message ?? 'it was skipped'}`;
  const same = now.outcome === then ? 'reproduced' : 'not reproduced';
  return `Replay: ${same}: the check ${then} in the report and ${now.outcome} now${now.message ? `: ${now.message}` : ''}`;
}

function requireKey(env: NodeJS.ProcessEnv): string {
  const key = env[API_KEY_ENV];
  if (!key) throw new UsageError(`${API_KEY_ENV} is not set: export the target's API key in it (it is sent as "Authorization: Bearer <key>")`);
  if (/\s/.test(key)) throw new UsageError(`${API_KEY_ENV} contains white space, which a bearer token cannot: check how it was set`);
  return key;
}

/** `reports/<kind>-<date>-<time>-<id>`: a new directory per run, so that no earlier report is overwritten. */
export function defaultReportDir(kind: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return join('reports', `${kind}-${stamp}-${randomBytes(2).toString('hex')}`);
}
