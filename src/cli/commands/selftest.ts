import { randomInt } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FAULTS } from '../../reference/faults/index.js';
import { referenceKeyFor, startReferenceServers } from '../../reference/server.js';
import { REVISIONS, type Revision } from '../../reference/revisions.js';
import { splitOverFiles } from '../../reference/split-spec.js';
import { Redactor } from '../../core/secrets.js';
import { VARIANTS } from '../../reference/variants.js';
import type { RunRecord, RunReport } from '../../results/run-report.js';
import { prepareReportDir } from '../../report/write.js';
import { SuiteSession } from '../../runner/run.js';
import { inBatches, inLanes, RUNS_PER_BATCH, selftestLanes } from '../../selftest/lanes.js';
import { judgeClean, judgeFault, judgeRevision, judgeVariant, type SelftestRow } from '../../selftest/matrix.js';
import { BUNDLED_SPEC, loadSpec, readSpecDocument, type LoadedSpec } from '../../spec/load.js';
import type { Output } from '../console/output.js';
import type { RunConfig } from '../options.js';
import { namedPatches } from '../named-faults.js';
import { settingsFor } from '../run-setup.js';
import { defaultReportDir, keepNewestRuns } from '../reports-folder.js';
import { judge } from '../../results/assess.js';
import { EXIT } from '../../results/verdict.js';

/**
 * `petstore-conformance selftest`: proves the suite's power in both directions. Runs every suite against the
 * clean reference, against the reference with each fault (each must be caught by its rule), and against each
 * conformant variant (each must pass), and prints the matrix. Exit 0 when all hold, else 1. `--fault` and
 * `--variant` narrow it to those (a revision's fault runs with that revision's spec; a revision's id as a variant runs
 * the revision against the reference that keeps it).
 */
