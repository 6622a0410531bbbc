import fc from 'fast-check';

/** A request body the contract says gets 400 (CREATE-2), and how it is wrong. */
export interface InvalidBody {
  /** How it is wrong, for check names and messages. */
  readonly label: string;
  /** The exact bytes to send. */
  readonly raw: string;
}

/** JSON values of every type but string, for fields that must be strings. */
const NON_STRING_VALUES: readonly { readonly type: string; readonly value: unknown }[] = [
  { type: 'a number', value: 42 },
  { type: 'a boolean', value: true },
  { type: 'null', value: null },
  { type: 'an array', value: ['x'] },
  { type: 'an object', value: { text: 'x' } },
];

/**
 * The invalid bodies CREATE-2 names, each carrying the marker wherever a server that wrongly accepted it
 * would store text, so that "created nothing" can be verified in the list.
 */
export function invalidBodies(marker: string): InvalidBody[] {
  const json = (label: string, value: unknown): InvalidBody => ({ label, raw: JSON.stringify(value) });
  return [
    json('name missing', { description: marker }),
    json('an empty object', {}),
    // Go's encoding/json and ASP.NET bind field names case-insensitively: "Name" is not "name".
    json('"Name" instead of "name"', { Name: marker }),
    json('"NAME" instead of "name"', { NAME: marker }),
    // Frameworks that unwrap an envelope (JSON:API's "data", Rails' wrap_parameters) find a name where none is.
    json('the NewCategory wrapped in a "data" object', { data: { name: marker } }),
    json('the NewCategory wrapped in a "category" object', { category: { name: marker } }),
    ...NON_STRING_VALUES.map(({ type, value }) => json(`name is ${type}`, { name: value, description: marker })),
    ...NON_STRING_VALUES.map(({ type, value }) => json(`description is ${type}`, { name: marker, description: value })),
    json('the body is an array of a valid NewCategory', [{ name: marker }]),
    json('the body is a string', marker),
    // A body parsed twice (a client that double-encodes, a server that obliges) must stay a string.
    json('the body is a string holding a NewCategory as JSON', JSON.stringify({ name: marker })),
    json('the body is a number', 7),
    json('the body is null', null),
    json('the body is true', true),
    { label: 'malformed JSON: truncated', raw: `{"name":"${marker}"` },
    { label: 'malformed JSON: single quotes', raw: `{'name':'${marker}'}` },
    { label: 'malformed JSON: trailing comma', raw: `{"name":"${marker}",}` },
    { label: 'malformed JSON: unquoted key', raw: `{name:"${marker}"}` },
    { label: 'a valid object followed by other data', raw: `{"name":"${marker}"} trailing` },
    // What lenient parsers (Python's json, JSON5, Jackson options) accept and JSON is not.
    { label: 'NaN, which JSON does not have', raw: `{"name":"${marker}","weight":NaN}` },
    { label: 'Infinity, which JSON does not have', raw: `{"name":"${marker}","weight":Infinity}` },
    { label: 'a comment', raw: `{"name":"${marker}" /* a comment */}` },
    { label: 'a raw tab inside a string', raw: `{"name":"${marker}\tx"}` },
    { label: 'a raw line feed inside a string', raw: `{"name":"${marker}\nx"}` },
    { label: 'two JSON objects one after the other', raw: `{"name":"${marker}"}{"name":"${marker}"}` },
    { label: 'an empty body', raw: '' },
  ];
}

const nonString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);
const position = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const otherFields = fc.dictionary(fc.constantFrom('title', 'label', 'Name', 'NAME', 'names', 'tags', 'slug'), fc.string(), { maxKeys: 3 });

/** Shapes of a body that is valid JSON but not an object. */
type NotAnObject = 'array of the object' | 'array of the name' | 'the name' | 'the object as a JSON string' | 'number' | 'boolean' | 'null';

