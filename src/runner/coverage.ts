import { parameterName, type CoverageCounts, type Tally } from '../protocol/check-meta.js';
import type { CoverageEntry, SpecCoverage } from '../results/run-report.js';
import { nodeOf, writableProperties } from '../spec/schema-node.js';
import { styleWrites, valueKind } from '../spec/parameter-style.js';
import type { Operation, Parameter, SpecModel } from '../spec/types.js';

/** Counts of coverage from the suites, added up (see SuiteTotals.coverage). */
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
   * anything of it or not, and why not where the suite knows (see {@link whyUnsent}).
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
        return entry(name, this.parameters.get(name), whyUnsent(op, p));
      })),
    };
  }
}

/**
 * Why the suite sends no valid value of a parameter, where it knows: in a cookie; given as content; of an operation
 * other than the list and the create, where only a required one is sent (its plainest value); of a kind its style
 * writes no form of.
 */
export function whyUnsent(operation: Operation, parameter: Parameter): string | undefined {
  if (parameter.in === 'cookie') return 'the suite sends no cookie parameters';
  if (parameter.contentType !== undefined) return `its value is given as content (${parameter.contentType}), which the suite does not write`;
  if (!operation.role && !parameter.required) return 'the suite tries the parameters of the list and the create only';
  const kind = valueKind(nodeOf(parameter.schema ?? {}));
  const explode = parameter.explode ? ', exploded' : '';
  return styleWrites(parameter, kind) ? undefined : `its style (${parameter.style}${explode}) writes no ${kind === 'scalar' ? 'single value' : kind} in the ${parameter.in}`;
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
