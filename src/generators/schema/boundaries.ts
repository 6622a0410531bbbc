import { plural } from '../../core/plural.js';
import { jsonText } from '../../json/write.js';
import { MOST_NESTING, recursionOf, writableProperties, type NumberFacts, type SchemaNode } from '../../spec/schema-node.js';
import { agreedMultiple, integerRange, integerValue, multiple, multipleRange, nearestInside, sendableIntegers } from './numbers.js';
import { firstKept } from './probe.js';
import { countedOtherwise, keepsStringFacts, stringOfLength, type OtherCounting } from './strings.js';
import { canonicalValue, listedValues, recurringValue, unknownValues, validArray } from './valid-value.js';
import { pathLabel, within, type ValueCase } from './value-case.js';

/** The most enum values sent one by one; a longer enum is left to generation. */
const MOST_ENUM_VALUES = 12;

/**
 * The values at the edges of what the schema allows, for every writable property of an object schema and of the
 * objects within it: exactly each length bound it states (ASCII letters, so that every way of counting agrees), empty
 * where it allows empty (minLength 0, or a pattern that matches it), null where it is nullable, each bound of an
 * integer (a format's too: int64's ±2^63 edges, beyond 2^53) or a number, each enum value, the fewest and the most
 * items an array may have; where a schema recurs (a category's children), a value nested as deep as the generators
 * go, every property set at every level. Sent on every run whatever the seed, since generation reaches an exact edge
 * (or the depth) by chance only. What the spec leaves open (an empty name where it states no minLength) is not a
 * boundary: INFO's rules observe it. The edges within a recursive schema are those of its first recurrence (a
 * child's): deeper, they would be the same again.
 */
export function boundaryCases(node: SchemaNode, path: readonly string[] = []): ValueCase[] {
  return writableProperties(node).flatMap(([key, child]) => (unknownValues(child) ? [] : casesOf(child, [...path, key])));
}

function casesOf(node: SchemaNode, path: readonly string[]): ValueCase[] {
  const p = pathLabel(path);
  const at = (label: string, value: unknown): ValueCase => ({ label: `${p} ${label}`, path, change: { set: value } });
  const cases: ValueCase[] = [];
  if (node.typeStated && node.types.has('null') && node.types.size > 1) cases.push(at('null', null));
  if (node.values) {
    const values = listedValues(node);
    if (values.length <= MOST_ENUM_VALUES) for (const value of values) cases.push(at(`${jsonText(value)} (one of its values)`, value));
    return cases;
  }
  if (node.types.has('string')) cases.push(...stringCases(node, at));
  if (node.types.has('number')) cases.push(...numberCases(node, at));
  else if (node.types.has('integer') && (node.number.minimum !== undefined || node.number.maximum !== undefined || node.number.format !== undefined
    || node.number.exclusiveMinimum !== undefined || node.number.exclusiveMaximum !== undefined)) {
    const range = sendableIntegers(node.number);
    const exact = range && integerRange(node.number);
    if (range && exact) {
      cases.push(at(`${range.min}, the least it allows${range.min === exact.min ? '' : ' within ±2^53'}`, integerValue(range.min)));
      cases.push(at(`${range.max}, the most it allows${range.max === exact.max ? '' : ' within ±2^53'}`, integerValue(range.max)));
    }
  }
  if (node.types.has('array')) cases.push(...arrayCases(node, at));
  const deepest = recursionOf(node) === 1 ? recurringValue(node) : undefined;
  if (deepest) cases.push(at(`with ${MOST_NESTING} levels of nesting, every property set`, deepest.value));
  if (node.types.has('object') && node.typeStated && (node.nested ?? 0) <= 1) {
    const base = canonicalValue({ ...node, types: new Set(['object']) });
    if (base) cases.push(...within(path, base.value, boundaryCases(node, path)));
  }
  return cases;
}

type At = (label: string, value: unknown) => ValueCase;

