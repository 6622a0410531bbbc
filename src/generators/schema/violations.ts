import fc from 'fast-check';
import { plural } from '../../core/plural.js';
import { INTEGER_FORMATS } from '../../json/exact-integer.js';
import { jsonText } from '../../json/write.js';
import { mergeNodes, takesOtherProperties, writableProperties, type JsonType, type SchemaNode, type StringFacts } from '../../spec/schema-node.js';
import { decimalPlaces, decimalStep, integerRange, integerStep, integerValue, multipleRange } from './numbers.js';
import { firstKept } from './probe.js';
import { canonicalString, countedOtherwise, formatBreaker, formatKind, keepsPatterns, patternBreakers, stringOfLength, type OtherCounting } from './strings.js';
import { canonicalValue, validArray } from './valid-value.js';
import { pathLabel, within, type ValueCase } from './value-case.js';

/**
 * A value of each JSON type, for a property of another type: a number where a string belongs, a string where a number
 * does. In the order the contract's own examples have them (a number, a boolean, null, an array, an object).
 */
const OF_TYPE: readonly (readonly [JsonType, unknown])[] = [['integer', 42], ['boolean', true], ['null', null], ['array', ['x']], ['object', { text: 'x' }]];

/** What the run holds a server to beyond what every server must refuse. */
export interface ViolationOptions {
  /**
   * Whether a text that breaks its format is invalid (--assert-formats): OpenAPI makes formats annotations, which a
   * conformant server may leave unchecked, so only a team whose servers check them asks for it.
   */
  readonly assertFormats?: boolean;
}

/** A property an object schema that forbids others does not define. */
export const UNDEFINED_PROPERTY = 'unexpected';

/**
 * One violation at a time of each constraint an object schema states, for every writable property and the objects
 * and arrays within it: a required property missing (at a root that takes other properties, also present only inside
 * a `"__proto__"` member), a value of each type it does not allow (null where it is not nullable; a string of digits
 * where a number belongs, which a coercing server takes), one past each length bound (that still matches the
 * patterns), a string that breaks a pattern (within the lengths), a value outside the enum, one past each numeric bound
 * and each integer format's range (int64's by one beyond 2^63), a multiple missed, one item too few or too many, a
 * repeated item, an invalid item, and a property the schema forbids. Each case changes one place of a valid body, and
 * breaks the schema there only (test/generators/schema holds each to ajv). Formats of strings are not broken: OpenAPI
 * makes them annotations, which a conformant server may not check; but where the run asserts them
 * (`options.assertFormats`), a text of the right lengths that breaks each format ajv-formats knows. Within a recursive
 * schema (a category's children), the violations of its first recurrence: deeper, the same again.
 */
export function violationCases(node: SchemaNode, path: readonly string[] = [], options: ViolationOptions = {}): ValueCase[] {
  const cases: ValueCase[] = [];
  const { required, additional } = node.object;
  for (const [key, child] of writableProperties(node)) {
    const at = [...path, key];
    if (required.includes(key)) {
      cases.push({ label: `${pathLabel(at)} missing`, path: at, change: { remove: true }, keyword: 'required' });
      // At the body's root, which a handler copies or merges into its record: there a "__proto__" member becomes the
      // record's prototype, whose property passes for the body's own. Only where the member itself is allowed, so that
      // the required property is all the body lacks.
      if (path.length === 0 && takesOtherProperties(node)) cases.push({ label: `${pathLabel(at)} only inside a "__proto__" member`, path: at, change: { inPrototype: true }, keyword: 'required' });
    }
    cases.push(...valueViolations(child, at, options));
  }
  if (additional !== 'any' && !(UNDEFINED_PROPERTY in node.object.properties)) {
    const at = [...path, UNDEFINED_PROPERTY];
    const where = path.length > 0 ? ` in ${pathLabel(path)}` : '';
    if (additional === 'none') {
      cases.push({ label: `a property the spec does not define ("${UNDEFINED_PROPERTY}")${where}`, path: at, change: { set: 'x' }, keyword: 'additionalProperties' });
    } else {
      for (const v of valueViolations(additional, at, options).filter((c) => c.keyword === 'type').slice(0, 1)) {
        cases.push({ ...v, label: `a property the spec does not define ("${UNDEFINED_PROPERTY}") that is ${jsonText('set' in v.change ? v.change.set : undefined)}${where}` });
      }
    }
  }
  return cases;
}

