import fc from 'fast-check';
import type { SchemaNode } from '../../spec/schema-node.js';
import { boundaryCases } from './boundaries.js';
import { canonicalValue, validValue } from './valid-value.js';
import { violationCases } from './violations.js';

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
 * query cannot tell apart (the digits 42 are a text as much as a number) are not broken.
 */
export function invalidQueryValues(node: SchemaNode): QueryValue[] {
  const values: QueryValue[] = [];
  const numeric = node.types.has('integer') || node.types.has('number');
  if (node.typeStated && !node.types.has('string') && (numeric || node.types.has('boolean'))) {
    values.push({ label: `a text where ${numeric ? 'a number' : 'a boolean'} belongs`, text: 'x' });
  }
  if (node.typeStated && node.types.has('integer') && !node.types.has('number') && !node.types.has('string')) values.push({ label: 'a fraction where an integer belongs', text: '1.5' });
  for (const c of violationCases(wrapped(node))) {
    if (c.keyword === 'type' || c.keyword === 'required' || !('set' in c.change) || !isScalar(c.change.set)) continue;
    values.push({ label: c.label.replace(`${PARAMETER} `, 'a value that '), text: String(c.change.set) });
  }
  return values;
}

/** The parameter's schema as the one property of an object: where boundaries and violations are worked out. */
function wrapped(node: SchemaNode): SchemaNode {
  return {
    types: new Set(['object']), typeStated: true, string: { patterns: [] }, number: {}, array: { uniqueItems: false },
    object: { properties: { [PARAMETER]: node }, required: [], additional: 'any' }, readOnly: false, unsupported: [],
  };
}

function isScalar(value: unknown): value is string | number | bigint | boolean {
  return ['string', 'number', 'bigint', 'boolean'].includes(typeof value);
}
