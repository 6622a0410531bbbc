import { createRequire } from 'node:module';
import type { Ajv as AjvInstance, ErrorObject, Options, ValidateFunction } from 'ajv';
import { boundLatitude, boundText, exactInteger, INTEGER_FORMATS } from '../json/exact-integer.js';
import type { JsonDocument } from '../json/parse.js';
import { localRefTarget } from './local-ref.js';
import { patternEngine } from './pattern.js';
import type { JsonSchema, Operation, SchemaName, SpecModel } from './types.js';

const require = createRequire(import.meta.url);

/** One way a value breaks a schema. */
export interface Violation {
  /**
   * Where, as a JSON pointer into the value: the property or item at fault (for a missing required property or one
   * `additionalProperties` forbids, that property); `''` for the value itself.
   */
  readonly pointer: string;
  /** `path: problem`, for messages. */
  readonly line: string;
}

/** A compiled schema: validates a parsed JSON value, integers checked exactly against their source text. */
export interface SchemaValidator {
  /** Violations as `path: problem` lines; empty when the value is valid. */
  (value: unknown, document?: JsonDocument): string[];
  /** The same violations, with where each is. */
  violations(value: unknown, document?: JsonDocument): Violation[];
}

/** Validators for the three schemas the checks judge responses and requests by. */
export type Validators = { readonly [name in SchemaName]: SchemaValidator } & {
  /**
   * What judges a client error of an operation: the schema the spec documents for that status (`401`, else `4XX`,
   * else `default`), else the Error. A schema other than the Error's is compiled when first asked for.
   */
  errorFor(operation: Operation, status: number): SchemaValidator;
};

/**
 * Compiles the spec's schemas with ajv and ajv-formats. Throws when a schema does not compile.
 *
 * @param checked - the same schemas already compiled here once, in full (the CLI does, before the suites run):
 * ajv then skips checking them against its meta-schema, which it would have to compile first (issue 6).
 */
export function compileValidators(model: SpecModel, { checked = false }: { readonly checked?: boolean } = {}): Validators {
  const ajv = ajvFor(model, { validateSchema: !checked });
  return validatorsOf(model, (name) => ajv.compile(model.schemas[name]));
}

/**
 * An ajv for the model's schemas: its dialect, ajv-formats, and the other formats the spec names, open. ajv is
 * loaded here, when first needed: a run of the bundled spec takes prebuilt validators and never loads it.
 */
