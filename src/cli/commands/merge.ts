import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { Redactor } from '../../core/secrets.js';
import { assess } from '../../results/assess.js';
import type { RunReport } from '../../results/model.js';
import { ruleOutcomes, summaryOf, verdictOf } from '../../results/summarize.js';
import { prepareReportDir } from '../../report/write.js';
import type { Output } from '../console/output.js';
import { defaultReportDir, finish } from './run.js';

/**
 * `petstore-conformance merge <dir>...`: one report set and one verdict from the report directories of every
 * shard of a run (each holds its report.json and the blob vitest left). The results come from the blobs through
 * vitest's own merge; what describes the run (target, seed, spec) must be the same in every shard.
 */
export async function mergeCommand(dirs: readonly string[], reportDir: string | undefined, strict: boolean, out: Output, env: NodeJS.ProcessEnv): Promise<number> {
  const shards = await Promise.all(dirs.map(readShard));
  const first = shards[0]?.report as RunReport;
  for (const { dir, report } of shards) {
    for (const field of ['target', 'seed', 'specSha256', 'suiteVersion'] as const) {
      if (report[field] !== first[field]) throw new UsageError(`the shards are not of one run: ${dir} has ${field} ${String(report[field])}, ${dirs[0]} has ${String(first[field])}`);
    }
  }
  const blobDir = await mkdtemp(join(tmpdir(), 'petstore-conformance-blobs-'));
  try {
    for (const { blobs } of shards) for (const blob of blobs) await copyFile(blob, join(blobDir, blob.replace(/^.*[\\/]/, '')));
    const { mergeShards } = await import('../../runner/run.js');
    const merged = await mergeShards(blobDir, new Redactor([]));
    const started = Math.min(...shards.map((s) => Date.parse(s.report.startedAt)));
    const ended = Math.max(...shards.map((s) => Date.parse(s.report.startedAt) + s.report.durationMs));
    // Each shard had its share of the budget: the merged run had their sum. Timings are each shard's own.
    const { timings: _, ...shared } = first;
    const budgets = shards.map((s) => s.report.settings.maxWrites);
    const report: RunReport = {
      ...shared,
      settings: { ...first.settings, maxWrites: budgets.includes(null) ? null : budgets.reduce((sum, b) => (sum ?? 0) + (b ?? 0), 0) },
      resources: {
        maxRssBytes: Math.max(...shards.map((s) => s.report.resources.maxRssBytes)),
        bytesReceived: shards.reduce((sum, s) => sum + (s.report.resources.bytesReceived ?? 0), 0),
      },
      runId: shards.map((s) => s.report.runId).join('+'),
      startedAt: new Date(started).toISOString(),
      durationMs: ended - started,
      verdict: verdictOf(merged.results, merged.errors),
      summary: summaryOf(merged.results, merged.requests),
      rules: ruleOutcomes(merged.results),
      results: merged.results,
      writes: shards.reduce((sum, s) => sum + s.report.writes, 0),
      created: merged.created,
      ...(merged.errors.length ? { errors: merged.errors } : {}),
    };
    const dir = reportDir ?? defaultReportDir('merge');
    await prepareReportDir(dir);
    out.line(`merged ${shards.length} shards of the run against ${report.target} (seed ${report.seed})`);
    return await finish(out, assess(report, { strict, failOn: 'any' }), dir, new Redactor([]), { certify: false, env });
  } finally {
    await rm(blobDir, { recursive: true, force: true });
  }
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
