/**
 * The converter from JSON Schema to fast-check, held to the compiled ajv validators the checks judge by: every value it
 * calls valid passes the schema, and every violation it makes fails it at the one place it names. Over schemas drawn
 * from the subset OpenAPI 3.0 and 3.1 use, and over the bundled spec's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/json/parse.js';
import { jsonText } from '../../../src/json/write.js';
import { boundaryCases } from '../../../src/generators/schema/boundaries.js';
import { applyCase, pointerOf, type ValueCase } from '../../../src/generators/schema/value-case.js';
import { canonicalValue, fullValue, validValue } from '../../../src/generators/schema/valid-value.js';
import { violationCases } from '../../../src/generators/schema/violations.js';
import { invalidParameterValues } from '../../../src/generators/schema/parameter-values.js';
import { loadSpec } from '../../../src/spec/load.js';
import { MOST_NESTING, nodeOf } from '../../../src/spec/schema-node.js';
import type { JsonSchema, Parameter, SpecModel } from '../../../src/spec/types.js';
import type { SchemaValidator } from '../../../src/spec/validators.js';
import { validatorOf } from '../../support/schema-validator.js';

type Dialect = SpecModel['schemaDialect'];

/** Where a value breaks the schema, as the checks see it: sent as JSON text, parsed back with its exact numbers. */
function violations(validate: SchemaValidator, value: unknown) {
  const document = parseJson(jsonText(value));
  return validate.violations(document.value, document);
}

const PATTERNS = ['^[a-z]+$', '^[A-Z][a-z]*$', '^[a-z0-9-]{3,20}$', '^\\p{L}+( \\p{L}+)*$', '[0-9]', '^\\S+$', '^.+$', '^[^<>]*$'];
const STRING_FORMATS = ['date-time', 'date', 'email', 'uuid', 'uri', 'hostname', 'ipv4', 'password'];

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const stringSchema = fc.record({
  minLength: maybe(fc.integer({ min: 0, max: 5 })), span: maybe(fc.integer({ min: 0, max: 40 })),
  pattern: maybe(fc.constantFrom(...PATTERNS)), format: maybe(fc.constantFrom(...STRING_FORMATS)),
  enum: maybe(fc.uniqueArray(fc.constantFrom('gold', 'silver', 'bronze', 'tin'), { minLength: 1, maxLength: 3 })),
}).map(({ minLength, span, pattern, format, enum: values }) => defined(values ? { type: 'string', enum: values } : {
  type: 'string', minLength, maxLength: span === undefined ? undefined : (minLength ?? 0) + span + (pattern || format ? 40 : 0),
  ...(format ? { format } : { pattern }),
}));

const integerSchema = fc.record({
  format: maybe(fc.constantFrom('int32', 'int64')), minimum: maybe(fc.integer({ min: -1000, max: 1000 })), span: maybe(fc.integer({ min: 0, max: 5000 })),
  exclusive: fc.boolean(), multipleOf: maybe(fc.constantFrom(2, 5, 10)),
}).map(({ format, minimum, span, exclusive, multipleOf }) => defined({
  type: 'integer', format, minimum, maximum: span === undefined ? undefined : (minimum ?? 0) + span + (multipleOf ?? 1) * 3,
  ...(exclusive && minimum !== undefined ? { exclusiveMinimum: minimum - 1, minimum: undefined } : {}), multipleOf,
}));

// Bounds in halves or hundredths (999.99), and fractional multiples (prices in cents, ratings in halves).
const numberSchema = fc.record({
  minimum: maybe(fc.oneof(fc.integer({ min: -100, max: 100 }).map((n) => n / 2), fc.integer({ min: -10000, max: 10000 }).map((n) => n / 100))),
  span: maybe(fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 10000 }).map((n) => n / 100))),
  exclusive: fc.boolean(), format: maybe(fc.constantFrom('float', 'double')), multipleOf: maybe(fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.5, 0.3, 1.5)),
}).map(({ minimum, span, exclusive, format, multipleOf }) => defined({
  type: 'number', maximum: span === undefined ? undefined : Number(((minimum ?? 0) + span + (multipleOf ?? 0) * 3).toFixed(2)), format, multipleOf,
  ...(exclusive ? { exclusiveMinimum: minimum } : { minimum }),
}));

