/**
 * What the create suite sends by example, as the loaded spec takes it (suites/create.suite.ts sends them; `rules --spec`
 * says what they come to): the valid examples (every shape of the name grammar, descriptions, the spec's boundary
 * values), those the spec forbids (sent as invalid bodies), the shapes of the invalid-body grammar the spec still calls
 * invalid, and the properties CREATE-4 sends that no spec defines.
 */
import { KNOWN_INVALID_BODIES, renderInvalidBody, type InvalidBodyCase } from './invalid-bodies.js';
import type { KnownShape } from './known-shape.js';
import { KNOWN_NAMES, nameOf, type NameShape } from './names.js';
import type { Body, NewCategoryBodies } from './new-category.js';
import { hazardBodies, hazardPacks } from './text-hazards.js';

/** A NewCategory sent by example: what it is, and its body with the run's marker (where a property takes one). */
export interface CreateExample {
  readonly name: string;
  /** What the 201 must show: `that name`, `what was sent`. */
  readonly shows: string;
  readonly body: (marker: string) => Body;
  /** Set when the spec does not allow it: why, in its validator's words (it is then sent as an invalid body). */
  readonly forbidden?: string;
  /** The text hazards it carries (see text-hazards.ts), as report.json lists them. */
  readonly hazards?: readonly string[];
}

/**
 * The examples CREATE-1 sends, each as the spec takes it: with the marker in its name where that is valid, else
 * without; or, when the spec forbids it either way, as an invalid body (with why). Judged once, before the run, with
 * the longest marker it makes. Every shape the name grammar knows, the plain one first (a name sent again by
 * CREATE-1); descriptions; the spec's boundary values (each bound it states exactly, empty and null where it allows
 * them, each enum value). None when the suite cannot make a valid NewCategory of the spec's.
 */
export function createExamples(bodies: NewCategoryBodies): CreateExample[] {
  if (!bodies.canMakeValid) return [];
  const defines = (property: string) => bodies.properties.includes(property);
  const markerInName = bodies.marking?.property === 'name';
  const judged = (name: string, shows: string, body: (marker: string, marked: boolean) => Body): CreateExample => {
    const marker = bodies.longestMarker;
    const marked = markerInName && bodies.problems(body(marker, true)).length === 0;
    const made = (m: string) => body(m, marked);
    const problems = bodies.problems(made(marker));
    return { name, shows, body: made, ...(problems.length > 0 ? { forbidden: problems.join('; ') } : {}) };
  };
  /** A name of the grammar, with the marker in it where the shape has one and the marker goes in the name. */
  const named = (shape: NameShape, marker: string, marked: boolean): Body => {
    const name = marked ? nameOf(shape, marker) : shape.lead + shape.text.trimStart();
    return bodies.with({ name: name === '' ? shape.text : name }, marker);
  };
  return [
    // Names about the exact name carry no marker (report.json lists them among the run's categories).
    ...(defines('name') ? KNOWN_NAMES.map(({ label, shape }) => judged(label, 'that name', (m, marked) => named(shape, m, marked && shape.marked))) : []),
    ...(defines('name') ? [judged('a name of exactly 100 characters', 'that name', (m, marked) => bodies.with({ name: (marked ? m : 'Long name ').padEnd(100, 'x') }, m))] : []),
    // Descriptions (and any other text property) are the text hazards' bodies: Unicode of every width, 100 characters.
    ...hazardExamples(bodies),
    ...bodies.boundaries.map((c) => judged(c.label, 'what was sent', (m) => bodies.bodyOf(c, m) as Body)),
  ];
}

/**
 * The text hazards of every text property (see hazardPacks) as examples: the texts the spec allows, a body for the
 * first text of each property, one for the second…, over a plain valid body; each text it forbids as an invalid body,
 * marked where a property other than the hazards' takes the marker.
 */
function hazardExamples(bodies: NewCategoryBodies): CreateExample[] {
  const { valid, forbidden } = hazardPacks(bodies);
  const bodiesOfHazards = hazardBodies(valid);
  const examples = bodiesOfHazards.map(({ set, hazards }, i): CreateExample => {
    const body = (marker: string) => bodies.valid(marker, set);
    const problems = bodies.problems(body(bodies.longestMarker));
    const name = `text hazards (${i + 1} of ${bodiesOfHazards.length}) in ${Object.keys(set).join(' and ')}`;
    return { name, shows: 'what was sent', body, hazards, ...(problems.length > 0 ? { forbidden: problems.join('; ') } : {}) };
  });
  // A text its validator takes that no text within CREATE-1's 100 units could hold is a length left open: not sent here.
  return [...examples, ...forbidden.flatMap(({ property, text, hazards }): CreateExample[] => {
    const body = (marker: string) => bodies.with({ [property]: text }, marker);
    const problems = bodies.problems(body(bodies.longestMarker));
    const name = `the text hazards of ${property} the spec does not allow (${hazards.map((id) => id.slice(property.length + 1)).join(', ')})`;
    return problems.length === 0 ? [] : [{ name, shows: 'what was sent', body, hazards, forbidden: problems.join('; ') }];
  })];
}

/**
 * The shapes of the invalid-body grammar CREATE-2 sends by example: every one the spec does not make valid after all
 * (a field in place of the name is valid where the spec does not require one). None when no valid body can be made.
 */
export function invalidBodyExamples(bodies: NewCategoryBodies): KnownShape<InvalidBodyCase>[] {
  if (!bodies.canMakeValid) return [];
  const longest = bodies.longestMarker;
  return KNOWN_INVALID_BODIES.filter(({ shape }) => bodies.textProblems(renderInvalidBody(shape, longest, bodies.valid(longest)).raw).length > 0);
}

