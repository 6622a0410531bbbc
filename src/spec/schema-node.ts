import { localRefTarget } from './local-ref.js';
import type { JsonSchema } from './types.js';

/** The JSON types a schema names, `integer` apart from `number` as JSON Schema has them. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export const JSON_TYPES: readonly JsonType[] = ['string', 'integer', 'number', 'boolean', 'null', 'array', 'object'];

/** What a schema says of strings. Lengths count code points, as JSON Schema does. */
export interface StringFacts {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Every pattern the value must match (allOf may give several); ECMA-262 source, unanchored unless written so. */
  readonly patterns: readonly string[];
  readonly format?: string;
}

/** What a schema says of numbers. Exclusive bounds are kept apart, in the 3.1 form, whichever dialect wrote them. */
export interface NumberFacts {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly format?: string;
}

/** What a schema says of arrays. */
export interface ArrayFacts {
  readonly items?: SchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems: boolean;
}

/** What a schema says of objects. */
export interface ObjectFacts {
  readonly properties: Readonly<Record<string, SchemaNode>>;
  readonly required: readonly string[];
  /**
   * Properties beyond `properties`: any (`true` or unsaid), none (`false`), or those a schema allows. Under allOf, a
   * part that forbids them allows only its own properties: see {@link ObjectFacts.closedTo}.
   */
  readonly additional: 'any' | 'none' | SchemaNode;
  /** Set when a part of the schema forbids properties beyond its own: only these may appear. */
  readonly closedTo?: readonly string[];
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

/**
 * A JSON Schema of the subset OpenAPI 3.0 and 3.1 use, as one flat record of what it allows: allOf merged, `nullable`
 * (3.0) and type arrays with `null` (3.1) both as the type `null`. What generators and checks ask of a schema, asked
 * of this instead of the schema's many spellings.
 */
export interface SchemaNode {
  /** The types a value may have; every type when the schema states none. */
  readonly types: ReadonlySet<JsonType>;
  /** Whether the schema states a type (else any JSON value is of an allowed type). */
  readonly typeStated: boolean;
  /** The only values allowed (`enum`, `const`), when the schema lists them. */
  readonly values?: readonly unknown[];
  readonly string: StringFacts;
  readonly number: NumberFacts;
  readonly array: ArrayFacts;
  readonly object: ObjectFacts;
  /** Alternatives a value must match one of (anyOf, oneOf). */
  readonly alternatives?: readonly SchemaNode[];
  /** Sent by the service only: a client never sends it (OpenAPI `readOnly`). */
  readonly readOnly: boolean;
  /** Sent by the client only: a response need not show it, and should not (OpenAPI `writeOnly`). */
  readonly writeOnly: boolean;
  /** The spec's `default`, as written. */
  readonly default?: unknown;
  /** Keywords that constrain values in ways the generators do not follow (`not`, `if`, `patternProperties`…). */
  readonly unsupported: readonly string[];
  /**
   * How deep the node is in its schema's recursion (see {@link nodeOf}): 1 for a recursive schema within itself (a
   * category's children), 2 within that (their children); absent where no schema recurs.
   */
  readonly nested?: number;
}

/** Keywords the node reads; any other keyword that constrains values is unsupported. */
const UNSUPPORTED = ['not', 'if', 'then', 'else', 'patternProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas',
  'dependencies', 'contains', 'minContains', 'maxContains', 'prefixItems', 'unevaluatedProperties', 'unevaluatedItems', '$dynamicRef'];

/** How many times a recursive schema is unfolded within itself: a category's children, and their children. */
export const MOST_NESTING = 2;

/** Whether the node is a recursive schema's beyond the deepest unfolding (see {@link nodeOf}): nothing is made of it. */
export function beyondNesting(node: SchemaNode): boolean {
  return node.nested !== undefined && node.nested > MOST_NESTING;
}

/**
 * How deep in its schema's recursion a property's value is (see SchemaNode.nested): its own node's, or its items'
 * where it is an array of them (a category's children); undefined where it does not recur.
 */
export function recursionOf(node: SchemaNode): number | undefined {
  return node.nested ?? node.array.items?.nested;
}

/** Why a recursive schema is not unfolded any deeper: see {@link nodeOf}. */
const TOO_DEEP = `nesting deeper than ${MOST_NESTING} levels`;

/**
 * The node of a JSON Schema (as spec/schemas.ts converts it: dereferenced, OpenAPI annotations dropped). A recursive
 * schema's `$ref`s (see spec/schemas.ts) are unfolded {@link MOST_NESTING} times within it: a node as deep again
 * allows no value and says why in `unsupported` (the generators then send no deeper value, and break none there).
 */
export function nodeOf(schema: JsonSchema): SchemaNode {
  return nodeWithin(schema, { root: schema, refs: ['#'] });
}

/** Where a schema is read: the root its `$ref`s point into, and the refs followed on the way, the root's `#` first. */
interface Place {
  readonly root: JsonSchema;
  readonly refs: readonly string[];
}

function nodeWithin(schema: JsonSchema, place: Place): SchemaNode {
  if (schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) return ANY;
  if (schema === false) return NOTHING;
  if (typeof schema['$ref'] === 'string') return referredNode(schema['$ref'], place);
  const parts = [withoutAllOf(schema, place), ...((schema['allOf'] as JsonSchema[] | undefined) ?? []).map((part) => nodeWithin(part, place))];
  return withNullFolded(parts.reduce(mergeNodes));
}

/** The node of the schema a `$ref` names, as deep in its recursion as the refs followed to it say. */
function referredNode(ref: string, place: Place): SchemaNode {
  const target = localRefTarget(place.root, ref);
  if (target === undefined) return { ...ANY, unsupported: ['$ref'] };
  const nested = place.refs.filter((r) => r === ref).length;
  if (nested > MOST_NESTING) return { ...NOTHING, unsupported: [TOO_DEEP], nested };
  const node = nodeWithin(target, { ...place, refs: [...place.refs, ref] });
  return nested > 0 ? { ...node, nested } : node;
}

/**
 * A node whose alternatives are one schema and null (`anyOf: [X, {type: null}]`, how OpenAPI 3.1 and 3.0's
 * `nullable` on a `$ref` make a property nullable), read as X with null allowed: what X says of its values holds.
 */
function withNullFolded(node: SchemaNode): SchemaNode {
  const alternatives = node.alternatives ?? [];
  const isNull = (alt: SchemaNode) => alt.typeStated && alt.types.size === 1 && alt.types.has('null');
  const other = alternatives.filter((alt) => !isNull(alt));
  if (alternatives.length !== 2 || other.length !== 1) return node;
  const { alternatives: _both, ...base } = node;
  const folded = mergeNodes(base, other[0] as SchemaNode);
  return { ...folded, types: new Set([...folded.types, 'null']), typeStated: true };
}

/** A node with no constraint: any JSON value. */
const ANY: SchemaNode = {
  types: new Set(JSON_TYPES), typeStated: false, string: { patterns: [] }, number: {}, array: { uniqueItems: false },
  object: { properties: {}, required: [], additional: 'any' }, readOnly: false, writeOnly: false, unsupported: [],
};

/** A node no value matches. */
const NOTHING: SchemaNode = { ...ANY, types: new Set(), typeStated: true };

function withoutAllOf(schema: { readonly [keyword: string]: unknown }, place: Place): SchemaNode {
  const childNode = (child: JsonSchema) => nodeWithin(child, place);
  const s = schema as Record<string, unknown>;
  const num = (keyword: string) => (typeof s[keyword] === 'number' ? s[keyword] as number : undefined);
  const stated = typeof s['type'] === 'string' ? [s['type']] : Array.isArray(s['type']) ? s['type'] as string[] : undefined;
  const types = new Set<JsonType>(stated ? stated.filter((t): t is JsonType => (JSON_TYPES as readonly string[]).includes(t)) : JSON_TYPES);
  // `number` admits integers; `nullable: true` (3.0) admits null where a type is stated.
  if (types.has('number')) types.add('integer');
  if (s['nullable'] === true && stated) types.add('null');
  const values = 'const' in s ? [s['const']] : Array.isArray(s['enum']) ? s['enum'] as unknown[] : undefined;
  const alternatives = [...((s['anyOf'] as JsonSchema[] | undefined) ?? []), ...((s['oneOf'] as JsonSchema[] | undefined) ?? [])];
  const properties = Object.fromEntries(Object.entries((s['properties'] ?? {}) as Record<string, JsonSchema>).map(([k, v]) => [k, childNode(v)]));
  const additional = s['additionalProperties'] === false ? 'none' as const
    : typeof s['additionalProperties'] === 'object' ? childNode(s['additionalProperties'] as JsonSchema) : 'any' as const;
  // 3.0 writes exclusive bounds as booleans beside minimum and maximum; 3.1 as numbers of their own.
  const exclusive = (bound: 'minimum' | 'maximum', keyword: string) =>
    s[keyword] === true ? num(bound) : num(keyword);
  const exclusiveMinimum = exclusive('minimum', 'exclusiveMinimum');
  const exclusiveMaximum = exclusive('maximum', 'exclusiveMaximum');
  return {
    types,
    typeStated: stated !== undefined,
    ...(values ? { values } : {}),
    string: omitUndefined({ minLength: num('minLength'), maxLength: num('maxLength'), patterns: typeof s['pattern'] === 'string' ? [s['pattern']] : [], format: formatOf(s) }),
    number: omitUndefined({
      minimum: s['exclusiveMinimum'] === true ? undefined : num('minimum'),
      maximum: s['exclusiveMaximum'] === true ? undefined : num('maximum'),
      exclusiveMinimum, exclusiveMaximum, multipleOf: num('multipleOf'), format: formatOf(s),
    }),
    array: omitUndefined({
      items: typeof s['items'] === 'object' && !Array.isArray(s['items']) ? childNode(s['items'] as JsonSchema) : undefined,
      minItems: num('minItems'), maxItems: num('maxItems'), uniqueItems: s['uniqueItems'] === true,
    }),
    object: omitUndefined({
      properties, required: Array.isArray(s['required']) ? s['required'] as string[] : [], additional,
      closedTo: additional === 'none' ? Object.keys(properties) : undefined,
      minProperties: num('minProperties'), maxProperties: num('maxProperties'),
    }),
    ...(alternatives.length > 0 ? { alternatives: alternatives.map(childNode) } : {}),
    readOnly: s['readOnly'] === true,
    writeOnly: s['writeOnly'] === true,
    ...('default' in s ? { default: s['default'] } : {}),
    unsupported: UNSUPPORTED.filter((k) => k in s).concat(Array.isArray(s['items']) ? ['items as a list'] : []),
  };
}

function formatOf(s: Record<string, unknown>): string | undefined {
  return typeof s['format'] === 'string' ? s['format'] : undefined;
}

/** A node that both nodes describe: what allOf means. */
export function mergeNodes(a: SchemaNode, b: SchemaNode): SchemaNode {
  const types = new Set([...a.types].filter((t) => b.types.has(t)));
  const values = a.values && b.values ? a.values.filter((v) => b.values?.some((w) => JSON.stringify(w) === JSON.stringify(v))) : a.values ?? b.values;
  const properties: Record<string, SchemaNode> = { ...a.object.properties };
  for (const [key, node] of Object.entries(b.object.properties)) properties[key] = properties[key] ? mergeNodes(properties[key], node) : node;
  const closedTo = a.object.closedTo && b.object.closedTo ? a.object.closedTo.filter((k) => b.object.closedTo?.includes(k)) : a.object.closedTo ?? b.object.closedTo;
  const alternatives = [...(a.alternatives ?? []), ...(b.alternatives ?? [])];
  return {
    types,
    typeStated: a.typeStated || b.typeStated,
    ...(values ? { values } : {}),
    string: omitUndefined({
      minLength: most(a.string.minLength, b.string.minLength), maxLength: least(a.string.maxLength, b.string.maxLength),
      patterns: [...a.string.patterns, ...b.string.patterns], format: a.string.format ?? b.string.format,
    }),
    number: omitUndefined({
      minimum: most(a.number.minimum, b.number.minimum), maximum: least(a.number.maximum, b.number.maximum),
      exclusiveMinimum: most(a.number.exclusiveMinimum, b.number.exclusiveMinimum), exclusiveMaximum: least(a.number.exclusiveMaximum, b.number.exclusiveMaximum),
      multipleOf: a.number.multipleOf ?? b.number.multipleOf, format: a.number.format ?? b.number.format,
    }),
    array: omitUndefined({
      items: a.array.items && b.array.items ? mergeNodes(a.array.items, b.array.items) : a.array.items ?? b.array.items,
      minItems: most(a.array.minItems, b.array.minItems), maxItems: least(a.array.maxItems, b.array.maxItems),
      uniqueItems: a.array.uniqueItems || b.array.uniqueItems,
    }),
    object: omitUndefined({
      properties,
      required: [...new Set([...a.object.required, ...b.object.required])],
      additional: a.object.additional === 'none' || b.object.additional === 'none' ? 'none' as const
        : typeof a.object.additional === 'object' ? a.object.additional : b.object.additional,
      closedTo,
      minProperties: most(a.object.minProperties, b.object.minProperties), maxProperties: least(a.object.maxProperties, b.object.maxProperties),
    }),
    ...(alternatives.length > 0 ? { alternatives } : {}),
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    ...('default' in a ? { default: a.default } : 'default' in b ? { default: b.default } : {}),
    unsupported: [...a.unsupported, ...b.unsupported],
    ...(a.nested !== undefined || b.nested !== undefined ? { nested: Math.max(a.nested ?? 0, b.nested ?? 0) } : {}),
  };
}

const most = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const least = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/** The object without its undefined fields: facts a schema does not state are absent, not undefined. */
function omitUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}

