import { SpecError } from '../core/errors.js';
import type { JsonSchema } from './types.js';

/** OpenAPI keywords that are not JSON Schema: annotations with no effect on validation. */
const OPENAPI_ONLY = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

/**
 * Turns an OpenAPI schema object (already dereferenced) into a JSON Schema that ajv compiles in strict mode:
 * drops OpenAPI-only annotations and `x-` extensions, writes OpenAPI 3.0's forms that JSON Schema spells otherwise
 * as JSON Schema does (see {@link asJsonSchemaForms}), copies the rest. `nullable` with a type stays: ajv implements it.
 */
export function toJsonSchema(schema: unknown, where: string, seen: Set<object> = new Set()): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SpecError(`${where} is not a schema object`);
  }
  if (seen.has(schema)) throw new SpecError(`${where} is recursive; recursive schemas are not supported`);
  seen.add(schema);
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(keyword) || keyword.startsWith('x-')) continue;
    out[keyword] = convertKeyword(keyword, value, `${where}/${keyword}`, seen);
  }
  seen.delete(schema);
  return asJsonSchemaForms(out);
}

/**
 * OpenAPI 3.0's forms written as JSON Schema's: an `exclusiveMinimum: true` (or `exclusiveMaximum`) beside a
 * `minimum` is the exclusive bound itself, as 3.1 and draft 2019 write it (`false` says nothing); a `nullable: true`
 * without a `type` (the usual way to make a `$ref`'s schema nullable, through `allOf`) lets null through as
 * `anyOf [the schema, {type: null}]` does. Either is valid OpenAPI 3.0 that ajv's dialects refuse as written.
 */
function asJsonSchemaForms(schema: Record<string, unknown>): JsonSchema {
  const out = { ...schema };
  for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[bound] === 'number') {
      out[exclusive] = out[bound];
      delete out[bound];
    } else delete out[exclusive];
  }
  if (typeof out['nullable'] === 'boolean' && out['type'] === undefined) {
    const { nullable, ...rest } = out;
    return nullable ? { anyOf: [rest, { type: 'null' }] } : rest;
  }
  return out;
}

// Keywords whose values are schemas, maps of schemas or lists of schemas.
const SCHEMA_VALUED = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

function convertKeyword(keyword: string, value: unknown, where: string, seen: Set<object>): unknown {
  if (SCHEMA_VALUED.has(keyword) && !Array.isArray(value)) return toJsonSchema(value, where, seen);
  if (SCHEMA_LISTS.has(keyword) || (keyword === 'items' && Array.isArray(value))) {
    return (value as unknown[]).map((item, i) => toJsonSchema(item, `${where}/${i}`, seen));
  }
  if (SCHEMA_MAPS.has(keyword) && typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, toJsonSchema(item, `${where}/${name}`, seen)]),
    );
  }
  return value;
}