const leafSchema = fc.oneof(stringSchema, integerSchema, numberSchema, fc.constant({ type: 'boolean' }));

const arraySchema = fc.record({ items: leafSchema, minItems: maybe(fc.integer({ min: 0, max: 3 })), extra: maybe(fc.integer({ min: 0, max: 4 })), uniqueItems: fc.boolean() })
  .map(({ items, minItems, extra, uniqueItems }) => defined({
    type: 'array', items, minItems, maxItems: extra === undefined ? undefined : (minItems ?? 0) + extra + (uniqueItems ? 2 : 0),
    // Distinct items of a kind of which there are enough (not three distinct booleans, nor an enum's fourth value).
    uniqueItems: (uniqueItems && (items as Record<string, unknown>)['type'] !== 'boolean' && !(items as Record<string, unknown>)['enum']) || undefined,
  }));

/** Object schemas of the subset: properties of every kind, nested once, some required, some nullable, some closed. */
function objectSchema(dialect: Dialect, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const child: fc.Arbitrary<Record<string, unknown>> = depth > 0 ? fc.oneof({ weight: 4, arbitrary: leafSchema }, { weight: 1, arbitrary: arraySchema }, { weight: 1, arbitrary: objectSchema(dialect, depth - 1) }) : leafSchema;
  // 3.0's nullable; 3.1's type array or anyOf with null (how 3.1 makes a schema nullable).
  const nullable = (schema: Record<string, unknown>, anyOf: boolean) => (dialect === 'draft-07' ? { ...schema, nullable: true }
    : anyOf ? { anyOf: [schema, { type: 'null' }] } : { ...schema, type: [schema['type'], 'null'] });
  return fc.record({
    properties: fc.dictionary(fc.constantFrom('name', 'description', 'priority', 'tags', 'owner', 'rank', 'code'), fc.tuple(child, fc.boolean(), fc.boolean(), fc.boolean()), { minKeys: 1, maxKeys: 5 }),
    closed: fc.boolean(),
  }).map(({ properties, closed }) => defined({
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([key, [schema, , isNullable, anyOf]]) => [key, isNullable && schema['enum'] === undefined ? nullable(schema, anyOf) : schema])),
    required: Object.entries(properties).filter(([, [, isRequired]]) => isRequired).map(([key]) => key),
    additionalProperties: closed ? false : undefined,
  }));
}

/** Every value, boundary and violation of one schema, judged by its validator; what did not hold, in words. */
function misjudged(schema: JsonSchema, dialect: Dialect, seed: number): string[] {
  const node = nodeOf(schema);
  const validate = validatorOf(schema, dialect);
  const wrong: string[] = [];
  const valid = validValue(node);
  if (!valid) return [`no valid value generated for ${JSON.stringify(schema)}`];
  for (const value of fc.sample(valid, { seed, numRuns: 30 })) {
    const found = violations(validate, value);
    if (found.length > 0) wrong.push(`valid ${jsonText(value)}: ${found.map((v) => v.line).join('; ')}`);
  }
  const base = canonicalValue(node);
  if (!base) return [...wrong, 'no canonical value'];
  const found = violations(validate, base.value);
  if (found.length > 0) wrong.push(`canonical ${jsonText(base.value)}: ${found.map((v) => v.line).join('; ')}`);
  for (const boundary of boundaryCases(node)) {
    const value = applyCase(base.value, boundary);
    const broken = violations(validate, value);
    if (broken.length > 0) wrong.push(`boundary ${boundary.label} ${jsonText(value)}: ${broken.map((v) => v.line).join('; ')}`);
  }
  for (const violation of violationCases(node)) wrong.push(...misplaced(validate, base.value, violation));
  return wrong;
}

