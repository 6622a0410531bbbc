import fc from 'fast-check';
import { jsonText } from '../../json/write.js';
import { beyondNesting, mergeNodes, writableProperties, type JsonType, type SchemaNode } from '../../spec/schema-node.js';
import { OPEN_TEXT, plainText } from '../names.js';
import { integerRange, integerStep, integerValue, numberCount, sendableIntegers, validInteger, validNumber } from './numbers.js';
import { filtered, firstKept } from './probe.js';
import { canonicalString, formatKind, keepsStringFacts, validString } from './strings.js';

/** How many items beyond its minimum a generated array has at most: short, since every case is a request. */
const EXTRA_ITEMS = 6;

/** The same for an array of a recursive schema's values (a category's children), each of which may hold as many again. */
const EXTRA_NESTED_ITEMS = 2;

/**
 * Values a schema (as its node) calls valid, for the subset OpenAPI 3.0 and 3.1 use: every type it allows (null the
 * rarest), its enum, its alternatives, strings of its lengths, patterns and formats, integers across their whole range
 * (int64 beyond 2^53 as bigints: see json/write.ts), numbers within their bounds, arrays within their item counts, and
 * objects with every writable property, the optional ones now and then. Read-only properties are never generated, nor
 * optional properties whose values the generators cannot know (see {@link unknownValues}). Undefined when no value can
 * be generated (bounds that leave nothing, a required property of an unknown kind). Shrinking is fast-check's own.
 */
export function validValue(node: SchemaNode): fc.Arbitrary<unknown> | undefined {
  if (node.values) {
    const values = listedValues(node);
    return values.length > 0 ? fc.constantFrom(...values) : undefined;
  }
  if (node.alternatives) {
    const { alternatives, ...base } = node;
    const options = alternatives.map((alt) => validValue(mergeNodes(base, alt))).filter((a) => a !== undefined);
    return options.length > 0 ? fc.oneof(...options) : undefined;
  }
  const byType = typesOf(node).flatMap((type) => {
    const arbitrary = ofType(node, type);
    return arbitrary ? [{ weight: type === 'null' ? 1 : 4, arbitrary }] : [];
  });
  return byType.length > 0 ? fc.oneof(...byType) : undefined;
}

/**
 * The values of an enum that the schema's other keywords allow too (a length, a bound, the type): a spec may list a
 * value its own maxLength forbids.
 */
export function listedValues(node: SchemaNode): unknown[] {
  return (node.values ?? []).filter((v) => {
    if (typeof v === 'string') return node.types.has('string') && keepsStringFacts(node.string, v);
    if (typeof v === 'number') {
      const range = Number.isInteger(v) ? integerRange(node.number) : undefined;
      const { minimum = -Infinity, maximum = Infinity } = node.number;
      return (node.types.has('number') || (Number.isInteger(v) && node.types.has('integer'))) && v >= minimum && v <= maximum
        && (!range || (BigInt(v) >= range.min && BigInt(v) <= range.max));
    }
    return node.types.has(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : 'boolean');
  });
}

/** The types values are generated of: those the node allows; where it states none, the one its other keywords imply. */
function typesOf(node: SchemaNode): JsonType[] {
  if (node.typeStated) return [...node.types];
  if (Object.keys(node.object.properties).length > 0) return ['object'];
  if (node.array.items) return ['array'];
  return ['string'];
}

function ofType(node: SchemaNode, type: JsonType): fc.Arbitrary<unknown> | undefined {
  switch (type) {
    case 'string':
      return validString(node.string);
    case 'integer':
      return validInteger(node.number);
    case 'number':
      return validNumber(node.number);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return validArray(node);
    case 'object':
      return validObject(node);
  }
}

/** Arrays the schema calls valid (its item count, its items), whatever else it allows. */
export function validArray(node: SchemaNode): fc.Arbitrary<unknown[]> | undefined {
  const { items, minItems = 0, maxItems, uniqueItems } = node.array;
  const item = items ? validValue(items) : plainText(OPEN_TEXT);
  // Where a recursive schema nests deeper than the generators go, its arrays there are empty.
  if (!item && items && beyondNesting(items)) return minItems === 0 ? fc.constant([]) : undefined;
  // Distinct items cannot outnumber the values there are (two booleans): fast-check would look for more forever.
  const distinct = uniqueItems && items ? distinctValues(items) : Infinity;
  const maxLength = Math.min(maxItems ?? Infinity, minItems + (items?.nested === undefined ? EXTRA_ITEMS : EXTRA_NESTED_ITEMS), distinct);
  if (!item || maxLength < minItems) return undefined;
  const arrays = uniqueItems
    // Distinct as doubles too: a validator that reads JSON numbers as doubles sees 2^63 − 1 and 2^63 − 10 as one.
    ? fc.uniqueArray(item, { minLength: minItems, maxLength, selector: (v) => JSON.stringify(JSON.parse(jsonText(v))) })
    : fc.array(item, { minLength: minItems, maxLength });
  return filtered(arrays, (a) => a.length >= minItems);
}

/** How many distinct values a schema allows, where they are few; Infinity where they are many. */
function distinctValues(node: SchemaNode): number {
  if (node.values) return node.values.length;
  if (!node.typeStated || node.alternatives) return Infinity;
  let count = 0;
  for (const type of node.types) {
    if (type === 'boolean' || type === 'null') count += type === 'boolean' ? 2 : 1;
    else if (type === 'integer' && !node.types.has('number')) {
      const range = sendableIntegers(node.number);
      count += range ? Number((range.max - range.min) / (integerStep(node.number) ?? 1n)) + 1 : 0;
    } else if (type === 'number') count += numberCount(node.number);
    // The integers a number schema allows are mostly among the numbers it draws: counting them again would promise
    // fast-check more distinct values than there are, and it would look for them forever. Too few is only shorter arrays.
    else if (type !== 'integer') return Infinity;
  }
  return count;
}

