import fc from 'fast-check';
import { knownShapes } from './known-shape.js';

/** A request body the contract says gets 400 (CREATE-2), and how it is wrong. */
export interface InvalidBody {
  /** How it is wrong, for check names and messages. */
  readonly label: string;
  /** The exact bytes to send. */
  readonly raw: string;
}

/** JSON values of every type but string, for fields that must be strings. */
export const NON_STRING_VALUES: readonly unknown[] = [42, true, null, ['x'], { text: 'x' }];

/**
 * Fields in place of "name": Go's encoding/json and ASP.NET bind field names case-insensitively ("Name" is not
 * "name"), and a careless server may take a synonym.
 */
export const OTHER_FIELDS = ['title', 'label', 'Name', 'NAME', 'names', 'tags', 'slug'];

/** Envelopes frameworks unwrap (JSON:API's "data", Rails' wrap_parameters): they would find a name where none is. */
export const ENVELOPES = ['data', 'category', 'Category', 'newCategory', 'body', 'payload', 'attributes'];

/** Bodies that are valid JSON but not an object. */
export const NOT_AN_OBJECT = [
  'an array of a valid NewCategory', 'an array of a string', 'a string',
  // A body parsed twice (a client that double-encodes, a server that obliges) must stay a string.
  'a string holding a valid NewCategory as JSON',
  'a number', 'a boolean', 'null',
] as const;

/** A shape of {@link NOT_AN_OBJECT}. */
type NotAnObject = (typeof NOT_AN_OBJECT)[number];

/** Characters and tokens that break a valid body where they are inserted. */
export const INSERTED = [...'{}[]":,\\\'x0\t\n\u0001', 'NaN', '//', '/*'];

/** What may follow a valid body: a decoder that reads only the first JSON value accepts it. */
export const DATA_AFTER = [' x', '{}', '[]', '1', ' {"name":"y"}', '\n--', ','];

/** What lenient parsers (Python's json, JSON5, Jackson's options) accept and JSON does not, in a valid body. */
export const LENIENT_SYNTAX = {
  'single quotes': (marker: string) => `{'name':'${marker}'}`,
  'an unquoted key': (marker: string) => `{name:"${marker}"}`,
  'a trailing comma': (marker: string) => `{"name":"${marker}",}`,
  'a comment': (marker: string) => `{"name":"${marker}" /* a comment */}`,
  NaN: (marker: string) => `{"name":"${marker}","weight":NaN}`,
  Infinity: (marker: string) => `{"name":"${marker}","weight":Infinity}`,
} as const;

/** A kind of {@link LENIENT_SYNTAX}. */
type LenientSyntax = keyof typeof LENIENT_SYNTAX;
const LENIENT_KINDS = Object.keys(LENIENT_SYNTAX) as LenientSyntax[];

/**
 * Places in the valid body `{"name":"<marker>","description":"<marker>"}` (2L + 28 characters for a marker of L), as
 * fractions of its length: before it; inside the name (character ⌊L/2 + 7⌋ lies within the name's L characters,
 * which start at 9, for any marker of 4 characters or more); halfway.
 */
const BEFORE_IT = 0;
const IN_THE_NAME = 0.25;
const HALFWAY = 0.5;

/** A generated invalid body, as data (so that fast-check shows and shrinks it); see {@link renderInvalidBody}. */
export type InvalidBodyCase =
  /** Other fields in place of the name, each holding the marker. */
  | { readonly kind: 'name missing'; readonly fields: readonly string[]; readonly withDescription: boolean }
  | { readonly kind: 'wrapped'; readonly envelope: string }
  | { readonly kind: 'name of a wrong type'; readonly name: unknown; readonly extra: readonly string[] }
  | { readonly kind: 'description of a wrong type'; readonly description: unknown }
  | { readonly kind: 'not an object'; readonly shape: NotAnObject; readonly number: number }
  | { readonly kind: 'valid body cut short'; readonly at: number }
  | { readonly kind: 'valid body with a character inserted'; readonly at: number; readonly char: string }
  | { readonly kind: 'valid body with data after it'; readonly data: string }
  | { readonly kind: 'lenient syntax'; readonly syntax: LenientSyntax }
  | { readonly kind: 'empty body' };