/** What is wrong with a violation: it breaks nothing, or breaks the schema somewhere other than where it says. */
function misplaced(validate: SchemaValidator, base: unknown, violation: ValueCase): string[] {
  const value = applyCase(base, violation);
  const found = violations(validate, value);
  const at = pointerOf(violation.path);
  if (found.length === 0) return [`violation "${violation.label}" ${jsonText(value)} is valid`];
  const elsewhere = found.filter((v) => v.pointer !== at && !v.pointer.startsWith(`${at}/`));
  return elsewhere.length > 0 ? [`violation "${violation.label}" also breaks ${elsewhere.map((v) => v.line).join('; ')}`] : [];
}

describe('the converter from JSON Schema to fast-check', () => {
  for (const dialect of ['draft-07', '2020-12'] as const) {
    it(`keeps to ajv's judgement of schemas of the subset (${dialect === 'draft-07' ? 'OpenAPI 3.0' : 'OpenAPI 3.1'})`, () => {
      fc.assert(fc.property(objectSchema(dialect, 2), fc.integer(), (schema, seed) => {
        expect(misjudged(schema, dialect, seed)).toEqual([]);
      }), { numRuns: 60, seed: 2026 });
    });
  }

  it('keeps to ajv\'s judgement of the bundled spec\'s NewCategory, and makes its violations the contract\'s examples', async () => {
    const { model } = await loadSpec();
    expect(misjudged(model.schemas.NewCategory, model.schemaDialect, 1)).toEqual([]);
    expect(violationCases(nodeOf(model.schemas.NewCategory)).map((c) => c.label)).toEqual([
      'name missing', 'name only inside a "__proto__" member', 'name is 42', 'name is true', 'name is null', 'name is ["x"]', 'name is {"text":"x"}',
      'description is 42', 'description is true', 'description is null', 'description is ["x"]', 'description is {"text":"x"}',
    ]);
    expect(boundaryCases(nodeOf(model.schemas.NewCategory))).toEqual([]);
  });

  // Before: JSON.stringify of {"__proto__": …} written as a literal sets the prototype and writes {}; a server that
  // copies the body with Object.assign took the hidden name for the body's own (body-copied-with-assign).
  it('hides a required property of the root in a "__proto__" member the JSON text really holds, and only at the root', () => {
    const node = nodeOf({ type: 'object', required: ['name', 'child'], properties: { name: { type: 'string' }, child: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } });
    const hidden = violationCases(node).filter((c) => 'inPrototype' in c.change);
    expect(hidden.map((c) => c.label)).toEqual(['name only inside a "__proto__" member', 'child only inside a "__proto__" member']);
    const body = applyCase({ name: 'Dog', description: 'd' }, hidden[0] as ValueCase);
    expect(jsonText(body)).toBe('{"description":"d","__proto__":{"name":"Dog"}}');
    expect(Object.hasOwn(body as object, 'name')).toBe(false);
    expect((Object.assign({}, body) as { name?: string }).name).toBe('Dog');
  });

  it('sends int64 values exactly, beyond 2^53, at the format\'s edges and one past them', () => {
    const node = nodeOf({ type: 'object', required: ['rank'], properties: { rank: { type: 'integer', format: 'int64' } } });
    expect(boundaryCases(node).map((c) => jsonText(applyCase({}, c)))).toEqual([
      '{"rank":-9223372036854775808}', '{"rank":9223372036854775807}',
    ]);
    expect(violationCases(node).filter((c) => c.keyword === 'format').map((c) => jsonText(applyCase({}, c)))).toEqual([
      '{"rank":-9223372036854775809}', '{"rank":9223372036854775808}',
    ]);
    const ranks = fc.sample(validValue(node) as fc.Arbitrary<{ rank: unknown }>, { seed: 3, numRuns: 300 }).map((v) => v.rank);
    expect(ranks.some((r) => typeof r === 'bigint')).toBe(true);
  });
});

