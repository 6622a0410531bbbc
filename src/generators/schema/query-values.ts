import fc from 'fast-check';
import type { SchemaNode } from '../../spec/schema-node.js';
import { boundaryCases } from './boundaries.js';
import { integerRange } from './numbers.js';
import { keepsStringFacts } from './strings.js';
import { canonicalValue, validValue } from './valid-value.js';
import { violationCases, type ViolationOptions } from './violations.js';

/** A value of a query parameter as sent, and what it is. */
export interface QueryValue {
  readonly label: string;
  readonly text: string;
}

/** The name the value stands under while boundaries and violations of its schema are worked out. */
const PARAMETER = 'value';

/**
 * The values of a query parameter its schema allows, as sent: its plainest, and each of its boundary values. Only
 * values a query can carry (a number, a boolean, a text): an array or an object has no one way to be written.
 */
export function validQueryValues(node: SchemaNode): QueryValue[] {
  const plain = canonicalValue(node);
  const values: QueryValue[] = plain && isScalar(plain.value) ? [{ label: 'its plainest value', text: String(plain.value) }] : [];
  for (const c of boundaryCases(wrapped(node))) {
    if ('set' in c.change && isScalar(c.change.set)) values.push({ label: c.label.replace(PARAMETER, 'a value'), text: String(c.change.set) });
  }
  return values.filter((v, i) => values.findIndex((w) => w.text === v.text) === i);
}

/** Values the schema allows, drawn across their range, as sent; undefined when they are not scalars. */
export function validQueryValue(node: SchemaNode): fc.Arbitrary<string> | undefined {
  if (node.types.has('array') || node.types.has('object')) return undefined;
  return validValue(node)?.filter(isScalar).map(String);
}

/**
 * Values a query parameter's schema forbids, one constraint at a time, as sent: text where a number or a boolean
 * belongs, a fraction where an integer does, one past each bound, a text that breaks its pattern or its enum. Types a
 * query cannot tell apart (the digits 42 are a text as much as a number) are not broken; a format, where the run
 * asserts them (see ViolationOptions).
 */
export function invalidQueryValues(node: SchemaNode, options: ViolationOptions = {}): QueryValue[] {
  const values: QueryValue[] = [];
  const numeric = node.types.has('integer') || node.types.has('number');
  if (node.typeStated && !node.types.has('string') && (numeric || node.types.has('boolean'))) {
    values.push({ label: `a text where ${numeric ? 'a number' : 'a boolean'} belongs`, text: 'x' });
  }
  if (node.typeStated && node.types.has('integer') && !node.types.has('number') && !node.types.has('string')) values.push({ label: 'a fraction where an integer belongs', text: '1.5' });
  for (const c of violationCases(wrapped(node), [], options)) {
    if (c.keyword === 'type' || c.keyword === 'required' || !('set' in c.change) || !isScalar(c.change.set)) continue;
    values.push({ label: c.label.replace(`${PARAMETER} `, 'a value that '), text: String(c.change.set) });
  }
  return values;
}

/**
 * Why a query value breaks its parameter's schema, read as a query carries values (the text of a number, of a
 * boolean); undefined when it keeps it.
 */
export function invalidQueryValue(node: SchemaNode, text: string): string | undefined {
  const value = readQueryValue(node, text);
  if (value === undefined) return `"${text}" is not a ${[...node.types].join(' or ')}`;
  if (node.values && !node.values.some((v) => String(v) === text)) return `"${text}" is not one of its values`;
  if (typeof value === 'string') return keepsStringFacts(node.string, value) ? undefined : `"${text}" breaks its length or pattern`;
  if (typeof value !== 'number') return undefined;
  const { minimum = -Infinity, maximum = Infinity, exclusiveMinimum = -Infinity, exclusiveMaximum = Infinity, multipleOf } = node.number;
  const within = value >= minimum && value <= maximum && value > exclusiveMinimum && value < exclusiveMaximum;
  const range = node.types.has('integer') && Number.isInteger(value) ? integerRange(node.number) : undefined;
  const inFormat = !range || (BigInt(value) >= range.min && BigInt(value) <= range.max);
  const multiple = multipleOf === undefined || Number.isInteger(value / multipleOf);
  return within && inFormat && multiple ? undefined : `${text} is out of its bounds`;
}

/** A query value as the type its schema allows reads it; undefined when it reads as none of them. */
function readQueryValue(node: SchemaNode, text: string): string | number | boolean | undefined {
  if (node.types.has('integer') && /^-?\d+$/.test(text)) return Number(text);
  if (node.types.has('number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (node.types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return node.types.has('string') || !node.typeStated ? text : undefined;
}

/**
 * The value a parameter the spec requires gets on every request that lacks one: where any text will do, a text unique
 * to the request (an idempotency key must not repeat), within its lengths; else its plainest value; undefined for a
 * parameter whose value is not one text (an array, an object).
 */
export function requiredParameterValue(node: SchemaNode, unique: string): string | undefined {
  const anyText = node.types.has('string') && !node.values && node.string.patterns.length === 0 && node.string.format === undefined;
  if (anyText) {
    const { minLength = 1, maxLength = Infinity } = node.string;
    return unique.slice(-maxLength).padStart(minLength, 'x');
  }
  const plain = canonicalValue(node);
  return plain && isScalar(plain.value) ? String(plain.value) : undefined;
}

/** The parameter's schema as the one property of an object: where boundaries and violations are worked out. */
function wrapped(node: SchemaNode): SchemaNode {
  return {
    types: new Set(['object']), typeStated: true, string: { patterns: [] }, number: {}, array: { uniqueItems: false },
    object: { properties: { [PARAMETER]: node }, required: [], additional: 'any' }, readOnly: false, writeOnly: false, unsupported: [],
  };
}

function isScalar(value: unknown): value is string | number | bigint | boolean {
  return ['string', 'number', 'bigint', 'boolean'].includes(typeof value);
}