export function ajvFor(model: SpecModel, options: Options): AjvInstance {
  // Standalone code (the build's, for the bundled spec) keeps ajv's own engine: it cannot name a function of ours.
  const standalone = options.code?.source === true;
  // multipleOfPrecision: a multiple is judged as decimals are (1.37 of 0.01; a double division finds 137.00000000000003).
  const settings: Options = { allErrors: true, strict: true, logger: false, multipleOfPrecision: 9, ...options, ...(standalone ? {} : { code: { ...options.code, regExp: patternEngine } }) };
  const ajv = model.schemaDialect === '2020-12'
    ? new (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(settings)
    : new (require('ajv') as typeof import('ajv')).Ajv(settings);
  // ajv-formats is CommonJS with `exports.default`.
  (require('ajv-formats') as { default: (ajv: AjvInstance) => AjvInstance }).default(ajv);
  // Formats are open in OpenAPI: one ajv does not know annotates, it does not fail validation.
  for (const format of formatsIn(model.schemas)) if (!ajv.formats[format]) ajv.addFormat(format, true);
  return ajv;
}

/** The validators made of ajv's validate function for each schema, each with the exact integer checks added. */
export function validatorsOf(model: SpecModel, validateFunction: (name: SchemaName) => ValidateFunction): Validators {
  const validator = (name: SchemaName): SchemaValidator => schemaValidator(validateFunction(name), model.schemas[name]);
  const Error = validator('Error');
  const errorText = JSON.stringify(model.schemas.Error);
  const others = new Map<string, SchemaValidator>();
  // Each Error an audit judges asks for its validator: a schema's text is worked out once.
  const texts = new WeakMap<object, string>();
  const textOf = (schema: JsonSchema): string => {
    if (typeof schema !== 'object' || schema === null) return JSON.stringify(schema);
    let text = texts.get(schema);
    if (text === undefined) texts.set(schema, (text = JSON.stringify(schema)));
    return text;
  };
  let ajv: AjvInstance | undefined;
  const errorFor = (operation: Operation, status: number): SchemaValidator => {
    const { errorSchemas } = operation;
    const schema = errorSchemas[String(status)] ?? errorSchemas['4XX'] ?? errorSchemas['4xx'] ?? errorSchemas['default'];
    const text = schema === undefined ? errorText : textOf(schema);
    if (schema === undefined || text === errorText) return Error;
    let found = others.get(text);
    if (!found) {
      ajv ??= ajvFor(model, { validateSchema: false });
      found = schemaValidator(ajv.compile(schema as object), schema);
      others.set(text, found);
    }
    return found;
  };
  return { Category: validator('Category'), NewCategory: validator('NewCategory'), Error, errorFor };
}

/** ajv's validate function for a schema, with the exact integer checks added. */
function schemaValidator(validate: ValidateFunction, schema: JsonSchema): SchemaValidator {
  const integers = referredCheck('#', { root: schema, refs: new Map() });
  const violations = (value: unknown, document?: JsonDocument): Violation[] => {
    const out = schemaViolations(validate, value);
    integers?.(value, document, '', out);
    return out;
  };
  return Object.assign((value: unknown, document?: JsonDocument) => violations(value, document).map((v) => v.line), { violations });
}

function schemaViolations(validate: ValidateFunction, value: unknown): Violation[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).filter((error) => !judgedExactly(error, value)).map(describeError);
}

/**
 * What ajv judged of an integer beyond 2^53 that the exact integer check judges instead (see childCheck): the double
 * ajv sees is not the number the JSON wrote (18242921140202930 reads as …928, 9223372036854775805 as 2^63), so
 * neither its multiple of an integer nor its place beside a bound is that number's.
 */
function judgedExactly(error: ErrorObject, value: unknown): boolean {
  const exactKeyword = error.keyword === 'multipleOf' ? Number.isInteger(error.params['multipleOf']) : BOUNDS.has(error.keyword);
  if (!exactKeyword) return false;
  const item = error.instancePath.split('/').slice(1).reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step.replace(/~1/g, '/').replace(/~0/g, '~')], value);
  return typeof item === 'number' && Number.isInteger(item) && !Number.isSafeInteger(item);
}

