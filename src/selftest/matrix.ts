import type { Fault } from '../reference/faults/index.js';
import { causeOf } from '../results/causes.js';
import { titleOf, type RunReport } from '../results/run-report.js';

/** One row of the selftest matrix: a target and whether the suite judged it as it must. */
export interface SelftestRow {
  /** `clean`, a fault id, or a variant id. */
  readonly target: string;
  readonly kind: 'clean' | 'fault' | 'variant' | 'revision';
  /** The rule that must fail; none for the clean reference and the variants. */
  readonly expectedRule?: string;
  readonly verdict: RunReport['verdict'];
  /** The rules with a failed check. */
  readonly failedRules: readonly string[];
  /** Whether the suite did what it must: the clean reference passes everything, a fault fails its rule. */
  readonly ok: boolean;
  /** What went wrong when not ok. */
  readonly problem?: string;
  readonly durationMs: number;
}

/** The clean reference must be conformant with every check passed: no failure, no warning, no skip. */
export function judgeClean(report: RunReport): SelftestRow {
  const skipped = report.results.filter((r) => r.outcome === 'skipped');
  const problem = unkept(report) ?? (skipped.length ? `skipped: ${skipped.map(titleOf).join('; ')}` : undefined);
  return row('clean', 'clean', undefined, report, problem);
}

/**
 * A variant keeps the contract in another way: conformant with no check failed, no warning either. Skips are
 * allowed (a variant that refuses every open case creates nothing for some checks to verify).
 */
export function judgeVariant(id: string, report: RunReport): SelftestRow {
  return row(id, 'variant', undefined, report, unkept(report));
}

/** A server that keeps a revision of the spec, checked against that revision: as a variant is judged. */
export function judgeRevision(id: string, report: RunReport): SelftestRow {
  return row(id, 'revision', undefined, report, unkept(report));
}

function unkept(report: RunReport): string | undefined {
  const failed = failedRules(report);
  if (report.verdict !== 'conformant') return `verdict ${report.verdict}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`;
  return failed.length ? `warnings: ${failed.join(', ')}` : undefined;
}

/**
 * A fault must make its rule fail, and no rule but those it breaks in its own right (see Fault.also) or failures that
 * name one of those as their cause, with the verdict its rule's effect gives: non-conformant when its failures break
 * the verdict, conformant when they warn.
 */
export function judgeFault(fault: Fault, report: RunReport): SelftestRow {
  const failed = failedRules(report);
  const breaks = report.rules.find((r) => r.id === fault.rule)?.effect === 'breaks-verdict';
  const wantedVerdict = breaks ? 'non-conformant' : 'conformant';
  // A failure that names as its cause a rule the fault breaks (see CheckResult.cause) follows from it: no echo.
  const broken = new Set<string>([fault.rule, ...fault.also]);
  const echoes = [...new Set(report.results.filter((r) => r.outcome === 'failed' && !broken.has(r.rule) && !broken.has(causeOf(r))).map((r) => r.rule))];
  const problem = !failed.includes(fault.rule) ? `${fault.rule} did not fail (failed: ${failed.join(', ') || 'nothing'})`
    : echoes.length > 0 ? `${echoes.join(', ')} failed too, which the fault does not break: blamed on the wrong rule`
      : report.verdict !== wantedVerdict ? `verdict ${report.verdict}, expected ${wantedVerdict}` : undefined;
  return row(fault.id, 'fault', fault.rule, report, problem);
}

function row(target: string, kind: SelftestRow['kind'], expectedRule: string | undefined, report: RunReport, problem: string | undefined): SelftestRow {
  return {
    target,
    kind,
    ...(expectedRule ? { expectedRule } : {}),
    verdict: report.verdict,
    failedRules: failedRules(report),
    ok: problem === undefined,
    ...(problem ? { problem } : {}),
    durationMs: report.durationMs,
  };
}

function failedRules(report: RunReport): string[] {
  return [...new Set(report.results.filter((r) => r.outcome === 'failed').map((r) => r.rule))];
}