/** The violations of one value's schema, placed at `path`. */
function valueViolations(node: SchemaNode, path: readonly string[], options: ViolationOptions): ValueCase[] {
  if (node.unsupported.length > 0 || (node.nested ?? 0) > 1) return [];
  const p = pathLabel(path);
  const set = (label: string, value: unknown, keyword: string): ValueCase => ({ label: `${p} ${label}`, path, change: { set: value }, keyword });
  // Alternatives (anyOf, oneOf) whose types are all stated: a value of a type none of them allows breaks them all.
  if (node.alternatives) {
    const { alternatives, ...base } = node;
    const each = alternatives.map((alt) => mergeNodes(base, alt));
    if (!each.every((alt) => alt.typeStated)) return [];
    const allowed = { types: new Set(each.flatMap((alt) => [...alt.types])) };
    return wrongTypes(allowed).map(([, value]) => set(`is ${jsonText(value)}`, value, 'type'));
  }
  const cases: ValueCase[] = [];
  if (node.typeStated) {
    for (const [, value] of wrongTypes(node)) cases.push(set(`is ${jsonText(value)}`, value, 'type'));
  }
  if (node.values) {
    const outside = outsideEnum(node);
    if (outside !== undefined) cases.push(set(`is ${jsonText(outside)}, not one of its values`, outside, 'enum'));
    const recased = otherCase(node);
    if (recased !== undefined) cases.push(set(`is ${jsonText(recased)}, one of its values in another letter case`, recased, 'enum'));
    return cases;
  }
  if (node.types.has('string')) cases.push(...stringViolations(node, set, options));
  if (node.types.has('integer') && !node.types.has('number')) cases.push(...integerViolations(node, set));
  else if (node.types.has('number')) cases.push(...numberViolations(node, set));
  if (node.types.has('array')) cases.push(...arrayViolations(node, path, set, options));
  if (node.types.has('object') && node.typeStated) {
    const base = canonicalValue({ ...node, types: new Set(['object']) });
    if (base) cases.push(...within(path, base.value, violationCases(node, path, options)));
  }
  return cases;
}

type SetAt = (label: string, value: unknown, keyword: string) => ValueCase;

/** A value of each type the schema does not allow: the number as an integer where no number is allowed, else 1.5. */
function wrongTypes(node: Pick<SchemaNode, 'types'>): (readonly [JsonType, unknown])[] {
  const allowed = node.types;
  const out: (readonly [JsonType, unknown])[] = [];
  for (const [type, value] of OF_TYPE) {
    if (type === 'integer') {
      if (!allowed.has('integer')) out.push([type, 42]);
      else if (!allowed.has('number')) out.push(['number', 1.5]);
    } else if (!allowed.has(type)) out.push([type, value]);
  }
  // A string where a number or a boolean belongs: the digits or word a coercing server reads as one.
  if (!allowed.has('string')) out.push(['string', allowed.has('integer') || allowed.has('number') ? '1' : allowed.has('boolean') ? 'true' : 'x']);
  return out;
}

/** A value of an allowed type that the enum does not list. */
function outsideEnum(node: SchemaNode): unknown {
  const values = node.values ?? [];
  const listed = new Set(values.map((v) => jsonText(v)));
  const candidates = [...values.filter((v) => typeof v === 'string').map((v) => `${v as string}x`), 'unlisted',
    ...values.filter((v) => typeof v === 'number').map((v) => (v as number) + 1), 987654321];
  return candidates.find((c) => !listed.has(jsonText(c)) && node.types.has(typeof c === 'string' ? 'string' : Number.isInteger(c) ? 'integer' : 'number'));
}

/** A listed string in letters of another case that the enum does not list: a server that ignores case takes it. */
function otherCase(node: SchemaNode): string | undefined {
  const values = node.values ?? [];
  const listed = new Set(values.map((v) => jsonText(v)));
  const recased = values.filter((v): v is string => typeof v === 'string')
    .flatMap((v) => [v.toUpperCase(), v.toLowerCase()]).find((v) => !listed.has(jsonText(v)));
  return recased !== undefined && node.types.has('string') ? recased : undefined;
}