/** A generated invalid body, as data (so that fast-check shows and shrinks it); see {@link renderInvalidBody}. */
export type InvalidBodyCase =
  | { readonly kind: 'name missing'; readonly fields: Readonly<Record<string, string>>; readonly withDescription: boolean }
  | { readonly kind: 'wrapped'; readonly envelope: string }
  | { readonly kind: 'name of a wrong type'; readonly name: unknown; readonly extra: Readonly<Record<string, string>> }
  | { readonly kind: 'description of a wrong type'; readonly description: unknown }
  | { readonly kind: 'not an object'; readonly shape: NotAnObject; readonly number: number }
  | { readonly kind: 'valid body cut short'; readonly at: number }
  | { readonly kind: 'valid body with a character inserted'; readonly at: number; readonly char: string }
  | { readonly kind: 'valid body with data after it'; readonly data: string }
  | { readonly kind: 'empty body' };

/**
 * The grammar of bodies CREATE-2 refuses: the name missing (other fields in its place), the name or the
 * description null or of every other JSON type, bodies that are not objects, valid bodies cut short, broken by
 * one character or followed by more data, and the empty body. A case that happens to be a valid NewCategory
 * after all is discarded by {@link isValidNewCategory}, so the grammar can be generous.
 */
export const invalidBodyCase: fc.Arbitrary<InvalidBodyCase> = fc.oneof(
  fc.record({ kind: fc.constant('name missing' as const), fields: otherFields, withDescription: fc.boolean() }),
  fc.record({ kind: fc.constant('wrapped' as const), envelope: fc.constantFrom('data', 'category', 'Category', 'newCategory', 'body', 'payload', 'attributes') }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('name of a wrong type' as const), name: nonString, extra: otherFields }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('description of a wrong type' as const), description: nonString }) },
  fc.record({
    kind: fc.constant('not an object' as const),
    shape: fc.constantFrom<NotAnObject>('array of the object', 'array of the name', 'the name', 'the object as a JSON string', 'number', 'boolean', 'null'),
    number: fc.integer(),
  }),
  fc.record({ kind: fc.constant('valid body cut short' as const), at: position }),
  fc.record({ kind: fc.constant('valid body with a character inserted' as const), at: position, char: fc.constantFrom(...'{}[]":,\\\'x0\t\n\u0001', 'NaN', '//', '/*') }),
  fc.record({ kind: fc.constant('valid body with data after it' as const), data: fc.constantFrom(' x', '{}', '[]', '1', ' {"name":"y"}', '\n--', ',') }),
  fc.constant({ kind: 'empty body' as const }),
);

/** The bytes of a generated case, carrying the marker where a wrongly accepting server would store text. */
export function renderInvalidBody(c: InvalidBodyCase, marker: string): InvalidBody {
  const valid = JSON.stringify({ name: marker, description: marker });
  const at = (fraction: number) => Math.floor(fraction * valid.length);
  switch (c.kind) {
    case 'name missing':
      return { label: `no name, only ${Object.keys(c.fields).join(', ') || 'nothing'}`, raw: JSON.stringify({ ...c.fields, ...(c.withDescription ? { description: marker } : {}) }) };
    case 'wrapped':
      return { label: `the NewCategory wrapped in ${JSON.stringify(c.envelope)}`, raw: JSON.stringify({ [c.envelope]: { name: marker, description: marker } }) };
    case 'name of a wrong type':
      return { label: `name is ${JSON.stringify(c.name)}`, raw: JSON.stringify({ ...c.extra, name: c.name, description: marker }) };
    case 'description of a wrong type':
      return { label: `description is ${JSON.stringify(c.description)}`, raw: JSON.stringify({ name: marker, description: c.description }) };
    case 'not an object': {
      const bodies = {
        'array of the object': [{ name: marker }], 'array of the name': [marker], 'the name': marker,
        'the object as a JSON string': JSON.stringify({ name: marker }),
        number: c.number, boolean: c.number % 2 === 0, null: null,
      };
      return { label: `the body is ${c.shape}`, raw: JSON.stringify(bodies[c.shape]) };
    }
    case 'valid body cut short':
      return { label: `a valid body cut after ${at(c.at)} characters`, raw: valid.slice(0, at(c.at)) };
    case 'valid body with a character inserted':
      return { label: `a valid body with ${JSON.stringify(c.char)} inserted at ${at(c.at)}`, raw: valid.slice(0, at(c.at)) + c.char + valid.slice(at(c.at)) };
    case 'valid body with data after it':
      return { label: `a valid body followed by ${JSON.stringify(c.data)}`, raw: valid + c.data };
    case 'empty body':
      return { label: 'an empty body', raw: '' };
  }
}

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
