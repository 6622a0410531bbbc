import { requiredParameterValue } from '../generators/schema/query-values.js';
import { nodeOf } from '../spec/schema-node.js';
import type { JsonSchema, Operation } from '../spec/types.js';

/** The value a path parameter gets when a check does not name one: the contract shows no pet ids. */
const PLACEHOLDER_PATH_VALUE = '1';

/**
 * The values given for the operation's parameters in one place (the query, the headers), with a value for each one the
 * spec requires there and they lack (see requiredParameterValue): a request the spec says is incomplete without it
 * would be refused for that, whatever its check is about. Header names are compared in any letter case.
 */
export function withRequiredParameters(operation: Operation, place: 'query' | 'header', given: Readonly<Record<string, string>>, unique: string): Record<string, string> {
  const values: Record<string, string> = { ...given };
  const has = (name: string) => Object.keys(values).some((k) => (place === 'header' ? k.toLowerCase() === name.toLowerCase() : k === name));
  for (const parameter of operation.parameters) {
    if (!parameter.required || parameter.in !== place || has(parameter.name)) continue;
    const value = requiredParameterValue(nodeOf(parameter.schema ?? {}), unique);
    if (value !== undefined) values[place === 'header' ? parameter.name.toLowerCase() : parameter.name] = value;
  }
  return values;
}

/** The operation's path with its parameters filled in: the values given, else a placeholder. */
export function fillPath(operation: Operation, values: Readonly<Record<string, string>> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? PLACEHOLDER_PATH_VALUE));
}

/** The smallest value a schema accepts, by its required properties; strings carry the marker. */
export function sample(schema: JsonSchema, marker: string): unknown {
  if (typeof schema !== 'object') return {};
  const parts = [schema, ...((schema['allOf'] as JsonSchema[] | undefined) ?? [])].filter((s) => typeof s === 'object');
  const type = parts.map((s) => s['type']).find((t) => t !== undefined);
  if (type === 'string') return marker;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  const result: Record<string, unknown> = {};
  for (const part of parts) {
    const properties = (part['properties'] ?? {}) as Record<string, JsonSchema>;
    for (const name of (part['required'] as string[] | undefined) ?? []) {
      const property = properties[name];
      if (property !== undefined) result[name] = sample(property, marker);
    }
  }
  return result;
}