export async function selftestCommand(config: RunConfig, out: Output): Promise<number> {
  // A revision's id given as a variant runs that revision against the reference that keeps it: another way of keeping
  // the contract, with its own spec.
  const namedRevisions = new Set(config.variants.filter((id) => REVISIONS.some((r) => r.id === id)));
  const named = namedPatches({ faults: config.faults, variants: config.variants.filter((id) => !namedRevisions.has(id)) });
  const narrowed = named.faults.length > 0 || named.variants.length > 0 || namedRevisions.size > 0;
  const ofRevisions = new Set(REVISIONS.flatMap((r) => r.faults));
  const faults = narrowed ? named.faults.filter((f) => !ofRevisions.has(f)) : FAULTS;
  const variants = narrowed ? named.variants : VARIANTS;
  const revisions = REVISIONS.flatMap((revision) => {
    const revisionFaults = revision.faults.filter((f) => !narrowed || named.faults.includes(f));
    const whole = !narrowed || namedRevisions.has(revision.id);
    return whole || revisionFaults.length > 0 ? [{ revision, faults: revisionFaults, whole }] : [];
  });
  const spec = await loadSpec(config.specPath);
  const reportDir = config.reportDir ?? await defaultReportDir('selftest');
  const releaseReportDir = await prepareReportDir(reportDir);
  // Stopped (Ctrl-C, SIGTERM), selftest judges nothing more: it exits at once, and the exit removes the batches' copies
  // of the suite files (runner/suite-slots.ts).
  const stop = (signal: NodeJS.Signals) => {
    out.error(`petstore-conformance: ${signal}: selftest stopped; no matrix written`);
    process.exit(EXIT.notCarriedOut);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const revisedSpecs = await writeRevisedSpecs(revisions.map((r) => r.revision), join(reportDir, 'revisions'));
    const seed = config.seed ?? randomInt(0, 2 ** 31 - 1);
    const revisionFaults = revisions.reduce((n, r) => n + r.faults.length, 0);
    out.line(`selftest: the clean reference, ${faults.length} faults that must be caught, ${variants.length} variants that must pass, ` +
      `${revisions.length} revisions of the spec with ${revisionFaults} faults; seed ${seed}`);
    const targets: SelftestTarget[] = [
      { patches: {}, judge: judgeClean, spec },
      ...faults.map((fault) => ({ patches: { faults: [fault.id] }, judge: (report: RunReport) => judgeFault(fault, report), spec })),
      ...variants.map((variant) => ({ patches: { variants: [variant.id] }, judge: (report: RunReport) => judgeVariant(variant.id, report), spec })),
      ...revisions.flatMap(({ revision, faults: broken, whole }) => {
        const revised = revisedSpecs.get(revision.id) as LoadedSpec;
        return [
          ...(whole ? [{ patches: { revision: revision.id }, judge: (report: RunReport) => judgeRevision(revision.id, report), spec: revised, settings: revision.settings }] : []),
          ...broken.map((fault) => ({ patches: { revision: revision.id, faults: [fault.id] }, judge: (report: RunReport) => judgeFault(fault, report), spec: revised, settings: revision.settings })),
        ];
      }),
    ];
    // Every run of the matrix gives the reference the one key, from the seed: one redactor serves them all.
    const apiKey = referenceKeyFor(seed);
    const redactor = new Redactor([apiKey], config.secrets);
    // A batch of targets, each against a reference of its own, in one vitest run of the lane's session.
    const runBatch = async (session: SuiteSession, batch: readonly SelftestTarget[]): Promise<SelftestRow[]> => {
      const servers = await startReferenceServers(batch.map(({ patches }) => ({ ...patches, apiKey })));
      try {
        const runs = await Promise.all(batch.map(async ({ spec, settings: own }, i) => {
          const target = (servers[i] as (typeof servers)[number]).url;
          const settings = { ...settingsFor(config, spec, target), ...own };
          return {
            settings: config.timeoutGiven ? settings : { ...settings, timeoutMs: SELFTEST_TIMEOUT_MS },
            spec, target, targetKind: 'reference' as const, apiKey, redactor, seed, profile: config.profile,
          };
        }));
        const records = await session.runAll(runs);
        return batch.map((target, i) => target.judge(judge(records[i] as RunRecord, { strict: false, failOn: 'any', failOnPartial: false })));
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
    };
    const batches = inBatches(targets, RUNS_PER_BATCH);
    const rows = (await inLanes(batches.length, selftestLanes(), () => SuiteSession.open(),
      (session, i) => runBatch(session, batches[i] as SelftestTarget[]),
      (batchRows) => batchRows.forEach((row) => show(out, row)))).flat();
    const failures = rows.filter((r) => !r.ok);
    const path = join(reportDir, 'selftest.json');
    await writeFile(path, `${JSON.stringify({ seed, rows }, null, 2)}\n`);
    out.line();
    out.line(failures.length === 0
      ? out.style.green(`selftest passed: the clean reference passed every check, all ${faults.length + revisionFaults} faults were caught by their rule and blamed on no other, all ${variants.length} variants and ${revisions.length} revisions were judged conformant`)
      : out.style.red(`selftest failed: ${failures.map((r) => r.target).join(', ')}`));
    out.line(`Matrix: ${path}`);
    if (config.reportDir === undefined) await keepNewestRuns(out, config.keepReports);
    return failures.length === 0 ? EXIT.ok : EXIT.failed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await releaseReportDir();
  }
}

/** One run of the matrix: the reference with these patches, the spec the suite follows, and how its report is judged. */
interface SelftestTarget {
  readonly patches: { readonly faults?: string[]; readonly variants?: string[]; readonly revision?: string };
  readonly spec: LoadedSpec;
  /** The options a revision's runs take that are not the command line's (see Revision.settings). */
  readonly settings?: Revision['settings'];
  readonly judge: (report: RunReport) => SelftestRow;
}

/**
 * Each revision's spec, written where the matrix is (`<report-dir>/revisions/<id>.json`, or for one split over files
 * `<report-dir>/revisions/<id>/openapi.json` and its schema files, for a reader to see what the suite was given) and
 * loaded as `--spec` loads one.
 */
async function writeRevisedSpecs(revisions: readonly Revision[], dir: string): Promise<Map<string, LoadedSpec>> {
  const loaded = new Map<string, LoadedSpec>();
  if (revisions.length === 0) return loaded;
  await mkdir(dir, { recursive: true });
  for (const revision of revisions) {
    const doc = await readSpecDocument(BUNDLED_SPEC);
    revision.revise(doc);
    const files = revision.layout === 'split' ? splitOverFiles(doc) : new Map([[`${revision.id}.json`, `${JSON.stringify(doc, null, 2)}\n`]]);
    const folder = revision.layout === 'split' ? join(dir, revision.id) : dir;
    for (const [path, text] of files) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
    loaded.set(revision.id, await loadSpec(join(folder, [...files.keys()][0] as string)));
  }
  return loaded;
}

/**
 * The deadline of selftest's requests unless --timeout is given: the reference is local and answers at once,
 * so 2 s still allows for a loaded machine, and each transport fault's hang costs 2 s instead of 10.
 */
const SELFTEST_TIMEOUT_MS = 2000;

const TARGET_WIDTH = Math.max(...[...FAULTS, ...VARIANTS, ...REVISIONS, ...REVISIONS.flatMap((r) => r.faults)].map((p) => p.id.length));

function show(out: Output, row: SelftestRow): SelftestRow {
  const mark = row.ok ? out.style.green('✓') : out.style.red('✗');
  const expected = (row.expectedRule ?? (row.kind === 'clean' ? '(none)' : row.kind)).padEnd(9);
  const outcome = row.ok ? (row.kind === 'fault' ? 'detected' : 'conformant') : row.problem ?? '';
  out.line(`  ${mark} ${row.target.padEnd(TARGET_WIDTH)} ${expected} ${outcome}  ${out.style.dim(`failed: ${row.failedRules.join(', ') || 'none'}`)}`);
  return row;
}
