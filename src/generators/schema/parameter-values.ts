import { createHash } from 'node:crypto';
import type fc from 'fast-check';
import { plural } from '../../core/plural.js';
import { INTEGER_FORMATS } from '../../json/exact-integer.js';
import { readsBack, textsOf, valueKind, writesValuesOf } from '../../spec/parameter-style.js';
import { nodeOf, type SchemaNode } from '../../spec/schema-node.js';
import type { Operation, Parameter } from '../../spec/types.js';
import { boundaryCases } from './boundaries.js';
import { filtered, firstKept } from './probe.js';
import { keepsStringFacts } from './strings.js';
import { canonicalValue, validArray, validValue } from './valid-value.js';
import { violationCases, type ViolationOptions } from './violations.js';

/** A value of a parameter to send, and what it is, for messages: `a value with 3 items`, `an item of exactly 10 characters`. */
export interface ParameterCase {
  readonly label: string;
  readonly value: unknown;
}

/**
 * What the suite sends of one parameter an operation declares: the values its schema allows (its plainest, and each of
 * its boundary values, on every run), values drawn across them, and values it forbids, one constraint at a time. Each
 * is a value its style writes (see spec/parameter-style.ts) and a server reads back as it was written, valid or
 * invalid as its schema says of it as read.
 */
export interface ParameterTrial {
  readonly parameter: Parameter;
  readonly node: SchemaNode;
  readonly valid: readonly ParameterCase[];
  /** Undefined where none can be drawn. */
  readonly drawn?: fc.Arbitrary<unknown>;
  readonly invalid: readonly ParameterCase[];
}

/** The name the value stands under while boundaries and violations of its schema are worked out. */
const PARAMETER = 'value';

/**
 * The trials of an operation's parameters whose values the suite writes (see writesValuesOf). `options` say what the
 * run holds a server to (a format, where it asserts them).
 */
export function parameterTrials(operation: Operation, options: ViolationOptions = {}): ParameterTrial[] {
  return operation.parameters.filter(writesValuesOf).map((parameter) => {
    const node = nodeOf(parameter.schema ?? {});
    const drawn = validParameterValue(parameter, node);
    return { parameter, node, valid: validParameterValues(parameter, node), ...(drawn ? { drawn } : {}), invalid: invalidParameterValues(parameter, node, options) };
  });
}

/**
 * The values of a parameter its schema allows, as its style sends them: its plainest, and each of its boundary values
 * (each bound of a scalar, each enum value; each bound of an object's properties; an array of its fewest and its most
 * items, of two, which its delimiters show between, and each bound of its items). Where the plainest has no form (an
 * empty array), the first value drawn that has one takes its place.
 */
export function validParameterValues(parameter: Parameter, node: SchemaNode): ParameterCase[] {
  const plain = plainestValue(node);
  const cases: ParameterCase[] = plain ? [{ label: 'its plainest value', value: plain.value }] : [];
  if (valueKind(node) === 'array') cases.push(...arrayCases(parameter, node, Array.isArray(plain?.value) ? plain.value : []));
  else for (const c of boundaryCases(wrapped(node))) if ('set' in c.change) cases.push({ label: labelOf(c.label), value: c.change.set });
  const kept = distinct(cases.filter((c) => sendsAsValid(parameter, node, c.value)));
  if (kept.length > 0 || !plain) return kept;
  const drawn = validParameterValue(parameter, node);
  const other = drawn && firstKept(drawn);
  return other === undefined ? [] : [{ label: 'a value the spec allows', value: other }];
}

/**
 * An array's boundary values: as few items as it may have (but one), two, as many as it may have, each the first drawn
 * that its style sends; and each bound of an item, first among the plainest value's items.
 */
function arrayCases(parameter: Parameter, node: SchemaNode, plain: readonly unknown[]): ParameterCase[] {
  const { items, minItems = 0, maxItems = Infinity } = node.array;
  const cases: ParameterCase[] = [];
  for (const count of new Set([Math.max(1, minItems), 2, maxItems])) {
    if (count < minItems || count > maxItems || count === Infinity) continue;
    const arrays = validArray({ ...node, array: { ...node.array, minItems: count, maxItems: count } });
    const value = arrays && firstKept(arrays, (v) => sendsAsValid(parameter, node, v));
    if (value !== undefined) cases.push({ label: `a value with ${plural(count, 'item')}`, value });
  }
  for (const c of items ? boundaryCases(wrapped(items)) : []) {
    if ('set' in c.change) cases.push({ label: labelOf(c.label, 'an item'), value: [c.change.set, ...plain.slice(1)] });
  }
  return cases;
}