function stringViolations(node: SchemaNode, set: SetAt, options: ViolationOptions): ValueCase[] {
  const facts = node.string;
  const cases: ValueCase[] = [];
  const breaker = options.assertFormats ? formatBreaker(facts) : undefined;
  if (breaker !== undefined) cases.push(set(`is ${jsonText(breaker)}, which breaks its format ${facts.format}`, breaker, 'format'));
  // A length past a bound would break a format too, which a conformant server need not check (see above).
  if (formatKind(facts.format) === 'known') return cases;
  if (facts.minLength !== undefined && facts.minLength > 0) {
    const length = facts.minLength - 1;
    const text = stringOfLength(facts, length) ?? oneShorter(stringOfLength(facts, facts.minLength));
    if (text !== undefined) cases.push(set(`of ${plural(length, 'character')}, one fewer than its minLength${ofPattern(facts, text)}`, text, 'minLength'));
  }
  if (facts.maxLength !== undefined) {
    const length = facts.maxLength + 1;
    const text = stringOfLength(facts, length) ?? oneLonger(stringOfLength(facts, facts.maxLength));
    if (text !== undefined) cases.push(set(`of ${plural(length, 'character')}, one more than its maxLength${ofPattern(facts, text)}`, text, 'maxLength'));
  }
  // One past each bound again where counting otherwise than by code points finds the text within it: grapheme
  // clusters (past the maxLength), UTF-16 units or bytes (short of the minLength).
  const otherwise: [number | undefined, OtherCounting, string][] = [
    [facts.maxLength === undefined ? undefined : facts.maxLength + 1, 'in combining sequences', 'maxLength'],
    [facts.minLength === undefined || facts.minLength < 2 ? undefined : facts.minLength - 1, 'beyond the BMP', 'minLength'],
  ];
  for (const [length, kind, keyword] of otherwise) {
    const text = length === undefined ? undefined : countedOtherwise(facts, kind, length);
    if (text !== undefined) {
      cases.push(set(`of ${plural(length as number, 'character')} ${kind}, one ${keyword === 'maxLength' ? 'more than its maxLength' : 'fewer than its minLength'}`, text, keyword));
    }
  }
  if (facts.patterns.length > 0) {
    for (const { text, how } of patternBreakers(facts, canonicalString({ ...facts, patterns: [] }) ?? 'x')) {
      cases.push(set(`is ${jsonText(text)}, which does not match its pattern${how ? ` (${how})` : ''}`, text, 'pattern'));
    }
  }
  return cases;
}

// Where the pattern fixes the lengths too (^[A-Z]{3}$), the length is broken on a text of the pattern grown or cut by
// one character: a server that checks neither refuses nothing.
const oneShorter = (text: string | undefined) => (text === undefined ? undefined : [...text].slice(0, -1).join(''));
const oneLonger = (text: string | undefined) => (text === undefined ? undefined : text + ([...text].at(-1) ?? 'x'));
const ofPattern = (facts: StringFacts, text: string) => (keepsPatterns(facts, text) ? '' : ', which its pattern does not allow either');

function integerViolations(node: SchemaNode, set: SetAt): ValueCase[] {
  const facts = node.number;
  const range = integerRange(facts);
  if (!range) return [];
  const cases: ValueCase[] = [];
  const format = facts.format === undefined ? undefined : INTEGER_FORMATS[facts.format];
  const stated = (bound: unknown) => bound !== undefined;
  const step = integerStep(facts) ?? 1n;
  // One past each bound the schema states, and past the format's range where that is the bound.
  if (stated(facts.minimum) || stated(facts.exclusiveMinimum) || format) {
    const below = range.min - step;
    const what = format && range.min === format.min ? `beyond the ${facts.format as string} range` : 'below its minimum';
    cases.push(set(`is ${below}, ${what}`, integerValue(below), format && range.min === format.min ? 'format' : 'minimum'));
  }
  if (stated(facts.maximum) || stated(facts.exclusiveMaximum) || format) {
    const above = range.max + step;
    const what = format && range.max === format.max ? `beyond the ${facts.format as string} range` : 'above its maximum';
    cases.push(set(`is ${above}, ${what}`, integerValue(above), format && range.max === format.max ? 'format' : 'maximum'));
  }
  // Next to the multiple nearest 0: within the doubles' exact range, where a validator can tell multiples apart.
  const multiple = range.min > 0n ? range.min : range.max < 0n ? range.max : 0n;
  const missed = multiple + 1n <= range.max ? multiple + 1n : multiple - 1n;
  if (step > 1n && missed >= range.min) cases.push(set(`is ${missed}, not a multiple of ${step}`, integerValue(missed), 'multipleOf'));
  return cases;
}

/**
 * Past each bound by the least step its own digits show (999.99: 0.01, so 1000; a whole bound: 0.25) or by its
 * fractional multipleOf, which a server that rounds or widens the bound takes; on each exclusive bound; and, with a fractional multipleOf, halfway between
 * two multiples within the bounds.
 */