/** Whether an object of this node may hold properties it does not define: neither it nor a part of it forbids them. */
export function takesOtherProperties(node: SchemaNode): boolean {
  return node.object.additional === 'any' && !node.object.closedTo;
}

/** The properties a response shows of an object of this node, as the client sent them: every one but the write-only. */
export function shownProperties(node: SchemaNode): string[] {
  return Object.entries(node.object.properties).filter(([, child]) => !child.writeOnly).map(([key]) => key);
}

/** What a Category of this node shows besides its id, as the client sent it: what LIST-2 compares with the 201's. */
export function shownContent(node: SchemaNode): string[] {
  return shownProperties(node).filter((key) => key !== 'id');
}

/**
 * The properties a client may send in an object of this node: every property it defines but the read-only ones, and
 * only those a closed part of it allows.
 */
export function writableProperties(node: SchemaNode): [string, SchemaNode][] {
  const { properties, closedTo } = node.object;
  return Object.entries(properties).filter(([key, child]) => !child.readOnly && (!closedTo || closedTo.includes(key)));
}

/** What a spec may say of a text that the contract leaves open (see rules/open-questions.ts). */
export type TextAspect = 'empty' | 'length' | 'characters';

/**
 * What of a text's schema answers a question the contract leaves open, in words (`minLength 1`, `pattern ^[a-z]+$`);
 * undefined where it says nothing of it. Whether a text may be empty is answered by a minLength; how long it may be, by
 * a maxLength; which characters it may hold, by a pattern. An enum or a format answers all three.
 */