/**
 * A parameter's plainest value: an array of the items' plainest value, as few as it may have but one (an empty array
 * goes as no parameter at all); else the schema's plainest value (see canonicalValue).
 */
function plainestValue(node: SchemaNode): { readonly value: unknown } | undefined {
  const { items, minItems = 0, maxItems = Infinity, uniqueItems } = node.array;
  const item = valueKind(node) === 'array' && items ? canonicalValue(items) : undefined;
  const count = Math.max(1, minItems);
  if (item && count <= maxItems && (count === 1 || !uniqueItems)) return { value: Array.from({ length: count }, () => item.value) };
  return canonicalValue(node);
}

/** Values the schema allows, drawn across their range, that its style sends; undefined when none is found. */
export function validParameterValue(parameter: Parameter, node: SchemaNode): fc.Arbitrary<unknown> | undefined {
  const values = validValue(node);
  return values && filtered(values, (value) => sendsAsValid(parameter, node, value));
}

/**
 * Values a parameter's schema forbids, one constraint at a time, as its style sends them: text where a number or a
 * boolean belongs, a fraction where an integer does, one past each bound, a text that breaks its pattern or its enum,
 * an item too many or too few, a repeated item, an item that breaks the items' schema, a property an object forbids
 * or lacks; a text that breaks its format, where the run asserts formats (see ViolationOptions). What a server cannot
 * tell from a valid value as it reads it (the digits 42 are a text as much as a number) is not sent.
 */
export function invalidParameterValues(parameter: Parameter, node: SchemaNode, options: ViolationOptions = {}): ParameterCase[] {
  const cases: (ParameterCase & { readonly keyword?: string })[] = [];
  const numeric = node.types.has('integer') || node.types.has('number');
  if (node.typeStated && !node.types.has('string') && (numeric || node.types.has('boolean'))) {
    cases.push({ label: `a text where ${numeric ? 'a number' : 'a boolean'} belongs`, value: 'x', keyword: 'type' });
  }
  if (node.typeStated && node.types.has('integer') && !node.types.has('number') && !node.types.has('string')) {
    cases.push({ label: 'a fraction where an integer belongs', value: 1.5, keyword: 'type' });
  }
  for (const c of violationCases(wrapped(node), [], options)) {
    if ('set' in c.change) cases.push({ label: violationLabelOf(c.label), value: c.change.set, ...(c.keyword ? { keyword: c.keyword } : {}) });
  }
  // A wrong type may read as a right one (the digits of 42 where a text belongs): kept where its schema, as a server
  // reads it, refuses it. Any other violation reads as it was made, and is the violation generator's to judge (a
  // format it asserts included).
  const kind = valueKind(node);
  const kept = cases.filter((c) => readsBack(parameter, kind, c.value) && (c.keyword !== 'type' || parameterProblem(node, c.value) !== undefined));
  return distinct(kept.map(({ label, value }) => ({ label, value })));
}

/** Whether the value goes as a valid one: its style writes it, it reads back as written, and its schema allows it so. */
function sendsAsValid(parameter: Parameter, node: SchemaNode, value: unknown): boolean {
  return readsBack(parameter, valueKind(node), value) && parameterProblem(node, value) === undefined;
}

