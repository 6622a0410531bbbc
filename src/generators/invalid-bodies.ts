import fc from 'fast-check';

/** A request body the contract says gets 400 (CREATE-2), and how it is wrong. */
export interface InvalidBody {
  /** How it is wrong, for check names and messages. */
  readonly label: string;
  /** The exact bytes to send. */
  readonly raw: string;
}

/** JSON values of every type but string, for fields that must be strings. */
export const NON_STRING_VALUES: readonly { readonly type: string; readonly value: unknown }[] = [
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
    ...NON_STRING_VALUES.map(({ type, value }) => json(`name is ${type}`, { name: value, description: marker })),
    ...NON_STRING_VALUES.map(({ type, value }) => json(`description is ${type}`, { name: marker, description: value })),
    json('the body is an array of a valid NewCategory', [{ name: marker }]),
    json('the body is a string', marker),
    json('the body is a number', 7),
    json('the body is null', null),
    json('the body is true', true),
    { label: 'malformed JSON: truncated', raw: `{"name":"${marker}"` },
    { label: 'malformed JSON: single quotes', raw: `{'name':'${marker}'}` },
    { label: 'malformed JSON: trailing comma', raw: `{"name":"${marker}",}` },
    { label: 'malformed JSON: unquoted key', raw: `{name:"${marker}"}` },
    { label: 'a valid object followed by other data', raw: `{"name":"${marker}"} trailing` },
    { label: 'two JSON objects one after the other', raw: `{"name":"${marker}"}{"name":"${marker}"}` },
    { label: 'an empty body', raw: '' },
  ];
}

const nonString = fc.oneof(
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

/** A generated invalid body, as data (so that fast-check shows and shrinks it); see {@link renderInvalidBody}. */
export type InvalidBodyCase =
  | { readonly kind: 'name of a wrong type'; readonly name: unknown; readonly extra: Readonly<Record<string, string>> }
  | { readonly kind: 'description of a wrong type'; readonly description: unknown }
  | { readonly kind: 'no name'; readonly fields: Readonly<Record<string, string>> }
  | { readonly kind: 'valid body cut short'; readonly at: number };

/**
 * Generated invalid bodies: the name missing (other fields in its place) or of a wrong type (with extra fields
 * beside it), a description of a wrong type, and valid bodies cut short at any point.
 */
export const invalidBodyCase: fc.Arbitrary<InvalidBodyCase> = fc.oneof(
  fc.record({
    kind: fc.constant('name of a wrong type' as const),
    name: nonString,
    extra: fc.dictionary(fc.constantFrom('tags', 'slug', 'note'), fc.string(), { maxKeys: 2 }),
  }),
  fc.record({ kind: fc.constant('description of a wrong type' as const), description: nonString }),
  fc.record({
    kind: fc.constant('no name' as const),
    fields: fc.dictionary(fc.constantFrom('title', 'label', 'Name', 'NAME', 'names'), fc.string(), { minKeys: 1, maxKeys: 3 }),
  }),
  fc.record({ kind: fc.constant('valid body cut short' as const), at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }),
);

/** The bytes of a generated case, carrying the marker where a wrongly accepting server would store text. */
export function renderInvalidBody(c: InvalidBodyCase, marker: string): InvalidBody {
  switch (c.kind) {
    case 'name of a wrong type':
      return { label: `name is ${JSON.stringify(c.name)}`, raw: JSON.stringify({ ...c.extra, name: c.name, description: marker }) };
    case 'description of a wrong type':
      return { label: `description is ${JSON.stringify(c.description)}`, raw: JSON.stringify({ name: marker, description: c.description }) };
    case 'no name':
      return { label: `no name, only ${Object.keys(c.fields).join(', ')}`, raw: JSON.stringify({ ...c.fields, description: marker }) };
    case 'valid body cut short': {
      const whole = JSON.stringify({ name: marker, description: marker });
      const at = Math.floor(c.at * whole.length);
      return { label: `a valid body cut after ${at} characters`, raw: whole.slice(0, at) };
    }
  }
}