function numberViolations(node: SchemaNode, set: SetAt): ValueCase[] {
  const facts = node.number;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = facts;
  const cases: ValueCase[] = [];
  // A fractional multipleOf's step keeps the value a multiple, so that only the bound is broken.
  const step = (bound: number) => decimalStep(facts)?.step ?? Math.min(0.25, 10 ** -decimalPlaces(bound));
  const past = (bound: number, direction: 1 | -1) =>
    Number((bound + direction * step(bound)).toFixed(Math.max(decimalPlaces(bound), decimalPlaces(step(bound)))));
  if (minimum !== undefined) cases.push(set(`is ${past(minimum, -1)}, below its minimum`, past(minimum, -1), 'minimum'));
  if (exclusiveMinimum !== undefined) cases.push(set(`is ${exclusiveMinimum}, not above its exclusiveMinimum`, exclusiveMinimum, 'exclusiveMinimum'));
  if (maximum !== undefined) cases.push(set(`is ${past(maximum, 1)}, above its maximum`, past(maximum, 1), 'maximum'));
  if (exclusiveMaximum !== undefined) cases.push(set(`is ${exclusiveMaximum}, not below its exclusiveMaximum`, exclusiveMaximum, 'exclusiveMaximum'));
  const range = multipleRange(facts);
  if (range && range.min < range.max) {
    const between = Number(((range.min + 0.5) * (facts.multipleOf as number)).toFixed(decimalPlaces(facts.multipleOf as number) + 1));
    cases.push(set(`is ${between}, not a multiple of ${facts.multipleOf}`, between, 'multipleOf'));
  }
  return cases;
}

function arrayViolations(node: SchemaNode, path: readonly string[], set: SetAt, options: ViolationOptions): ValueCase[] {
  const { items, minItems = 0, maxItems, uniqueItems } = node.array;
  const ofLength = (count: number, unique = uniqueItems) => {
    const arrays = validArray({ ...node, array: { ...node.array, minItems: count, maxItems: count, uniqueItems: unique } });
    return arrays && firstKept(arrays);
  };
  const cases: ValueCase[] = [];
  if (minItems > 0) {
    const fewer = ofLength(minItems - 1);
    if (fewer !== undefined) cases.push(set(`with ${plural(minItems - 1, 'item')}, one fewer than its minItems`, fewer, 'minItems'));
  }
  if (maxItems !== undefined) {
    const more = ofLength(maxItems + 1);
    if (more !== undefined) cases.push(set(`with ${plural(maxItems + 1, 'item')}, one more than its maxItems`, more, 'maxItems'));
  }
  const one = items ? canonicalValue(items) : { value: 'x' };
  if (uniqueItems && one && (maxItems ?? 2) >= 2 && minItems <= 2) cases.push(set('with an item twice', [one.value, one.value], 'uniqueItems'));
  // An invalid first item among valid ones: the array as short as allowed, but with one item to break.
  const base = ofLength(Math.max(1, minItems), false);
  if (items && base !== undefined && (maxItems ?? 1) >= 1) cases.push(...within(path, base, valueViolations(items, [...path, '0'], options)));
  return cases;
}

/** JSON values of every type, drawn widely: what a property of another type is given by generated violations. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...OF_TYPE.map(([, value]) => value)),
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.string({ maxLength: 8 }),
  fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

/** The JSON type of a value, `integer` for a number without a fraction. */
function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/**
 * Violations drawn at random around {@link violationCases}: each of them, and a value of any type a property does not
 * allow, drawn widely (numbers, fractions, texts, arrays and objects of any content). Undefined when the schema states
 * no constraint to break.
 */
export function violationArbitrary(node: SchemaNode, options: ViolationOptions = {}): fc.Arbitrary<ValueCase> | undefined {
  const fixed = violationCases(node, [], options);
  const typed = writableProperties(node).filter(([, child]) => child.typeStated && !child.alternatives && child.unsupported.length === 0 && !child.values);
  const wrong = typed.map(([key, child]) => anyJson
    .filter((value) => !child.types.has(typeOf(value)) && !(typeOf(value) === 'integer' && child.types.has('number')))
    .map((value): ValueCase => ({ label: `${key} is ${jsonText(value)}`, path: [key], change: { set: value }, keyword: 'type' })));
  const drawn = [...(fixed.length > 0 ? [fc.constantFrom(...fixed)] : []), ...wrong];
  return drawn.length > 0 ? fc.oneof(...drawn) : undefined;
}