/** The cases, each written once: the first label of those alike is kept. */
function distinct(cases: readonly ParameterCase[]): ParameterCase[] {
  const seen = new Set<string>();
  return cases.filter((c) => {
    const key = JSON.stringify(textsOf(c.value));
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** A boundary's label, said of the parameter: `value with 4 items…` is `a value with 4 items…`. */
function labelOf(label: string, what = 'a value'): string {
  return label.replace(/^value\[0\]/, 'its first item').replace(/^value\.(\S+)/, 'its property $1').replace(/^value\b/, what);
}

/**
 * A violation's label, said of a value sent (`expected 400 for a value that is 42`): `value is 42` is `a value that is
 * 42`, `value[0] is …` `a first item that is …`, `value.color is …` `a property color that is …`.
 */
function violationLabelOf(label: string): string {
  const property = /^value\.(\S+)/.exec(label)?.[1];
  const subject = label.startsWith('value[0]') ? 'a first item' : property !== undefined ? `a property ${property}` : 'a value';
  const rest = label.replace(/^value(?:\[0\]|\.\S+)?/, '');
  return /^ (?:is|has|holds|lacks|breaks)\b/.test(rest) ? `${subject} that${rest}` : `${subject}${rest}`;
}

/**
 * Why a value of a parameter breaks its schema as a server reads it (as texts: the digits of a number, `true`, an
 * array's items, an object's properties); undefined when it keeps it.
 */
export function parameterProblem(node: SchemaNode, value: unknown): string | undefined {
  const texts = textsOf(value);
  const kind = valueKind(node);
  if (!texts) return 'no value its style can write';
  if (texts.kind !== kind) return `not ${kind === 'array' ? 'an array' : kind === 'object' ? 'an object' : 'one value'}`;
  if (texts.kind === 'scalar') return scalarProblem(node, texts.text);
  return texts.kind === 'array' ? arrayProblem(node, texts.items) : objectProblem(node, texts.entries);
}

function arrayProblem(node: SchemaNode, items: readonly string[]): string | undefined {
  const { items: schema, minItems = 0, maxItems = Infinity, uniqueItems } = node.array;
  if (items.length < minItems) return `${plural(items.length, 'item')}, fewer than its minItems (${minItems})`;
  if (items.length > maxItems) return `${plural(items.length, 'item')}, more than its maxItems (${maxItems})`;
  const read = items.map((text) => JSON.stringify(schema ? readScalar(schema, text) ?? text : text));
  if (uniqueItems && new Set(read).size < read.length) return 'an item twice';
  for (const [i, text] of items.entries()) {
    const problem = schema && scalarProblem(schema, text);
    if (problem) return `item ${i + 1}: ${problem}`;
  }
  return undefined;
}

function objectProblem(node: SchemaNode, entries: readonly (readonly [string, string])[]): string | undefined {
  const { properties, required, additional, minProperties = 0, maxProperties = Infinity } = node.object;
  const missing = required.find((key) => !entries.some(([k]) => k === key));
  if (missing !== undefined) return `its property ${missing} missing`;
  if (entries.length < minProperties || entries.length > maxProperties) return `${plural(entries.length, 'property', 'properties')}, outside its bounds`;
  for (const [key, text] of entries) {
    const schema = properties[key] ?? additional;
    if (schema === 'none') return `a property it does not define (${key})`;
    const problem = schema === 'any' ? undefined : scalarProblem(schema, text);
    if (problem) return `its property ${key}: ${problem}`;
  }
  return undefined;
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A scalar's text as the types its schema allows read it; undefined when it reads as none of them. */
function readScalar(node: SchemaNode, text: string): string | number | boolean | undefined {
  if ((node.types.has('integer') && INTEGER_TEXT.test(text)) || (node.types.has('number') && NUMBER_TEXT.test(text))) return Number(text);
  if (node.types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return node.types.has('string') || !node.typeStated ? text : undefined;
}

function scalarProblem(node: SchemaNode, text: string): string | undefined {
  const value = readScalar(node, text);
  if (value === undefined) return `"${text}" is not a ${[...node.types].join(' or ')}`;
  if (node.values && !node.values.some((v) => String(v) === text)) return `"${text}" is not one of its values`;
  if (typeof value === 'string') return keepsStringFacts(node.string, value) ? undefined : `"${text}" breaks its length or pattern`;
  if (typeof value !== 'number') return undefined;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format } = node.number;
  // Integers exactly, beyond 2^53 too: int64's edges are sent as they are.
  const compared = (bound: number) => (INTEGER_TEXT.test(text) && Number.isInteger(bound) ? Math.sign(Number(BigInt(text) - BigInt(bound))) : Math.sign(value - bound));
  const range = format === undefined ? undefined : INTEGER_FORMATS[format];
  const within = (minimum === undefined || compared(minimum) >= 0) && (maximum === undefined || compared(maximum) <= 0)
    && (exclusiveMinimum === undefined || compared(exclusiveMinimum) > 0) && (exclusiveMaximum === undefined || compared(exclusiveMaximum) < 0)
    && (!range || !INTEGER_TEXT.test(text) || (BigInt(text) >= range.min && BigInt(text) <= range.max))
    && (multipleOf === undefined || Number.isInteger(value / multipleOf));
  return within ? undefined : `${text} is out of its bounds`;
}

/**
 * Whether each request gets a value of its own of the parameter: an idempotency key, a request or correlation id, a
 * nonce, which a server may take a repeat of for the same request again (and answer with its first answer, or 409/422).
 * Any other parameter (a tenant, a client, a locale) takes one value for the whole run: a server may keep what a request
 * creates apart by it, and read it back only by the same value.
 */
export function perRequest(parameter: Parameter): boolean {
  return PER_REQUEST.test(parameter.name);
}

/** The names of parameters that identify a request (see {@link perRequest}). */
const PER_REQUEST = /idempot|request[-_.]?id|correlation|nonce|trace[-_.]?id|transaction[-_.]?id|message[-_.]?id|dedup/i;

/**
 * The value a parameter the spec requires gets on every request that lacks one: for a parameter that identifies the
 * request (see {@link perRequest}), one of its own (see {@link uniqueLike}); for any other, the same value on every
 * request of the run: its plainest value its style sends (undefined when it has none).
 */
export function requiredParameterValue(parameter: Parameter, node: SchemaNode, unique: string): unknown {
  if (perRequest(parameter) && anyText(node)) {
    const { minLength = 1, maxLength = Infinity } = node.string;
    return unique.slice(-maxLength).padStart(minLength, 'x');
  }
  let plain = plainest.get(parameter);
  if (!plain) plainest.set(parameter, (plain = { value: validParameterValues(parameter, node)[0]?.value }));
  return uniqueLike(parameter, node, plain.value, unique);
}

/** Each required parameter's plainest value, worked out once (the parameters are the spec model's, one per run). */
const plainest = new WeakMap<Parameter, { readonly value: unknown }>();

/**
 * `value`, made unique to a request where the parameter identifies one (see {@link perRequest}) and its schema lets
 * others be: a text as long where any text will do, ending in as much of `unique` as fits; a uuid made from `unique`
 * where any uuid will; else a value of its pattern drawn from `unique` (the same text, the same value). Other values,
 * and values of other parameters, are as given.
 */
export function uniqueLike(parameter: Parameter, node: SchemaNode, value: unknown, unique: string): unknown {
  // A text beyond ASCII is a boundary of its own (a length counted in code points), not a key: as it is.
  if (!perRequest(parameter) || typeof value !== 'string' || value === '' || !/^[\x20-\x7e]*$/.test(value)) return value;
  if (anyText(node)) {
    const length = [...value].length;
    return unique.slice(-length).padStart(length, 'x');
  }
  if (anyUuid(node)) return uuidOf(unique);
  return patterned(node) ? drawnFrom(node, unique) ?? value : value;
}

/** Whether a text schema's values are its pattern's (and lengths'), nothing narrower: an enum has none to draw. */
function patterned(node: SchemaNode): boolean {
  return node.types.has('string') && !node.values && node.string.patterns.length > 0 && valueKind(node) === 'scalar';
}

/** A value of the schema drawn with a seed made from a text: the same text, the same value; undefined if none is drawn. */
function drawnFrom(node: SchemaNode, text: string): unknown {
  const arbitrary = validValue(node);
  if (!arbitrary) return undefined;
  return firstKept(arbitrary, undefined, createHash('sha256').update(text).digest().readInt32BE(0));
}

/** Whether any text (within its lengths) is a value of the schema. */
function anyText(node: SchemaNode): boolean {
  return node.types.has('string') && !node.values && node.string.patterns.length === 0 && node.string.format === undefined && valueKind(node) === 'scalar';
}

/** Whether any uuid is a value of the schema. */
function anyUuid(node: SchemaNode): boolean {
  return node.types.has('string') && !node.values && node.string.patterns.length === 0 && node.string.format === 'uuid' && valueKind(node) === 'scalar';
}

/** A version 4 uuid made from a text: the same text, the same uuid. */
function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = '89ab'[Number.parseInt(hex[16] as string, 16) % 4] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The parameter's schema as the one property of an object: where boundaries and violations are worked out. */
function wrapped(node: SchemaNode): SchemaNode {
  return {
    types: new Set(['object']), typeStated: true, string: { patterns: [] }, number: {}, array: { uniqueItems: false },
    object: { properties: { [PARAMETER]: node }, required: [], additional: 'any' }, readOnly: false, writeOnly: false, unsupported: [],
  };
}