const nonString: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NON_STRING_VALUES),
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);
const position = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const otherFields = fc.uniqueArray(fc.constantFrom(...OTHER_FIELDS), { maxLength: 3 });

/**
 * The grammar of bodies CREATE-2 refuses: the name missing (other fields in its place), the name or the
 * description null or of every other JSON type, bodies that are not objects, valid bodies cut short, broken by
 * one character or followed by more data, what only lenient parsers take, and the empty body. A case that happens to
 * be a valid NewCategory after all is discarded by {@link isValidNewCategory}, so the grammar can be generous.
 */
export const invalidBodyCase: fc.Arbitrary<InvalidBodyCase> = fc.oneof(
  fc.record({ kind: fc.constant('name missing' as const), fields: otherFields, withDescription: fc.boolean() }),
  fc.record({ kind: fc.constant('wrapped' as const), envelope: fc.constantFrom(...ENVELOPES) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('name of a wrong type' as const), name: nonString, extra: otherFields }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('description of a wrong type' as const), description: nonString }) },
  fc.record({ kind: fc.constant('not an object' as const), shape: fc.constantFrom(...NOT_AN_OBJECT), number: fc.integer() }),
  fc.record({ kind: fc.constant('valid body cut short' as const), at: position }),
  fc.record({ kind: fc.constant('valid body with a character inserted' as const), at: position, char: fc.constantFrom(...INSERTED) }),
  fc.record({ kind: fc.constant('valid body with data after it' as const), data: fc.constantFrom(...DATA_AFTER) }),
  fc.record({ kind: fc.constant('lenient syntax' as const), syntax: fc.constantFrom(...LENIENT_KINDS) }),
  fc.constant({ kind: 'empty body' as const }),
);

/** Where in the valid body a place is, in words that hold for any marker. */
function place(at: number): string {
  if (at === BEFORE_IT) return 'before it';
  if (at === IN_THE_NAME) return 'inside its name';
  if (at === HALFWAY) return 'halfway through it';
  return `${Math.round(at * 100)}% into it`;
}

/** The other fields of a case, for descriptions: `"title", "Name"`. */
const quoted = (fields: readonly string[]) => fields.map((f) => JSON.stringify(f)).join(', ');

/** A case as words that hold for any marker: for check names and messages. */
export function describeInvalidBody(c: InvalidBodyCase): string {
  switch (c.kind) {
    case 'name missing':
      if (c.fields.length === 0) return c.withDescription ? 'name missing' : 'an empty object';
      return `${quoted(c.fields)} instead of "name"${c.withDescription ? ', with a description' : ''}`;
    case 'wrapped':
      return `the NewCategory wrapped in a ${JSON.stringify(c.envelope)} object`;
    case 'name of a wrong type':
      return `name is ${JSON.stringify(c.name)}${c.extra.length > 0 ? `, beside ${quoted(c.extra)}` : ''}`;
    case 'description of a wrong type':
      return `description is ${JSON.stringify(c.description)}`;
    case 'not an object':
      return `the body is ${c.shape}${c.shape === 'a number' ? ` (${c.number})` : c.shape === 'a boolean' ? ` (${c.number % 2 === 0})` : ''}`;
    case 'valid body cut short':
      return `a valid body cut short ${place(c.at)}`;
    case 'valid body with a character inserted':
      return `a valid body with ${JSON.stringify(c.char)} inserted ${place(c.at)}`;
    case 'valid body with data after it':
      return `a valid body followed by ${JSON.stringify(c.data)}`;
    case 'lenient syntax':
      return `malformed JSON that lenient parsers take: ${c.syntax}`;
    case 'empty body':
      return 'an empty body';
  }
}

