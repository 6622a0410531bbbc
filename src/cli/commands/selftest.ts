import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FAULTS } from '../../reference/faults/index.js';
import { referenceKeyFor, startReferenceServer } from '../../reference/server.js';
import { VARIANTS } from '../../reference/variants.js';
import type { RunReport } from '../../results/run-report.js';
import { prepareReportDir } from '../../report/write.js';
import { SuiteSession } from '../../runner/run.js';
import { inLanes, selftestLanes } from '../../selftest/lanes.js';
import { judgeClean, judgeFault, judgeVariant, type SelftestRow } from '../../selftest/matrix.js';
import { loadSpec } from '../../spec/load.js';
import type { Output } from '../console/output.js';
import type { RunConfig } from '../options.js';
import { namedPatches } from '../named-faults.js';
import { settingsFor } from '../run-setup.js';
import { EXIT, defaultReportDir } from './run.js';
import { judge } from '../../results/assess.js';

/**
 * `petstore-conformance selftest`: proves the suite's power in both directions. Runs every suite against the
 * clean reference, against the reference with each fault (each must be caught by its rule), and against each
 * conformant variant (each must pass), and prints the matrix. Exit 0 when all hold, else 1. `--fault` and
 * `--variant` narrow it to those.
 */
export async function selftestCommand(config: RunConfig, out: Output): Promise<number> {
  const named = namedPatches(config);
  const narrowed = named.faults.length > 0 || named.variants.length > 0;
  const faults = narrowed ? named.faults : FAULTS;
  const variants = narrowed ? named.variants : VARIANTS;
  const spec = await loadSpec(config.specPath);
  const reportDir = config.reportDir ?? defaultReportDir('selftest');
  const releaseReportDir = await prepareReportDir(reportDir);
  try {
    const seed = config.seed ?? randomInt(0, 2 ** 31 - 1);
    out.line(`selftest: the clean reference, ${faults.length} faults that must be caught, ${variants.length} variants that must pass; seed ${seed}`);
    const targets: SelftestTarget[] = [
      { patches: {}, judge: judgeClean },
      ...faults.map((fault) => ({ patches: { faults: [fault.id] }, judge: (report: RunReport) => judgeFault(fault, report) })),
      ...variants.map((variant) => ({ patches: { variants: [variant.id] }, judge: (report: RunReport) => judgeVariant(variant.id, report) })),
    ];
    const runAgainst = async (session: SuiteSession, patches: SelftestTarget['patches']): Promise<RunReport> => {
      const server = await startReferenceServer({ ...patches, apiKey: referenceKeyFor(seed) });
      try {
        const settings = await settingsFor(config, spec, server.url);
        return judge(await session.run({
          settings: config.timeoutGiven ? settings : { ...settings, timeoutMs: SELFTEST_TIMEOUT_MS },
          spec, target: server.url, targetKind: 'reference', apiKey: server.apiKey, seed, profile: config.profile,
        }), { strict: false, failOn: 'any', failOnPartial: false });
      } finally {
        await server.close();
      }
    };
    const rows = await inLanes(targets.length, selftestLanes(), () => SuiteSession.open(), async (session, i) => {
      const target = targets[i] as SelftestTarget;
      return target.judge(await runAgainst(session, target.patches));
    }, (row) => show(out, row));
    const failures = rows.filter((r) => !r.ok);
    const path = join(reportDir, 'selftest.json');
    await writeFile(path, `${JSON.stringify({ seed, rows }, null, 2)}\n`);
    out.line();
    out.line(failures.length === 0
      ? out.style.green(`selftest passed: the clean reference passed every check, all ${faults.length} faults were caught by their rule and blamed on no other, all ${variants.length} variants were judged conformant`)
      : out.style.red(`selftest failed: ${failures.map((r) => r.target).join(', ')}`));
    out.line(`Matrix: ${path}`);
    return failures.length === 0 ? EXIT.conformant : EXIT.nonConformant;
  } finally {
    await releaseReportDir();
  }
}

/** One run of the matrix: the reference with these patches, and how its report is judged. */
interface SelftestTarget {
  readonly patches: { readonly faults?: string[]; readonly variants?: string[] };
  readonly judge: (report: RunReport) => SelftestRow;
}

/**
 * The deadline of selftest's requests unless --timeout is given: the reference is local and answers at once,
 * so 2 s still allows for a loaded machine, and each transport fault's hang costs 2 s instead of 10.
 */
const SELFTEST_TIMEOUT_MS = 2000;

const TARGET_WIDTH = Math.max(...[...FAULTS, ...VARIANTS].map((p) => p.id.length));

function show(out: Output, row: SelftestRow): SelftestRow {
  const mark = row.ok ? out.style.green('✓') : out.style.red('✗');
  const expected = (row.expectedRule ?? (row.kind === 'variant' ? 'variant' : '(none)')).padEnd(9);
  const outcome = row.ok ? (row.kind === 'fault' ? 'detected' : 'conformant') : row.problem ?? '';
  out.line(`  ${mark} ${row.target.padEnd(TARGET_WIDTH)} ${expected} ${outcome}  ${out.style.dim(`failed: ${row.failedRules.join(', ') || 'none'}`)}`);
  return row;
}
