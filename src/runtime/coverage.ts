import { parameterProblem } from '../generators/schema/parameter-values.js';
import { parameterName, type CoverageCounts, type Tally } from '../protocol/check-meta.js';
import { nodeOf, type SchemaNode } from '../spec/schema-node.js';
import type { ParameterValue } from '../spec/parameter-style.js';
import type { Operation } from '../spec/types.js';
import type { Environment } from './environment.js';

/**
 * Counts what of the spec one suite's requests exercise, as they are sent: each operation's requests, each
 * NewCategory property's values in the create's bodies (valid or not, as the spec's validator says of each), and each
 * declared parameter's values (valid or not, as its schema says of them as a server reads them). Read as the file's
 * totals (see SuiteTotals).
 */
export class Coverage {
  private readonly operations = new Map<string, number>();
  private readonly properties = new Map<string, Tally>();
  private readonly parameters = new Map<string, Tally>();
  /** Each declared parameter's schema, by operation and name, read once. */
  private readonly parameterNodes = new Map<string, SchemaNode>();

  constructor(private readonly env: Environment) {}

  /** Counts one request: its operation, the properties of a create's body, the values of its declared parameters. */
  note(operation: Operation, body: string | undefined, parameters: readonly ParameterValue[]): void {
    const key = operation.variantOf ?? operation.key;
    this.operations.set(key, (this.operations.get(key) ?? 0) + 1);
    if (operation.role === 'create' && body !== undefined) this.noteBody(body);
    for (const { parameter, value } of parameters) {
      const id = parameterName(key, parameter);
      let node = this.parameterNodes.get(id);
      if (!node) this.parameterNodes.set(id, (node = nodeOf(parameter.schema ?? {})));
      tally(this.parameters, id, parameterProblem(node, value) === undefined);
    }
  }

  private noteBody(text: string): void {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const { bodies } = this.env;
    const broken = bodies.brokenProperties(body);
    for (const property of bodies.properties) {
      if (Object.hasOwn(body, property) || broken.has(property)) tally(this.properties, property, !broken.has(property));
    }
  }

  counts(): CoverageCounts {
    return {
      operations: Object.fromEntries(this.operations),
      properties: Object.fromEntries(this.properties),
      parameters: Object.fromEntries(this.parameters),
      unsent: this.env.bodies.unexercised,
    };
  }
}

function tally(into: Map<string, Tally>, key: string, valid: boolean): void {
  const counts = into.get(key) ?? { valid: 0, invalid: 0 };
  if (valid) counts.valid++;
  else counts.invalid++;
  into.set(key, counts);
}