describe('numbers with fractions', () => {
  const node = nodeOf({ type: 'object', required: ['price'], properties: { price: { type: 'number', minimum: 0, maximum: 999.99, multipleOf: 0.01 } } });
  const sent = (cases: ValueCase[]) => cases.map((c) => jsonText(applyCase({}, c)));

  it('sends the least and the most multiple, and one with a fraction, which a server taking whole numbers only refuses', () => {
    expect(sent(boundaryCases(node))).toEqual(['{"price":0}', '{"price":999.99}']);
    const rating = nodeOf({ type: 'object', properties: { rating: { type: 'number', minimum: 0, maximum: 5, multipleOf: 0.5 } } });
    expect(boundaryCases(rating).map((c) => jsonText(applyCase({}, c)))).toEqual(['{"rating":0}', '{"rating":5}', '{"rating":0.5}']);
    const prices = fc.sample(validValue(node) as fc.Arbitrary<{ price: number }>, { seed: 5, numRuns: 200 }).map((v) => v.price);
    expect(prices.every((p) => Number.isInteger(Math.round(p * 100)) && p >= 0 && p <= 999.99)).toBe(true);
    expect(prices.filter((p) => !Number.isInteger(p)).length).toBeGreaterThan(40);
  });

  it('breaks a bound by the least step its digits show, which a server that rounds or widens the bound takes, and breaks the multiple between two', () => {
    expect(sent(violationCases(node).filter((c) => ['minimum', 'maximum', 'multipleOf'].includes(c.keyword ?? '')))).toEqual([
      '{"price":-0.01}', '{"price":1000}', '{"price":0.005}',
    ]);
  });

  it('judges a multiple as a decimal, not by a double division (1.37 is 137 cents; 1.37 / 0.01 is 137.00000000000003)', () => {
    const validate = validatorOf({ type: 'object', properties: { price: { type: 'number', multipleOf: 0.01 } } }, 'draft-07');
    expect(violations(validate, { price: 1.37 })).toEqual([]);
    expect(violations(validate, { price: 1.375 })).not.toEqual([]);
  });
});

/** A category with child categories, as the spec loader converts it (spec/schemas.ts): its children refer to it. */
const CATEGORY_TREE = {
  type: 'object', required: ['name'],
  properties: { name: { type: 'string', minLength: 1 }, description: { type: 'string' }, children: { type: 'array', maxItems: 5, items: { $ref: '#' } } },
};

/** How deep children nest in a value: 0 for a category without any. */
const depthOf = (value: unknown): number => {
  const children = (value as { children?: unknown[] }).children ?? [];
  return children.length === 0 ? 0 : 1 + Math.max(...children.map(depthOf));
};