/**
 * The values CREATE-4 sends in properties the spec does not define, one of each shape a server may store otherwise:
 * a text, an array, an object.
 */
const PROBE_VALUES = { text: 'brown', list: ['small', 'pet'], object: { legs: 4 } } as const;

/**
 * How a probe property is named, by the run's id and the shape of its value: unique to the suite and the run, so that no
 * spec defines it, now or later. A long-lived target keeps what a create sent (there is no delete): a plain `color`
 * would fail the spec of the day a team gives categories a `color` with a pattern, on every run, in MODEL-1's list
 * audit. Hyphenated as OpenAPI's own extensions are; camel case or with underscores where the spec's names allow no
 * hyphen (`propertyNames`, `patternProperties`).
 */
const PROBE_SPELLINGS: readonly ((run: string, shape: string) => string)[] = [
  (run, shape) => `x-petstore-conformance-${run}-${shape}`,
  (run, shape) => `xPetstoreConformance${run}${shape.charAt(0).toUpperCase()}${shape.slice(1)}`,
  (run, shape) => `x_petstore_conformance_${run}_${shape}`,
];

/** A value parsers choke on, in a property the spec does not define (see parserHazards). */
interface ParserHazard {
  /** As report.json lists it: `body:deep-nesting`. */
  readonly id: string;
  /** What it is, in a check's name: `arrays nested 1,000 deep`. */
  readonly label: string;
  /** The shape its property is named by (see PROBE_SPELLINGS). */
  readonly shape: string;
  readonly value: unknown;
}

/** An array in an array…, `depth` deep. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

/**
 * What parsers choke on: nesting a thousand deep (Python's json recurses once a level, and Flask answers its
 * RecursionError with 500), a thousand properties (a store that keeps what it does not know a row each), and an
 * integer of 5,000 digits (past Python's 4,300-digit limit on int(), Jackson's 1,000-digit one). A server may take them
 * or refuse them (400, 413: limits are not shown), never fail on them. In this order in one body, before the
 * NewCategory: a parser reads them in turn, and the nesting, which Python's parser fails on with a RecursionError (a
 * 500) rather than the ValueError a long number raises (a 400), comes first.
 */
const PARSER_HAZARDS: readonly ParserHazard[] = [
  { id: 'body:deep-nesting', label: 'arrays nested 1,000 deep', shape: 'deep', value: nested(1000) },
  { id: 'body:many-properties', label: 'an object of 1,000 properties', shape: 'many', value: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`p${i}`, i])) },
  { id: 'body:long-number', label: 'an integer of 5,000 digits', shape: 'number', value: BigInt('1234567890'.repeat(500)) },
];

/** The body of the parser hazards: their values first, then a plain valid body with the marker. */
export interface ParserHazardBody {
  /** As report.json lists them (see ParserHazard.id). */
  readonly ids: readonly string[];
  readonly label: string;
  readonly body: (marker: string) => Body;
  /** Set where the spec forbids the properties (it forbids others, or names them otherwise): why, in its validator's words. */
  readonly forbidden?: string;
}

/**
 * The parser hazards in one body (a write, where a server takes it), each in a property named for the run as CREATE-4's
 * are (see PROBE_SPELLINGS): the first spelling the spec takes with its value, else the first (and the body is then
 * invalid). Undefined when no valid body can be made.
 */
export function parserHazards(bodies: NewCategoryBodies, runId: string): ParserHazardBody | undefined {
  if (!bodies.canMakeValid) return undefined;
  const values = Object.fromEntries(PARSER_HAZARDS.map(({ shape, value }) => [probeName(bodies, runId, shape, value) ?? PROBE_SPELLINGS[0]?.(runId, shape) as string, value]));
  const body = (marker: string): Body => ({ ...values, ...bodies.valid(marker) });
  const problems = bodies.problems(body(bodies.longestMarker));
  const labels = PARSER_HAZARDS.map((h) => h.label);
  const label = `a NewCategory with ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} in properties the spec does not define`;
  return { ids: PARSER_HAZARDS.map((h) => h.id), label, body, ...(problems.length > 0 ? { forbidden: problems.join('; ') } : {}) };
}

/**
 * The properties CREATE-4 sends that the spec does not define, named for the run (see PROBE_SPELLINGS): of each value
 * shape, the first spelling the spec's NewCategory takes beside a valid body, as its validator says (a spec's
 * `propertyNames`, `patternProperties` or `additionalProperties` may refuse one). Empty when it takes none, or no valid
 * body can be made.
 */
export function undefinedProperties(bodies: NewCategoryBodies, runId: string): Body {
  if (!bodies.canMakeValid || !bodies.undefinedPropertiesAllowed) return {};
  const probe: Record<string, unknown> = {};
  for (const [shape, value] of Object.entries(PROBE_VALUES)) {
    const name = probeName(bodies, runId, shape, value);
    if (name !== undefined) probe[name] = value;
  }
  return probe;
}

/** The first spelling of a probe property (see PROBE_SPELLINGS) the spec's NewCategory takes with this value beside a valid body. */
function probeName(bodies: NewCategoryBodies, runId: string, shape: string, value: unknown): string | undefined {
  const plain = bodies.valid(bodies.longestMarker);
  return PROBE_SPELLINGS.map((spell) => spell(runId, shape))
    .find((n) => !(n in bodies.node.object.properties) && bodies.problems({ ...plain, [n]: value }).length === 0);
}