/** The bytes of a case, carrying the marker where a wrongly accepting server would store text. */
export function renderInvalidBody(c: InvalidBodyCase, marker: string): InvalidBody {
  const label = describeInvalidBody(c);
  const valid = JSON.stringify({ name: marker, description: marker });
  const at = (fraction: number) => Math.floor(fraction * valid.length);
  const marked = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, marker]));
  switch (c.kind) {
    case 'name missing':
      return { label, raw: JSON.stringify({ ...marked(c.fields), ...(c.withDescription ? { description: marker } : {}) }) };
    case 'wrapped':
      return { label, raw: JSON.stringify({ [c.envelope]: { name: marker, description: marker } }) };
    case 'name of a wrong type':
      return { label, raw: JSON.stringify({ ...marked(c.extra), name: c.name, description: marker }) };
    case 'description of a wrong type':
      return { label, raw: JSON.stringify({ name: marker, description: c.description }) };
    case 'not an object': {
      const bodies: Record<NotAnObject, unknown> = {
        'an array of a valid NewCategory': [{ name: marker }], 'an array of a string': [marker], 'a string': marker,
        'a string holding a valid NewCategory as JSON': JSON.stringify({ name: marker }),
        'a number': c.number, 'a boolean': c.number % 2 === 0, null: null,
      };
      return { label, raw: JSON.stringify(bodies[c.shape]) };
    }
    case 'valid body cut short':
      return { label, raw: valid.slice(0, at(c.at)) };
    case 'valid body with a character inserted':
      return { label, raw: valid.slice(0, at(c.at)) + c.char + valid.slice(at(c.at)) };
    case 'valid body with data after it':
      return { label, raw: valid + c.data };
    case 'lenient syntax':
      return { label, raw: LENIENT_SYNTAX[c.syntax](marker) };
    case 'empty body':
      return { label, raw: '' };
  }
}

/** White space JSON allows between tokens: inserted before the body it changes nothing, inside a string it breaks it. */
const JSON_WHITE_SPACE = /^[ \t\n\r]+$/;

/**
 * The invalid bodies tried by example on every run (CREATE-2): every constant of every table above, each once, and
 * the cases without constants at a place where they always break the body (white space inside the name, where a raw
 * control character is not allowed; anything else before it).
 */
export const KNOWN_INVALID_BODIES = knownShapes<InvalidBodyCase>([
  { kind: 'name missing', fields: [], withDescription: true },
  { kind: 'name missing', fields: [], withDescription: false },
  ...OTHER_FIELDS.map((field) => ({ kind: 'name missing' as const, fields: [field], withDescription: false })),
  ...ENVELOPES.map((envelope) => ({ kind: 'wrapped' as const, envelope })),
  ...NON_STRING_VALUES.map((name) => ({ kind: 'name of a wrong type' as const, name, extra: [] })),
  ...NON_STRING_VALUES.map((description) => ({ kind: 'description of a wrong type' as const, description })),
  ...NOT_AN_OBJECT.map((shape) => ({ kind: 'not an object' as const, shape, number: 42 })),
  { kind: 'valid body cut short', at: HALFWAY },
  ...INSERTED.map((char) => ({ kind: 'valid body with a character inserted' as const, at: JSON_WHITE_SPACE.test(char) ? IN_THE_NAME : BEFORE_IT, char })),
  ...DATA_AFTER.map((data) => ({ kind: 'valid body with data after it' as const, data })),
  ...LENIENT_KINDS.map((syntax) => ({ kind: 'lenient syntax' as const, syntax })),
  { kind: 'empty body' },
], describeInvalidBody);

/** Whether bytes are a valid NewCategory after all: a JSON object with a string name and no non-string description. */
export function isValidNewCategory(raw: string): boolean {
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const { name, description } = value as Record<string, unknown>;
    return typeof name === 'string' && (description === undefined || typeof description === 'string');
  } catch {
    return false;
  }
}