function validObject(node: SchemaNode): fc.Arbitrary<Record<string, unknown>> | undefined {
  const { required, closedTo, minProperties = 0, maxProperties = Infinity } = node.object;
  if (closedTo && required.some((key) => !closedTo.includes(key))) return undefined;
  const entries: [string, fc.Arbitrary<unknown>][] = [];
  for (const [key, child] of writableProperties(node)) {
    const isRequired = required.includes(key);
    // An optional property of a kind the generators cannot know is left out: a value they made up might be refused.
    if (!isRequired && unknownValues(child)) continue;
    const arbitrary = validValue(child) ?? (isRequired && 'default' in child ? fc.constant(child.default) : undefined);
    if (arbitrary) entries.push([key, arbitrary]);
    else if (isRequired) return undefined;
  }
  const keys = entries.map(([key]) => key);
  const record = fc.record(Object.fromEntries(entries), { requiredKeys: required.filter((key) => keys.includes(key)) });
  return filtered(record, (value) => {
    const count = Object.keys(value).length;
    return count >= minProperties && count <= maxProperties;
  });
}

/**
 * Why the generators cannot know the valid values of a schema, or undefined when they can: a format they do not
 * know (a `phone` format's validator may refuse what they make up), or keywords they do not follow.
 */
export function unknownValues(node: SchemaNode): string | undefined {
  if (node.unsupported.length > 0) return `it uses ${node.unsupported.join(', ')}, which the generators do not follow`;
  const format = node.string.format;
  if (node.types.has('string') && !node.values && formatKind(format) === 'unknown') return `its format "${format}" is not one the generators know`;
  return undefined;
}

/**
 * A valid value, the same on every run and as plain as the schema allows: the first of its enum, a short text, 0 (or
 * the bound nearest it), true, as few items as allowed, an object with its required writable properties only. For
 * bodies that must merely be valid (a check about something else sends them). Undefined when there is none.
 */
export function canonicalValue(node: SchemaNode): { readonly value: unknown } | undefined {
  if (node.values) {
    const values = listedValues(node);
    return values.length > 0 ? { value: values[0] } : undefined;
  }
  if (node.alternatives) {
    const { alternatives, ...base } = node;
    for (const alt of alternatives) {
      const found = canonicalValue(mergeNodes(base, alt));
      if (found) return found;
    }
    return undefined;
  }
  const order: JsonType[] = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];
  const types = typesOf(node);
  for (const type of order.filter((t) => types.includes(t))) {
    const found = canonicalOfType(node, type);
    if (found) return found;
  }
  return undefined;
}

function canonicalOfType(node: SchemaNode, type: JsonType): { readonly value: unknown } | undefined {
  switch (type) {
    case 'string': {
      const text = canonicalString(node.string);
      return text === undefined ? undefined : { value: text };
    }
    case 'integer': {
      const range = sendableIntegers(node.number);
      if (!range) return undefined;
      // 0, or the bound nearest it (the range is of multiples of any multipleOf, as 0 is).
      return { value: integerValue(range.min > 0n ? range.min : range.max < 0n ? range.max : 0n) };
    }
    case 'boolean':
      return { value: true };
    case 'null':
      return { value: null };
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of writableProperties(node)) {
        if (!node.object.required.includes(key)) continue;
        const found = canonicalValue(child);
        if (!found) return undefined;
        value[key] = found.value;
      }
      return Object.keys(value).length >= (node.object.minProperties ?? 0) ? { value } : sampled(node, type);
    }
    default:
      return sampled(node, type);
  }
}

/**
 * A valid object with every writable property the generators can make, the same on every run: each property's
 * {@link canonicalValue}, and where the schema recurs (a category's children), one value of its own kind as full as
 * this, down to the deepest nesting the generators go (see spec/schema-node.ts's nodeOf). For a value that reaches
 * into every part of a recursive schema. Undefined when there is none.
 */
export function fullValue(node: SchemaNode): { readonly value: unknown } | undefined {
  if (beyondNesting(node)) return undefined;
  const plain = canonicalValue({ ...node, types: new Set(['object']) });
  if (typeof plain?.value !== 'object' || plain.value === null || Array.isArray(plain.value)) return plain;
  const value = { ...plain.value as Record<string, unknown> };
  for (const [key, child] of writableProperties(node)) {
    if (unknownValues(child)) continue;
    const found = recurringValue(child) ?? (Object.hasOwn(value, key) ? undefined : canonicalValue(child));
    if (found) value[key] = found.value;
  }
  return { value };
}

/**
 * The {@link fullValue} of a property where its schema recurs: of a recursive object, or an array of one such item (a
 * category's children); undefined where it does not recur, or no such value is found.
 */
export function recurringValue(node: SchemaNode): { readonly value: unknown } | undefined {
  if (node.nested !== undefined && node.types.has('object')) return fullValue(node);
  const { items, minItems = 0, maxItems = Infinity } = node.array;
  if (items?.nested === undefined || !node.types.has('array') || minItems > 1 || maxItems < 1) return undefined;
  const item = fullValue(items);
  return item && { value: [item.value] };
}

/** The first generated value of a type, the same on every run: for what has no plainer form. */
function sampled(node: SchemaNode, type: JsonType): { readonly value: unknown } | undefined {
  const arbitrary = ofType(node, type);
  if (!arbitrary) return undefined;
  const value = firstKept(arbitrary);
  return value === undefined ? undefined : { value };
}