export function answeredBy(node: SchemaNode, aspect: TextAspect): string | undefined {
  const { minLength, maxLength, patterns, format } = node.string;
  if (node.values) return 'its enum';
  if (format !== undefined && FORMATS_OF_VALUES.has(format)) return `format ${format}`;
  const pattern = patterns.length > 0 ? `pattern ${patterns.join(', ')}` : undefined;
  if (aspect === 'empty') return minLength !== undefined ? `minLength ${minLength}` : pattern;
  if (aspect === 'length') return maxLength !== undefined ? `maxLength ${maxLength}` : pattern;
  return pattern;
}

/**
 * Whether a text's schema leaves it free text, whatever it bounds or patterns: not one of listed values (an enum), not a
 * format whose values are a grammar of their own (a date, a URI).
 */
export function isFreeText(node: SchemaNode): boolean {
  const { format } = node.string;
  return node.values === undefined && (format === undefined || !FORMATS_OF_VALUES.has(format));
}

/** Formats whose values are a grammar of their own (a date, an address): they answer what a text may hold. */
const FORMATS_OF_VALUES = new Set(['date-time', 'date', 'time', 'email', 'uuid', 'uri', 'url', 'hostname', 'ipv4', 'ipv6', 'byte', 'duration', 'uri-reference', 'iso-date-time', 'iso-time']);
