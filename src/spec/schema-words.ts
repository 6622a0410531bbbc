import { boundText } from '../json/exact-integer.js';
import { jsonText } from '../json/write.js';
import type { SchemaNode } from './schema-node.js';

/** How many enum values are named before the rest is counted. */
const VALUES_NAMED = 6;

/**
 * What a schema (as its node) allows, in words, for people reading what a rule comes to for a spec: `a string of 2 to
 * 50 characters, matching ^[A-Za-z0-9 ]+$`, `an integer, int64, from 0`, `an array of at most 5 distinct items (a
 * string of at most 20 characters)`, `one of "small", "large"`.
 */
export function schemaWords(node: SchemaNode): string {
  const parts = [kindWords(node), ...factWords(node)];
  if (node.readOnly) parts.push('read-only');
  if (node.writeOnly) parts.push('write-only');
  if (node.default !== undefined) parts.push(`default ${jsonText(node.default)}`);
  return parts.join(', ');
}

/** An object's properties in words: `name (required; a string), description (a string)`. */
export function propertiesWords(node: SchemaNode, only?: readonly string[]): string {
  return Object.entries(node.object.properties).filter(([key]) => !only || only.includes(key))
    .map(([key, child]) => `${key} (${node.object.required.includes(key) ? 'required; ' : ''}${schemaWords(child)})`).join(', ');
}

function kindWords(node: SchemaNode): string {
  const nullable = node.typeStated && node.types.has('null') && node.types.size > 1 ? ' or null' : '';
  if (node.values) {
    const named = node.values.slice(0, VALUES_NAMED).map((v) => jsonText(v)).join(', ');
    return `one of ${named}${node.values.length > VALUES_NAMED ? `, … (${node.values.length} values)` : ''}`;
  }
  if (node.alternatives) return `any of ${node.alternatives.map(schemaWords).map((w) => `(${w})`).join(', ')}${nullable}`;
  if (!node.typeStated) return 'any value';
  const types = [...node.types].filter((t) => t !== 'null' && !(t === 'integer' && node.types.has('number')));
  if (types.length === 0) return 'null';
  return `${types.map((t) => ARTICLED[t]).join(' or ')}${nullable}`;
}

const ARTICLED: Readonly<Record<string, string>> = {
  string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', array: 'an array', object: 'an object',
};

function factWords(node: SchemaNode): string[] {
  const words: string[] = [];
  if (node.types.has('string') && !node.values) {
    const { minLength, maxLength, patterns, format } = node.string;
    const length = minLength !== undefined && maxLength !== undefined ? (minLength === maxLength ? `of exactly ${minLength}` : `of ${minLength} to ${maxLength}`)
      : minLength !== undefined ? `of at least ${minLength}` : maxLength !== undefined ? `of at most ${maxLength}` : undefined;
    if (length) words.push(`${length} characters`);
    for (const pattern of patterns) words.push(`matching ${pattern}`);
    if (format !== undefined) words.push(`format ${format}`);
  }
  if ((node.types.has('integer') || node.types.has('number')) && !node.values) {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format } = node.number;
    if (format !== undefined && !node.types.has('string')) words.push(format);
    // Both kinds of a bound where allOf merged them: each is stated, and each holds.
    const bounds = [minimum !== undefined && `from ${boundText(minimum)}`, exclusiveMinimum !== undefined && `above ${boundText(exclusiveMinimum)}`,
      maximum !== undefined && `to ${boundText(maximum)}`, exclusiveMaximum !== undefined && `below ${boundText(exclusiveMaximum)}`].filter(Boolean);
    if (bounds.length > 0) words.push(bounds.join(' '));
    if (multipleOf !== undefined) words.push(`a multiple of ${multipleOf}`);
  }
  if (node.types.has('array') && node.typeStated) {
    const { items, minItems, maxItems, uniqueItems } = node.array;
    const count = minItems !== undefined && maxItems !== undefined ? `${minItems} to ${maxItems}` : minItems !== undefined ? `at least ${minItems}`
      : maxItems !== undefined ? `at most ${maxItems}` : undefined;
    const of = [count, uniqueItems ? 'distinct' : undefined].filter(Boolean).join(' ');
    if (of || items) words.push(`of ${of ? `${of} ` : ''}items${items ? ` (${schemaWords(items)})` : ''}`);
  }
  if (node.types.has('object') && node.typeStated && Object.keys(node.object.properties).length > 0) {
    words.push(`with ${Object.keys(node.object.properties).join(', ')}`);
  }
  return words;
}
