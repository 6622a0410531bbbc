import { requiredParameterValue } from '../generators/schema/parameter-values.js';
import { jsonText } from '../json/write.js';
import { encodeQueryText, writeParameter, type ParameterValue } from '../spec/parameter-style.js';
import { nodeOf } from '../spec/schema-node.js';
import type { JsonSchema, Operation, Parameter } from '../spec/types.js';

/** The value a path parameter gets when a check does not name one: the contract shows no pet ids. */
const PLACEHOLDER_PATH_VALUE = '1';

/**
 * The values of the operation's parameters a request carries: those given, and a value for each one the spec requires
 * in the query or the headers that they lack (see requiredParameterValue), but those the request leaves out on
 * purpose: a request the spec says is incomplete without it would be refused for that, whatever its check is about.
 * A header the request or the run sets (`headers`: its own, and the run's `--header`s; names in any letter case) is
 * not given again.
 */
export function parameterValues(operation: Operation, given: readonly ParameterValue[], leftOut: readonly Parameter[],
  headers: Readonly<Record<string, string>>, unique: string): ParameterValue[] {
  const values = [...given];
  for (const parameter of operation.parameters) {
    if (!parameter.required || (parameter.in !== 'query' && parameter.in !== 'header') || leftOut.includes(parameter)) continue;
    if (values.some((v) => v.parameter === parameter)) continue;
    if (parameter.in === 'header' && Object.keys(headers).some((k) => k.toLowerCase() === parameter.name.toLowerCase())) continue;
    const value = requiredParameterValue(parameter, nodeOf(parameter.schema ?? {}), unique);
    if (value !== undefined) values.push({ parameter, value });
  }
  return values;
}

/**
 * A request's query and parameter headers: the query parameters the spec does not declare that a check sends (INFO-4's),
 * each percent-encoded, then each value as its parameter's style writes it; the headers' names in lower case. A
 * value its style has no form for is a bug of the check that gave it.
 */
export function writtenParameters(undeclared: Readonly<Record<string, string>>, values: readonly ParameterValue[]): { query: string; headers: Record<string, string> } {
  const query = Object.entries(undeclared).map(([name, text]) => `${encodeQueryText(name)}=${encodeQueryText(text)}`);
  const headers: Record<string, string> = {};
  for (const { parameter, value } of values) {
    const written = writeParameter(parameter, value);
    if (!written) throw new Error(`the ${parameter.in} parameter ${parameter.name} (style ${parameter.style}) has no form for the value ${jsonText(value)}; a bug in petstore-conformance`);
    if (written.in === 'query') query.push(written.text);
    else headers[written.name.toLowerCase()] = written.text;
  }
  return { query: query.join('&'), headers };
}

/**
 * How check names say an operation's parameter: `with` before what is sent of it (`GET /categories?tag= with`, `POST
 * /categories with X-Request-Id`), `without` when it is left out.
 */
export function parameterPhrases(operation: Operation, parameter: Parameter): { readonly with: string; readonly without: string } {
  const at = parameter.in === 'query' ? `?${parameter.name}=` : parameter.name;
  const request = `${operation.method} ${operation.path}`;
  return {
    with: parameter.in === 'query' ? `${request}${at} with` : `${request} with ${at}`,
    without: `${request} without ${at}, which the spec requires,`,
  };
}

/** A parameter's value as it is sent, for messages: `tag=a&tag=b`, `X-Request-Id: 0f…`. */
export function shownValue(parameter: Parameter, value: unknown): string {
  const written = writeParameter(parameter, value);
  return written === undefined ? jsonText(value) : written.in === 'query' ? written.text : `${written.name}: ${written.text}`;
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
