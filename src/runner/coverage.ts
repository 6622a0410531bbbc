import { parameterName, type CoverageCounts, type Tally } from '../protocol/check-meta.js';
import type { CoverageEntry, SpecCoverage } from '../results/run-report.js';
import { nodeOf, writableProperties } from '../spec/schema-node.js';
import type { SpecModel } from '../spec/types.js';

/** Counts of coverage from suite files, added up (see FileTotals.coverage). */
export class CoverageTotals {
  private readonly operations = new Map<string, number>();
  private readonly properties = new Map<string, Tally>();
  private readonly parameters = new Map<string, Tally>();
  private readonly unsent = new Map<string, string>();

  add(counts: CoverageCounts): void {
    for (const [key, n] of Object.entries(counts.operations)) this.operations.set(key, (this.operations.get(key) ?? 0) + n);
    addTallies(this.properties, counts.properties);
    addTallies(this.parameters, counts.parameters);
    for (const { property, why } of counts.unsent) this.unsent.set(property, why);
  }

  /**
   * The run's coverage of the spec: every operation, NewCategory property and parameter it has, whether the run sent
   * anything of it or not. Only query parameters are sent: one in a header, a cookie or a path says so.
   */
  of(model: SpecModel): SpecCoverage {
    const entry = (name: string, tally: Tally | undefined, why?: string): CoverageEntry => ({
      name, valid: tally?.valid ?? 0, invalid: tally?.invalid ?? 0, ...(why && !tally?.valid ? { why } : {}),
    });
    return {
      operations: model.operations.map((op) => ({ operation: op.key, requests: this.operations.get(op.key) ?? 0 })),
      properties: writableProperties(nodeOf(model.schemas.NewCategory)).map(([name]) => entry(name, this.properties.get(name), this.unsent.get(name))),
      parameters: model.operations.flatMap((op) => op.parameters.map((p) => {
        const name = parameterName(op.key, p);
        const why = p.required ? (p.in === 'cookie' ? 'the suite sends no cookie parameters' : undefined)
          : p.in !== 'query' ? 'the suite sends query parameters and required headers only'
            : op.role !== 'list' ? 'the suite tries the parameters of the list only' : undefined;
        return entry(name, this.parameters.get(name), why);
      })),
    };
  }
}

function addTallies(into: Map<string, Tally>, from: Readonly<Record<string, Tally>>): void {
  for (const [key, { valid, invalid }] of Object.entries(from)) {
    const counts = into.get(key) ?? { valid: 0, invalid: 0 };
    into.set(key, { valid: counts.valid + valid, invalid: counts.invalid + invalid });
  }
}

/** Coverages of the shards of one run (of one spec), added up. */
export function sumCoverages(coverages: readonly SpecCoverage[]): SpecCoverage | undefined {
  const [first] = coverages;
  if (!first) return undefined;
  const sum = <T extends { readonly name: string } | { readonly operation: string }>(pick: (c: SpecCoverage) => readonly T[], add: (a: T, b: T) => T) =>
    pick(first).map((item, i) => coverages.slice(1).reduce((total, c) => add(total, pick(c)[i] as T), item));
  return {
    operations: sum((c) => c.operations, (a, b) => ({ ...a, requests: a.requests + b.requests })),
    properties: sum((c) => c.properties, addEntries),
    parameters: sum((c) => c.parameters, addEntries),
  };
}

function addEntries(a: CoverageEntry, b: CoverageEntry): CoverageEntry {
  const { why: _why, ...rest } = a;
  const valid = a.valid + b.valid;
  return { ...rest, valid, invalid: a.invalid + b.invalid, ...(valid === 0 && (a.why ?? b.why) ? { why: (a.why ?? b.why) as string } : {}) };
}
