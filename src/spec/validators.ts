import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { exactInteger, INTEGER_FORMATS } from '../http/json/exact-integer.js';
import type { JsonDocument } from '../http/json/parse.js';
import type { JsonSchema, SpecModel } from './types.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A compiled schema: validates a parsed JSON value, integers checked exactly against their source text. */
export interface SchemaValidator {
  /** Violations as `path: problem` lines; empty when the value is valid. */
  (value: unknown, document?: JsonDocument): string[];
}

/** Validators for the three schemas the checks judge responses and requests by. */
export interface Validators {
  readonly Category: SchemaValidator;
  readonly NewCategory: SchemaValidator;
  readonly Error: SchemaValidator;
}

/** Compiles the spec's schemas with ajv and ajv-formats. Throws when a schema does not compile. */
export function compileValidators(model: SpecModel): Validators {
  const ajv = model.schemaDialect === '2020-12'
    ? new Ajv2020({ allErrors: true, strict: true, logger: false })
    : new Ajv({ allErrors: true, strict: true, logger: false });
  addFormats(ajv);
  // Formats are open in OpenAPI: one ajv does not know annotates, it does not fail validation.
  for (const format of formatsIn(model.schemas)) if (!ajv.formats[format]) ajv.addFormat(format, true);
  const compile = (schema: JsonSchema): SchemaValidator => {
    const validate = ajv.compile(schema);
    return (value, document) => [...schemaViolations(validate, value), ...integerViolations(schema, value, document, '')];
  };
  return {
    Category: compile(model.schemas.Category),
    NewCategory: compile(model.schemas.NewCategory),
    Error: compile(model.schemas.Error),
  };
}

function schemaViolations(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(describeError);
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(the value)';
  if (error.keyword === 'required') return `${where}: required property "${String(error.params['missingProperty'])}" is missing`;
  return `${where}: ${error.message ?? error.keyword}`;
}

/**
 * Checks every number a `type: integer` schema covers against its exact source text: `ajv` sees doubles, in
 * which 2^63 and 2^63−1 are the same value and 1.0000000000000000001 is an integer.
 */
function integerViolations(schema: JsonSchema, value: unknown, document: JsonDocument | undefined, path: string): string[] {
  if (typeof schema !== 'object' || typeof value !== 'object' || value === null) return [];
  const out: string[] = [];
  const visitChild = (child: JsonSchema | undefined, container: object, key: string | number) => {
    if (child === undefined) return;
    const item = (container as Record<string | number, unknown>)[key];
    const where = `${path}/${key}`;
    if (typeof item === 'number' && isIntegerSchema(child)) {
      const problem = integerProblem(document?.numberSource(container, key) ?? numberText(item), child);
      if (problem) out.push(`${where}: ${problem}`);
    } else {
      out.push(...integerViolations(child, item, document, where));
    }
  };
  for (const sub of (schema['allOf'] as JsonSchema[] | undefined) ?? []) out.push(...integerViolations(sub, value, document, path));
  if (Array.isArray(value)) {
    const items = schema['items'] as JsonSchema | undefined;
    value.forEach((_, i) => visitChild(items, value, i));
  } else {
    const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    for (const key of Object.keys(value)) if (key in properties) visitChild(properties[key], value, key);
  }
  return out;
}

function isIntegerSchema(schema: JsonSchema): boolean {
  if (typeof schema !== 'object') return false;
  const type = schema['type'];
  return type === 'integer' || (Array.isArray(type) && type.includes('integer') && !type.includes('number'));
}

function integerProblem(text: string, schema: JsonSchema): string | undefined {
  const exact = exactInteger(text);
  if (exact.kind === 'not-integer') return `${text} is not an integer`;
  const format = typeof schema === 'object' ? schema['format'] : undefined;
  const range = typeof format === 'string' ? INTEGER_FORMATS[format] : undefined;
  if (!range) return undefined;
  if (exact.kind === 'huge' || exact.value < range.min || exact.value > range.max) {
    return `${text} is outside the ${String(format)} range`;
  }
  return undefined;
}

// The text a safe double came from: doubles without a kept source are exact integers or short decimals.
function numberText(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n);
}

function formatsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => formatsIn(v, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'format' && typeof v === 'string') found.add(v);
      else formatsIn(v, found);
    }
  }
  return found;
}