function describeError(error: ErrorObject): Violation {
  const where = error.instancePath || '(the value)';
  const named = (param: string) => `${error.instancePath}/${String(error.params[param]).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (error.keyword === 'required') return { pointer: named('missingProperty'), line: `${where}: required property "${String(error.params['missingProperty'])}" is missing` };
  const pointer = error.keyword === 'additionalProperties' ? named('additionalProperty') : error.instancePath;
  return { pointer, line: `${where}: ${error.message ?? error.keyword}` };
}

/** Adds to `out` the integer problems of a value, found at `path`. */
type IntegerCheck = (value: unknown, document: JsonDocument | undefined, path: string, out: Violation[]) => void;

/** Where the integer checks of a schema are planned: its root, and the check of each `$ref` in it (see referredCheck). */
interface IntegerPlan {
  readonly root: JsonSchema;
  /** By ref: its check once planned (undefined when it has no integers), or `pending` while it is being planned. */
  readonly refs: Map<string, { check?: IntegerCheck; pending: boolean }>;
}

/**
 * Checks every number a `type: integer` schema covers against its exact source text: `ajv` sees doubles, in
 * which 2^63 and 2^63−1 are the same value and 1.0000000000000000001 is an integer. Built once per schema, as
 * the plan of where its integers are (lists hold thousands of Categories); undefined when it has none.
 */
function integerCheck(schema: JsonSchema, plan: IntegerPlan): IntegerCheck | undefined {
  if (typeof schema !== 'object') return undefined;
  if (typeof schema['$ref'] === 'string') return referredCheck(schema['$ref'], plan);
  const parts = ((schema['allOf'] as JsonSchema[] | undefined) ?? []).map((part) => integerCheck(part, plan)).filter((c) => c !== undefined);
  const items = schema['items'] as JsonSchema | undefined;
  const itemCheck = items === undefined ? undefined : childCheck(items, plan);
  const properties = Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>)
    .map(([key, child]) => [key, childCheck(child, plan)] as const)
    .filter((entry): entry is readonly [string, ChildCheck] => entry[1] !== undefined);
  if (parts.length === 0 && itemCheck === undefined && properties.length === 0) return undefined;
  return (value, document, path, out) => {
    if (typeof value !== 'object' || value === null) return;
    for (const part of parts) part(value, document, path, out);
    if (Array.isArray(value)) {
      if (itemCheck) for (let i = 0; i < value.length; i++) itemCheck(value, i, document, path, out);
    } else {
      for (const [key, check] of properties) if (Object.hasOwn(value, key)) check(value, key, document, path, out);
    }
  };
}

/**
 * The integer check of the schema a `$ref` names (`#`, the root, first of all), planned once: a recursive schema
 * (spec/schemas.ts) refers to itself while it is planned, and gets the check that its plan will be, as the values
 * it checks go deeper.
 */
function referredCheck(ref: string, plan: IntegerPlan): IntegerCheck | undefined {
  const known = plan.refs.get(ref);
  if (known?.pending) return (value, document, path, out) => known.check?.(value, document, path, out);
  if (known) return known.check;
  const target = localRefTarget(plan.root, ref);
  if (target === undefined) return undefined;
  const entry: { check?: IntegerCheck; pending: boolean } = { pending: true };
  plan.refs.set(ref, entry);
  const check = integerCheck(target, plan);
  if (check) entry.check = check;
  entry.pending = false;
  return check;
}

/** Checks `container[key]` against a child schema. */
type ChildCheck = (container: object, key: string | number, document: JsonDocument | undefined, path: string, out: Violation[]) => void;

function childCheck(schema: JsonSchema, plan: IntegerPlan): ChildCheck | undefined {
  const child = withoutNullAlternative(schema);
  if (isIntegerSchema(child)) {
    const range = rangeOf(child);
    const min = range ? Number(range.min) : -Infinity;
    const max = range ? Number(range.max) : Infinity;
    return (container, key, document, path, out) => {
      const item = (container as Record<string | number, unknown>)[key];
      if (typeof item !== 'number') return;
      const source = document?.numberSource(container, key);
      // A safe integer with no kept source is exactly what it says: only its range can be wrong (every safe
      // integer is within int64, whose bounds as doubles round outwards).
      if (source === undefined && Number.isSafeInteger(item) && item >= min && item <= max) return;
      const problem = integerProblem(source ?? numberText(item), child) ?? multipleProblem(item, source, child) ?? boundProblem(item, source, child);
      if (problem) out.push({ pointer: `${path}/${key}`, line: `${path}/${key}: ${problem}` });
    };
  }
  // A number schema: its integers beyond 2^53 are judged exactly too, where ajv's judgement of them is set aside (see
  // judgedExactly).
  if (typeof child === 'object' && child['type'] === 'number') {
    return (container, key, document, path, out) => {
      const item = (container as Record<string | number, unknown>)[key];
      if (typeof item !== 'number' || !Number.isInteger(item) || Number.isSafeInteger(item)) return;
      const source = document?.numberSource(container, key);
      const problem = multipleProblem(item, source, child) ?? boundProblem(item, source, child);
      if (problem) out.push({ pointer: `${path}/${key}`, line: `${path}/${key}: ${problem}` });
    };
  }
  const nested = integerCheck(child, plan);
  if (!nested) return undefined;
  return (container, key, document, path, out) => nested((container as Record<string | number, unknown>)[key], document, `${path}/${key}`, out);
}

/**
 * The schema a value other than null must match where alternatives are one schema and null (`anyOf: [X, {type:
 * null}]`, how 3.1 and 3.0's nullable `$ref`s write a nullable property): X, whose integers are checked as its own.
 */
function withoutNullAlternative(schema: JsonSchema): JsonSchema {
  if (typeof schema !== 'object') return schema;
  const alternatives = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  const isNull = (s: JsonSchema) => typeof s === 'object' && s['type'] === 'null';
  const others = alternatives?.filter((s) => !isNull(s)) ?? [];
  return alternatives?.length === 2 && others.length === 1 ? others[0] as JsonSchema : schema;
}

function isIntegerSchema(schema: JsonSchema): boolean {
  if (typeof schema !== 'object') return false;
  const type = schema['type'];
  return type === 'integer' || (Array.isArray(type) && type.includes('integer') && !type.includes('number'));
}

/** The range of a schema's integer format; undefined when it names none. */
function rangeOf(schema: JsonSchema) {
  const format = typeof schema === 'object' ? schema['format'] : undefined;
  return typeof format === 'string' ? INTEGER_FORMATS[format] : undefined;
}

function integerProblem(text: string, schema: JsonSchema): string | undefined {
  const exact = exactInteger(text);
  if (exact.kind === 'not-integer') return `${text} is not an integer`;
  const range = rangeOf(schema);
  const format = typeof schema === 'object' ? schema['format'] : undefined;
  if (!range) return undefined;
  if (exact.kind === 'huge' || exact.value < range.min || exact.value > range.max) {
    return `${text} is outside the ${String(format)} range`;
  }
  return undefined;
}

/** An integer beyond 2^53 that is not a multiple of its schema's integer `multipleOf`, judged on its exact value. */
function multipleProblem(item: number, source: string | undefined, schema: JsonSchema): string | undefined {
  const multiple = typeof schema === 'object' ? schema['multipleOf'] : undefined;
  if (Number.isSafeInteger(item) || typeof multiple !== 'number' || !Number.isInteger(multiple)) return undefined;
  const exact = exactInteger(source ?? BigInt(item).toString());
  return exact.kind === 'integer' && exact.value % BigInt(multiple) !== 0n ? `must be multiple of ${multiple}` : undefined;
}

/** The bounds of a number, each with the side of it a value must be on (ajv's wording) and whether it may equal it. */
const BOUNDS: ReadonlyMap<string, { readonly above: boolean; readonly inclusive: boolean; readonly words: string }> = new Map([
  ['minimum', { above: true, inclusive: true, words: '>=' }],
  ['exclusiveMinimum', { above: true, inclusive: false, words: '>' }],
  ['maximum', { above: false, inclusive: true, words: '<=' }],
  ['exclusiveMaximum', { above: false, inclusive: false, words: '<' }],
]);

/**
 * An integer beyond 2^53 on the wrong side of one of its schema's bounds, judged on its exact value; a bound beyond
 * 2^53 is the widest the spec may have written (see boundLatitude).
 */
function boundProblem(item: number, source: string | undefined, schema: JsonSchema): string | undefined {
  if (Number.isSafeInteger(item) || typeof schema !== 'object') return undefined;
  const exact = exactInteger(source ?? BigInt(item).toString());
  if (exact.kind !== 'integer') return undefined;
  for (const [keyword, { above, inclusive, words }] of BOUNDS) {
    const bound = schema[keyword];
    if (typeof bound !== 'number' || !Number.isFinite(bound)) continue;
    // An integer x is above a fraction b where it is above floor(b), and below it where it is not above floor(b).
    const floor = BigInt(Math.floor(bound));
    const latitude = boundLatitude(bound);
    const fraction = !Number.isInteger(bound);
    const kept = above
      ? (inclusive && !fraction ? exact.value >= floor - latitude : exact.value > floor - latitude)
      : (inclusive || fraction ? exact.value <= floor + latitude : exact.value < floor + latitude);
    if (!kept) return `must be ${words} ${boundText(bound)}`;
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
