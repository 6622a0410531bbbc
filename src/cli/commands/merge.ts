import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { Redactor } from '../../core/secrets.js';
import { judge, recordOf } from '../../results/assess.js';
import type { RunRecord, RunReport } from '../../results/run-report.js';
import { prepareReportDir } from '../../report/write.js';
import { sumCoverages } from '../../runner/coverage.js';
import type { Output } from '../console/output.js';
import { finish } from './run.js';
import { defaultReportDir, keepNewestRuns } from '../reports-folder.js';

/**
 * `petstore-conformance merge <dir>...`: one report set and one verdict from the report directories of every
 * shard of a run (each holds its report.json and the blob vitest left). The results come from the blobs through
 * vitest's own merge; what describes the run (target, seed, spec) must be the same in every shard, and every shard
 * must be there, once.
 */
export async function mergeCommand(dirs: readonly string[], reportDir: string | undefined, keepReports: number, strict: boolean, out: Output,
  env: NodeJS.ProcessEnv): Promise<number> {
  const shards = await Promise.all(dirs.map(readShard));
  const first = shards[0]?.report as RunReport;
  for (const { dir, report } of shards) {
    for (const [field, value] of Object.entries(runDefinition(report))) {
      const firstValue = runDefinition(first)[field];
      if (value !== firstValue) throw new UsageError(`the shards are not of one run: ${dir} has ${field} ${value}, ${dirs[0]} has ${firstValue}`);
    }
  }
  const count = requireEveryShard(shards);
  const blobDir = await mkdtemp(join(tmpdir(), 'petstore-conformance-blobs-'));
  try {
    for (const { blobs } of shards) for (const blob of blobs) await copyFile(blob, join(blobDir, blob.replace(/^.*[\\/]/, '')));
    const { mergeShards } = await import('../../runner/run.js');
    // The shards' reports and blobs were redacted as they were written, and a merge knows no key: nothing to redact.
    const redactor = new Redactor([]);
    const merged = await mergeShards(blobDir, redactor);
    const started = Math.min(...shards.map((s) => Date.parse(s.report.startedAt)));
    const ended = Math.max(...shards.map((s) => Date.parse(s.report.startedAt) + s.report.durationMs));
    // Every shard planned the whole run within one budget (see RunSettings.shard), and spent only on its own suites:
    // the merged run had that budget, and spent what the shards spent. Timings are each shard's own, and so is the
    // invocation: a shard's replay commands name its own report.json, which holds only its own checks.
    const { timings: _, shard: __, coverage: ___, invocation: ____, ...shared } = recordOf(first); // selection and readOnly are every shard's
    const coverage = sumCoverages(shards.map((s) => s.report.coverage).filter((c) => c !== undefined));
    const writes = shards.map((s) => s.report.writes);
    const record: RunRecord = {
      ...shared,
      resources: {
        maxRssBytes: Math.max(...shards.map((s) => s.report.resources.maxRssBytes)),
        bytesReceived: shards.reduce((sum, s) => sum + (s.report.resources.bytesReceived ?? 0), 0),
      },
      runId: shards.map((s) => s.report.runId).join('+'),
      startedAt: new Date(started).toISOString(),
      durationMs: ended - started,
      requests: merged.requests,
      results: merged.results,
      writes: {
        budget: first.writes.budget,
        spent: writes.reduce((sum, w) => sum + w.spent, 0),
        posts: writes.reduce((sum, w) => sum + w.posts, 0),
        shared: writes.flatMap((w) => w.shared),
        topUp: writes.find((w) => w.topUp)?.topUp ?? null,
      },
      created: merged.created,
      ...(coverage ? { coverage } : {}),
      ...(merged.errors.length ? { errors: merged.errors } : {}),
    };
    const dir = reportDir ?? await defaultReportDir('merge');
    const releaseDir = await prepareReportDir(dir);
    try {
      out.line(`merged the ${count} shards of the run against ${record.target} (seed ${record.seed})`);
      const policy = first.policy;
      const code = await finish(out, judge(record, { strict: strict || policy.strict, failOn: 'any', failOnPartial: policy.failOnPartial }), dir, redactor, { certify: false, env });
      if (reportDir === undefined) await keepNewestRuns(out, keepReports);
      return code;
    } finally {
      await releaseDir();
    }
  } finally {
    await rm(blobDir, { recursive: true, force: true });
  }
}

/**
 * What makes shards one run, each as text: the target and the implementation named, seed, spec and suite, and every setting that decides what is
 * judged (the profile's and the flags' values, --only and --skip, a read-only run). Shards that differ in any would
 * merge into a verdict no single run gives.
 */
function runDefinition(report: RunReport): Record<string, string> {
  const { target, implementation, seed, specSha256, suiteVersion, settings, selection, readOnly } = report;
  return {
    target, implementation: implementation ?? '(not named)', seed: String(seed), specSha256, suiteVersion,
    ...Object.fromEntries(Object.entries(settings).map(([name, value]) => [`settings.${name}`, String(value)])),
    selection: selection ? `--only ${selection.only.join(',') || '(all)'} --skip ${selection.skip.join(',') || '(none)'}` : 'all rules',
    readOnly: readOnly ?? 'no',
  };
}

/**
 * The number of shards the run was cut into, once every one of them is here exactly once: a merge that lacked one
 * would give a verdict on part of the run as if it were the whole.
 */
function requireEveryShard(shards: readonly { dir: string; report: RunReport }[]): number {
  const unsharded = shards.find((s) => s.report.shard === undefined);
  if (unsharded) throw new UsageError(`${unsharded.dir} is not a shard: its run had no --shard <i>/<n>`);
  const count = (shards[0] as { report: RunReport }).report.shard?.count as number;
  const other = shards.find((s) => s.report.shard?.count !== count);
  if (other) throw new UsageError(`the shards are not of one run: ${other.dir} is one of ${other.report.shard?.count}, ${shards[0]?.dir} one of ${count}`);
  const seen = new Map<number, string>();
  for (const { dir, report } of shards) {
    const index = report.shard?.index as number;
    const twin = seen.get(index);
    if (twin) throw new UsageError(`shard ${index}/${count} is given twice: ${twin} and ${dir}`);
    seen.set(index, dir);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length) {
    throw new UsageError(`the run was cut into ${count} shards, but shard ${missing.map((i) => `${i}/${count}`).join(', ')} is missing: give every shard's report directory`);
  }
  return count;
}

async function readShard(dir: string): Promise<{ dir: string; report: RunReport; blobs: string[] }> {
  try {
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const blobs = (await readdir(dir)).filter((f) => /^blob-\d+-\d+\.json$/.test(f)).map((f) => join(dir, f));
    if (blobs.length === 0) throw new UsageError(`${dir} holds no shard blob: run each shard with --shard <i>/<n> --report-dir <dir>`);
    return { dir, report, blobs };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the shard in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