function stringCases(node: SchemaNode, at: At): ValueCase[] {
  const facts = node.string;
  if (facts.format !== undefined) return [];
  const cases: ValueCase[] = [];
  for (const length of new Set([facts.minLength, facts.maxLength])) {
    if (length === undefined || length === 0) continue;
    const text = stringOfLength(facts, length);
    if (text !== undefined && keepsStringFacts(facts, text)) cases.push(at(`of exactly ${length} characters`, text));
  }
  // Each bound again where counting otherwise than by code points finds the text too long (UTF-16 units, bytes: at
  // the maxLength) or too short (grapheme clusters: at the minLength).
  const otherwise: [number | undefined, OtherCounting][] = [[facts.maxLength, 'beyond the BMP'], [facts.minLength, 'in combining sequences']];
  for (const [length, kind] of otherwise) {
    const text = length !== undefined && length >= 2 ? countedOtherwise(facts, kind, length) : undefined;
    if (text !== undefined && keepsStringFacts(facts, text)) cases.push(at(`of exactly ${length} characters ${kind}`, text));
  }
  // Empty is the spec's to decide only where it says how short a value may be: a minLength, or a pattern.
  const decidesEmpty = facts.minLength !== undefined || facts.patterns.length > 0;
  if (decidesEmpty && keepsStringFacts(facts, '')) cases.push(at('empty', ''));
  return cases;
}

/**
 * A number's bounds as they are, fractions included: each inclusive bound exactly, and next to each exclusive one the
 * nearest quarter within it (the values generation draws are quarters too). Where it has a fractional multipleOf, the
 * least and the most multiple it allows, and a multiple with a fraction (a server that takes whole numbers only
 * refuses it).
 */
function numberCases(node: SchemaNode, at: At): ValueCase[] {
  const facts = node.number;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = facts;
  if (multipleOf !== undefined) return multipleCases(facts, at);
  const cases: ValueCase[] = [];
  if (minimum !== undefined) cases.push(at(`${minimum}, the least it allows`, minimum));
  if (exclusiveMinimum !== undefined) {
    const above = nearestInside(facts, 'least');
    if (above !== undefined) cases.push(at(`${above}, just above its exclusiveMinimum ${exclusiveMinimum}`, above));
  }
  if (maximum !== undefined) cases.push(at(`${maximum}, the most it allows`, maximum));
  if (exclusiveMaximum !== undefined) {
    const below = nearestInside(facts, 'most');
    if (below !== undefined) cases.push(at(`${below}, just below its exclusiveMaximum ${exclusiveMaximum}`, below));
  }
  return cases;
}

function multipleCases(facts: NumberFacts, at: At): ValueCase[] {
  const range = multipleRange(facts);
  if (!range) return [];
  // The multiple nearest an end that a double division agrees on (see decimalMultiples), looking a few steps in.
  const nearest = (from: number, direction: 1 | -1, wanted: (value: number) => boolean = () => true) => {
    for (let k = from, tries = 0; tries < 8 && k >= range.min && k <= range.max; k += direction, tries++) {
      const value = multiple(facts, k);
      if (agreedMultiple(facts, value) && wanted(value)) return value;
    }
    return undefined;
  };
  const cases: ValueCase[] = [];
  const least = facts.minimum === undefined && facts.exclusiveMinimum === undefined ? undefined : nearest(range.min, 1);
  const most = facts.maximum === undefined && facts.exclusiveMaximum === undefined ? undefined : nearest(range.max, -1);
  if (least !== undefined) cases.push(at(`${least}, the least multiple of ${facts.multipleOf} it allows`, least));
  if (most !== undefined) cases.push(at(`${most}, the most multiple of ${facts.multipleOf} it allows`, most));
  const fractional = (value: number | undefined) => value !== undefined && !Number.isInteger(value);
  if (!fractional(least) && !fractional(most)) {
    const fraction = nearest(Math.min(Math.max(range.min, 1), range.max), 1, fractional);
    if (fraction !== undefined) cases.push(at(`${fraction}, a multiple of ${facts.multipleOf} with a fraction`, fraction));
  }
  return cases;
}

function arrayCases(node: SchemaNode, at: At): ValueCase[] {
  const { minItems = 0, maxItems } = node.array;
  const cases: ValueCase[] = [];
  if (minItems === 0) cases.push(at('an empty array', []));
  for (const count of new Set([minItems, maxItems])) {
    if (count === undefined || count === 0) continue;
    const arrays = validArray({ ...node, array: { ...node.array, minItems: count, maxItems: count } });
    const value = arrays && firstKept(arrays);
    if (value !== undefined) cases.push(at(`with ${plural(count, 'item')}`, value));
  }
  return cases;
}
