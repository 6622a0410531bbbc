import type { OpenAPIV3 } from 'openapi-types';
import { SpecError } from '../core/errors.js';
import type { JsonSchema, SpecModel } from './types.js';

/** OpenAPI keywords that are not JSON Schema: annotations with no effect on validation. */
const OPENAPI_ONLY = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

/** What the converter needs of the document a schema comes from: the dialect it writes, and the spec's names for schemas. */
export interface SchemaConversion {
  readonly dialect: SpecModel['schemaDialect'];
  /** The spec's component schemas, by the objects they dereference to: a recursive one keeps its name in the definitions. */
  readonly names: ReadonlyMap<object, string>;
}

/** The JSON Schema dialect of an OpenAPI document's schemas: draft-07 (with `nullable`) for 3.0, 2020-12 for 3.1. */
export function dialectOf(doc: Pick<OpenAPIV3.Document, 'openapi'>): SpecModel['schemaDialect'] {
  return String(doc.openapi).startsWith('3.1.') ? '2020-12' : 'draft-07';
}

/** How the schemas of a dereferenced document are converted (see {@link toJsonSchema}). */
export function conversionOf(doc: OpenAPIV3.Document): SchemaConversion {
  const components = Object.entries(doc.components?.schemas ?? {}).filter(([, schema]) => typeof schema === 'object' && schema !== null);
  return { dialect: dialectOf(doc), names: new Map(components.map(([name, schema]) => [schema as object, name])) };
}

/**
 * Turns an OpenAPI schema object (already dereferenced) into a JSON Schema that ajv compiles in strict mode:
 * drops OpenAPI-only annotations and `x-` extensions, writes OpenAPI 3.0's forms that JSON Schema spells otherwise
 * as JSON Schema does (see {@link asJsonSchemaForms}), copies the rest. `nullable` with a type stays: ajv implements it.
 *
 * A recursive schema (a category whose children are categories) was dereferenced into a cycle of objects, which
 * neither JSON nor a structured clone (the worker's copy of the model, the build's snapshot) can hold: each schema
 * the cycle comes back to is written once, and referred to with `$ref` wherever it recurs: `#` for the schema itself,
 * else its place in the root's definitions (`$defs` for 2020-12, `definitions` for draft-07), under its component name.
 */
export function toJsonSchema(schema: unknown, where: string, conversion: SchemaConversion): JsonSchema {
  const recursive = recursiveIn(schema);
  const state: State = { root: schema, recursive, conversion, refs: new Map(), definitions: {} };
  const converted = convert(schema, where, state, true);
  const defined = Object.keys(state.definitions);
  if (defined.length === 0 || typeof converted !== 'object') return converted;
  const keyword = definitionsKeyword(conversion.dialect);
  return { ...converted, [keyword]: { ...(converted[keyword] as object | undefined), ...state.definitions } };
}

/** Where a converted schema keeps the schemas its `$ref`s name. */
const definitionsKeyword = (dialect: SpecModel['schemaDialect']) => (dialect === '2020-12' ? '$defs' : 'definitions');

/** One conversion's state: the schemas that recur, and where each was written. */
interface State {
  readonly root: unknown;
  readonly recursive: ReadonlySet<object>;
  readonly conversion: SchemaConversion;
  /** The `$ref` of each recurring schema written so far. */
  readonly refs: Map<object, string>;
  readonly definitions: Record<string, JsonSchema>;
}

/** A schema converted; a recurring one as a `$ref` to where it is written, unless it is to be written here (`inline`). */
function convert(schema: unknown, where: string, state: State, inline = false): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SpecError(`${where} is not a schema object`);
  }
  if (!inline && state.recursive.has(schema)) return { $ref: refOf(schema, where, state) };
  // The parser resolves every $ref but a chain of them that leads back to itself with no schema between (`A: {$ref: B}`,
  // `B: {$ref: A}`): it leaves that one as it is, and nothing can be checked against it.
  const ref = (schema as Record<string, unknown>)['$ref'];
  if (typeof ref === 'string') throw new SpecError(`${where} is a $ref (${ref}) that leads back to itself through other $refs, with no schema between: give it a schema`);
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(keyword) || keyword.startsWith('x-')) continue;
    out[keyword] = convertKeyword(keyword, value, `${where}/${keyword}`, state);
  }
  return asJsonSchemaForms(out);
}

/** The `$ref` of a recurring schema: the root's own, or its definition's, written when first referred to. */
function refOf(schema: object, where: string, state: State): string {
  if (schema === state.root) return '#';
  const known = state.refs.get(schema);
  if (known !== undefined) return known;
  const own = (state.root as Record<string, unknown>)[definitionsKeyword(state.conversion.dialect)];
  const taken = (name: string) => Object.hasOwn(state.definitions, name) || (typeof own === 'object' && own !== null && Object.hasOwn(own, name));
  const base = state.conversion.names.get(schema) ?? 'schema';
  let name = base;
  for (let n = 2; taken(name); n++) name = `${base}-${n}`;
  const ref = `#/${definitionsKeyword(state.conversion.dialect)}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  // Known before it is written: the schema refers to itself on the way down.
  state.refs.set(schema, ref);
  state.definitions[name] = true;
  state.definitions[name] = convert(schema, where, state, true);
  return ref;
}

/** The schemas within a schema that a path from it comes back to: where its recursion closes. */
function recursiveIn(root: unknown): Set<object> {
  const found = new Set<object>();
  const path = new Set<object>();
  const visit = (schema: unknown) => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
    if (path.has(schema)) {
      found.add(schema);
      return;
    }
    path.add(schema);
    for (const [keyword, value] of Object.entries(schema)) {
      if (OPENAPI_ONLY.has(keyword) || keyword.startsWith('x-')) continue;
      const kind = schemaKind(keyword, value);
      if (kind === 'schema') visit(value);
      else if (kind === 'list') (value as unknown[]).forEach(visit);
      else if (kind === 'map') Object.values(value as object).forEach(visit);
    }
    path.delete(schema);
  };
  visit(root);
  return found;
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

/** Whether a keyword's value is a schema, a list of schemas or a map of them; undefined for any other value. */
function schemaKind(keyword: string, value: unknown): 'schema' | 'list' | 'map' | undefined {
  if (SCHEMA_VALUED.has(keyword) && !Array.isArray(value)) return 'schema';
  if (SCHEMA_LISTS.has(keyword) || (keyword === 'items' && Array.isArray(value))) return 'list';
  if (SCHEMA_MAPS.has(keyword) && typeof value === 'object' && value !== null) return 'map';
  return undefined;
}

function convertKeyword(keyword: string, value: unknown, where: string, state: State): unknown {
  switch (schemaKind(keyword, value)) {
    case 'schema':
      return convert(value, where, state);
    case 'list':
      return (value as unknown[]).map((item, i) => convert(item, `${where}/${i}`, state));
    case 'map':
      return Object.fromEntries(Object.entries(value as object).map(([name, item]) => [name, convert(item, `${where}/${name}`, state)]));
    default:
      return value;
  }
}