describe('recursive schemas', () => {
  const schemas: [string, JsonSchema, Dialect][] = [
    ['a category tree (OpenAPI 3.0)', CATEGORY_TREE, 'draft-07'],
    ['a category tree in $defs (OpenAPI 3.1)', { allOf: [{ $ref: '#/$defs/Tree' }], $defs: { Tree: { ...CATEGORY_TREE, properties: { ...CATEGORY_TREE.properties, children: { type: 'array', maxItems: 5, items: { $ref: '#/$defs/Tree' } } } } } }, '2020-12'],
    ['a list linked by a nullable next', { type: 'object', required: ['value'], properties: { value: { type: 'integer', minimum: 0 }, next: { anyOf: [{ $ref: '#' }, { type: 'null' }] } } }, '2020-12'],
  ];

  it.each(schemas)('keeps to ajv\'s judgement of %s', (_, schema, dialect) => {
    for (const seed of [1, 2, 3]) expect(misjudged(schema, dialect, seed)).toEqual([]);
  });

  it('makes finite values, children nested at most twice, and children on some and grandchildren on others', () => {
    const depths = fc.sample(validValue(nodeOf(CATEGORY_TREE)) as fc.Arbitrary<unknown>, { seed: 4, numRuns: 200 }).map(depthOf);
    expect(Math.max(...depths)).toBe(MOST_NESTING);
    expect(depths.filter((d) => d >= 1).length).toBeGreaterThan(20);
    expect(depths.filter((d) => d === 2).length).toBeGreaterThan(5);
  });

  it('sends on every run a value nested as deep as it goes, every property set at every level', () => {
    const deepest = boundaryCases(nodeOf(CATEGORY_TREE)).find((c) => c.label === `children with ${MOST_NESTING} levels of nesting, every property set`);
    const value = applyCase({ name: 'Dog' }, deepest as ValueCase) as { children: unknown[] };
    expect(depthOf(value)).toBe(MOST_NESTING);
    expect(value.children).toEqual([{ name: 'Sample', description: 'Sample', children: [{ name: 'Sample', description: 'Sample', children: [] }] }]);
    expect(fullValue(nodeOf(CATEGORY_TREE))?.value).toEqual({ name: 'Sample', description: 'Sample', children: value.children });
  });

  it('breaks a child\'s schema within a child, and goes no deeper: a grandchild\'s would be the same again', () => {
    const labels = violationCases(nodeOf(CATEGORY_TREE)).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['children[0].name missing', 'children[0].name of 0 characters, one fewer than its minLength', 'children[0].children with 6 items, one more than its maxItems']));
    expect(labels.filter((l) => l.startsWith('children[0].children[0]'))).toEqual([]);
  });
});

describe('formats', () => {
  const FORMATS = ['date-time', 'date', 'time', 'email', 'uri', 'url', 'uuid', 'hostname', 'ipv4', 'ipv6', 'byte', 'duration', 'uri-reference', 'regex'];
  const formatted = (format: string, more: Record<string, unknown> = {}) => ({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, link: { type: 'string', format, ...more } } });

  it('are annotations unless asserted: no value that breaks one is sent as invalid', () => {
    for (const format of FORMATS) expect(violationCases(nodeOf(formatted(format))).filter((c) => c.keyword === 'format'), format).toEqual([]);
  });

  it.each(['draft-07', '2020-12'] as const)('asserted, break each format ajv-formats knows at its place only (%s)', (dialect) => {
    for (const format of FORMATS) {
      const schema = formatted(format);
      const broken = violationCases(nodeOf(schema), [], { assertFormats: true }).filter((c) => c.keyword === 'format');
      expect(broken.map((c) => c.label), format).toEqual([expect.stringMatching(new RegExp(`^link is ".+", which breaks its format ${format}$`))]);
      expect(misplaced(validatorOf(schema, dialect), { name: 'Dog' }, broken[0] as ValueCase), format).toEqual([]);
    }
  });

  it('asserted, leave alone a format ajv-formats does not know, one that allows any text, and one whose broken text would break more', () => {
    for (const [format, more] of [['phone', {}], ['password', {}], ['uuid', { maxLength: 10 }], ['email', { pattern: '^\\S+@\\S+$' }]] as const) {
      expect(violationCases(nodeOf(formatted(format, more)), [], { assertFormats: true }).filter((c) => c.keyword === 'format'), format).toEqual([]);
    }
  });

  it('asserted, give a parameter of a format a value that breaks it', () => {
    const schema = { type: 'string', format: 'uuid' };
    const parameter: Parameter = { name: 'X-Request-Id', in: 'header', required: true, schema, style: 'simple', explode: false, allowReserved: false };
    expect(invalidParameterValues(parameter, nodeOf(schema))).toEqual([]);
    expect(invalidParameterValues(parameter, nodeOf(schema), { assertFormats: true })).toEqual([
      { label: 'a value that is "123e4567-e89b-12d3-a456-42661417400", which breaks its format uuid', value: '123e4567-e89b-12d3-a456-42661417400' },
    ]);
  });
});
