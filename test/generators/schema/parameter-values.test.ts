/**
 * The values of a parameter, held to the spec's own validator (ajv): every value sent as valid passes its schema, every
 * value sent as invalid fails it, and each goes on the wire as its style writes it and comes back as it went.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invalidParameterValues, parameterProblem, parameterTrials, requiredParameterValue, perRequest, uniqueLike, validParameterValue, validParameterValues,
} from '../../../src/generators/schema/parameter-values.js';
import { jsonText } from '../../../src/json/write.js';
import { parseJson } from '../../../src/json/parse.js';
import { readsBack, valueKind, writeParameter } from '../../../src/spec/parameter-style.js';
import { nodeOf } from '../../../src/spec/schema-node.js';
import type { JsonSchema, Operation, Parameter } from '../../../src/spec/types.js';
import type { SchemaValidator } from '../../../src/spec/validators.js';
import { validatorOf } from '../../support/schema-validator.js';

const parameter = (schema: JsonSchema, place: Parameter['in'] = 'query', style: Parameter['style'] = place === 'header' ? 'simple' : 'form', explode = style === 'form'): Parameter =>
  ({ name: 'p', in: place, required: false, schema, style, explode, allowReserved: false });

const SCALARS: JsonSchema[] = [
  { type: 'integer', minimum: 1, maximum: 100 }, { type: 'integer', format: 'int32', multipleOf: 5 }, { type: 'number', exclusiveMinimum: 0 },
  { type: 'integer', format: 'int64' }, { type: 'boolean' }, { type: 'string', enum: ['name', '-name', 'id'] },
  { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' }, { type: 'string', maxLength: 64 }, { type: 'string', format: 'uuid' },
];
const ARRAYS: JsonSchema[] = [
  { type: 'array', items: { type: 'string', minLength: 1, maxLength: 10 }, maxItems: 3 },
  { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 5, uniqueItems: true },
  { type: 'array', items: { type: 'string', enum: ['small', 'medium', 'large'] } },
];
const OBJECTS: JsonSchema[] = [
  { type: 'object', properties: { name: { type: 'string', maxLength: 20 }, minId: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  { type: 'object', required: ['R'], properties: { R: { type: 'integer', minimum: 0, maximum: 255 }, G: { type: 'integer' } } },
];

/** Each schema in every place and style that writes its kind of value. */
const PARAMETERS: Parameter[] = [
  ...SCALARS.flatMap((s) => [parameter(s), parameter(s, 'header')]),
  ...ARRAYS.flatMap((s) => [parameter(s), parameter(s, 'query', 'form', false), parameter(s, 'query', 'spaceDelimited'), parameter(s, 'query', 'pipeDelimited'), parameter(s, 'header')]),
  ...OBJECTS.flatMap((s) => [parameter(s), parameter(s, 'query', 'form', false), parameter(s, 'query', 'deepObject', true), parameter(s, 'header'), parameter(s, 'header', 'simple', true)]),
];

const validators = new Map<string, SchemaValidator>();

/** Whether the spec's validator takes a value, as a property of a JSON body would carry it (integers exactly). */
function validates(schema: JsonSchema, value: unknown): boolean {
  const key = JSON.stringify(schema);
  let validator = validators.get(key);
  if (!validator) validators.set(key, (validator = validatorOf({ type: 'object', properties: { p: schema } })));
  const document = parseJson(jsonText({ p: value }));
  return validator.violations(document.value, document).length === 0;
}

describe('parameter values', () => {
  it.each(PARAMETERS.map((p) => [`${p.in} ${p.style}${p.explode ? ', exploded' : ''} ${JSON.stringify(p.schema)}`, p] as const))(
    'are valid and invalid as its schema says, and read back as written: %s', (_, p) => {
      const schema = p.schema as Record<string, unknown>;
      const node = nodeOf(schema);
      const kind = valueKind(node);
      const drawn = validParameterValue(p, node);
      const valid = [...validParameterValues(p, node).map((c) => c.value), ...(drawn ? fc.sample(drawn, { seed: 1, numRuns: 30 }) : [])];
      expect(valid.length).toBeGreaterThan(0);
      for (const value of valid) {
        expect(validates(schema, value), `valid: ${jsonText(value)}`).toBe(true);
        expect(readsBack(p, kind, value), `valid: ${jsonText(value)} as ${writeParameter(p, value)?.text}`).toBe(true);
        expect(parameterProblem(node, value)).toBeUndefined();
      }
      const invalid = invalidParameterValues(p, node);
      // Every schema here constrains its values, but the uuid's: a format is an annotation, which a server need not check.
      if (schema['format'] === 'uuid') expect(invalid).toEqual([]);
      else expect(invalid.length).toBeGreaterThan(0);
      for (const { label, value } of invalid) {
        expect(validates(schema, value), `invalid: ${label}: ${jsonText(value)}`).toBe(false);
        expect(readsBack(p, kind, value), `invalid: ${label}`).toBe(true);
        expect(parameterProblem(node, value), label).toBeDefined();
      }
    });

  it('of an array, send its fewest and most items and each bound of an item; forbid an item too many and an item past a bound', () => {
    const tags = parameter({ type: 'array', items: { type: 'string', minLength: 1, maxLength: 10 }, maxItems: 3 });
    const node = nodeOf(tags.schema as JsonSchema);
    const valid = validParameterValues(tags, node).map((c) => [c.label, writeParameter(tags, c.value)?.text]);
    expect(valid).toContainEqual(['its plainest value', expect.stringMatching(/^p=[^&]+$/)]);
    expect(valid).toContainEqual(['a value with 3 items', expect.stringMatching(/^p=[^&]+&p=[^&]+&p=[^&]+$/)]);
    expect(valid).toContainEqual(['an item of exactly 1 characters', 'p=A']);
    expect(valid).toContainEqual(['an item of exactly 10 characters', 'p=Abcdefghij']);
    const invalid = invalidParameterValues(tags, node).map((c) => c.label);
    expect(invalid).toContain('a value with 4 items, one more than its maxItems');
    expect(invalid).toContainEqual(expect.stringMatching(/^a first item of 11 characters, one more than its maxLength/));
    expect(invalid).toContainEqual(expect.stringMatching(/^a first item of 0 characters, one fewer than its minLength/));
  });

  it('never send a text of digits as a wrong type: a query cannot tell it from a number', () => {
    const text = parameter({ type: 'string', maxLength: 5 });
    const texts = invalidParameterValues(text, nodeOf(text.schema as JsonSchema)).map((c) => c.value as string);
    expect(texts.length).toBeGreaterThan(0);
    for (const value of texts) expect([...value].length).toBe(6);
    const numbers = parameter({ type: 'array', items: { type: 'integer' } });
    const values = invalidParameterValues(numbers, nodeOf(numbers.schema as JsonSchema)).map((c) => c.value);
    expect(values).toContainEqual([1.5]);
    expect(values).not.toContainEqual(['1']);
  });

  it('read integers exactly, int64\'s edges included', () => {
    const node = nodeOf({ type: 'integer', format: 'int64' });
    expect(parameterProblem(node, 2n ** 63n - 1n)).toBeUndefined();
    expect(parameterProblem(node, 2n ** 63n)).toBeDefined();
    expect(parameterProblem(node, -(2n ** 63n))).toBeUndefined();
    expect(parameterProblem(node, 'x')).toBe('"x" is not a integer');
  });
});

describe('parameterTrials', () => {
  it('try the query and header parameters that have a schema, not cookies nor those given as content', () => {
    const operation = { parameters: [
      parameter({ type: 'integer' }), { ...parameter({ type: 'string' }, 'header'), name: 'X-Trace' },
      { ...parameter({ type: 'string' }, 'cookie'), name: 'session' }, { ...parameter({}), name: 'where', contentType: 'application/json' },
    ] } as unknown as Operation;
    expect(parameterTrials(operation).map((t) => t.parameter.name)).toEqual(['p', 'X-Trace']);
  });
});

describe('values unique to a request', () => {
  /** A parameter that identifies a request, and one that does not (a tenant). */
  const key = (schema: JsonSchema): Parameter => ({ ...parameter(schema, 'header', 'simple'), name: 'Idempotency-Key' });
  const tenant = (schema: JsonSchema): Parameter => ({ ...parameter(schema, 'header', 'simple'), name: 'X-Tenant-Id' });

  it('tells a parameter that identifies a request by its name', () => {
    for (const name of ['Idempotency-Key', 'X-Request-Id', 'x-request_id', 'X-Correlation-ID', 'nonce', 'X-Trace-Id', 'requestId']) {
      expect(perRequest({ ...parameter({}), name }), name).toBe(true);
    }
    for (const name of ['X-Tenant-Id', 'X-Client', 'Accept-Language', 'X-Trace-Mode', 'X-Api-Version']) expect(perRequest({ ...parameter({}), name }), name).toBe(false);
  });

  it('where any text will do: as long as the value, ending in the request\'s own text', () => {
    const schema = { type: 'string', minLength: 1, maxLength: 64 };
    const node = nodeOf(schema);
    expect(uniqueLike(key(schema), node, 'a'.repeat(64), 'run-7-42')).toBe('x'.repeat(56) + 'run-7-42');
    expect(uniqueLike(key(schema), node, 'abc', 'run-7-42')).toBe('-42');
    expect(requiredParameterValue(key({ type: 'string', minLength: 1, maxLength: 4 }), node, 'run-7-42')).toBe('run-7-42');
    expect(requiredParameterValue(key({ type: 'string', maxLength: 4 }), nodeOf({ type: 'string', maxLength: 4 }), 'run-7-42')).toBe('7-42');
  });

  it('where any uuid will do: a uuid made from the request\'s own text', () => {
    const schema = { type: 'string', format: 'uuid' };
    const node = nodeOf(schema);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const one = requiredParameterValue(key(schema), node, 'run-7-42');
    expect(one).toMatch(uuid);
    expect(uniqueLike(key(schema), node, '00000000-0000-4000-8000-000000000000', 'run-7-42')).toBe(one);
    expect(requiredParameterValue(key(schema), node, 'run-7-43')).not.toBe(one);
    expect(validates({ type: 'string', format: 'uuid' }, one)).toBe(true);
  });

  it('where a pattern decides: a value of the pattern drawn from the request\'s own text', () => {
    const schema = { type: 'string', pattern: '^[0-9a-f]{32}$' };
    const node = nodeOf(schema);
    const values = ['run-7-1', 'run-7-2', 'run-7-3'].map((unique) => requiredParameterValue(key(schema), node, unique));
    for (const value of values) expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(values).size).toBe(3);
    expect(requiredParameterValue(key(schema), node, 'run-7-1')).toBe(values[0]);
  });

  it('for a parameter that does not identify a request (a tenant): the same value on every request of the run', () => {
    for (const schema of [{ type: 'string', minLength: 1, maxLength: 40 }, { type: 'string', format: 'uuid' }, { type: 'string', pattern: '^[a-z]{3}$' }]) {
      const values = ['run-7-1', 'run-7-2'].map((unique) => requiredParameterValue(tenant(schema), nodeOf(schema), unique));
      expect(values[0], JSON.stringify(schema)).toBe(values[1]);
      expect(validates(schema, values[0]), JSON.stringify(schema)).toBe(true);
    }
  });

  it('elsewhere, the plainest value its style sends, and values as given', () => {
    const ids = parameter({ type: 'array', items: { type: 'integer', minimum: 3 } });
    const node = nodeOf(ids.schema as JsonSchema);
    expect(requiredParameterValue(ids, node, 'run-7-42')).toEqual([3]);
    expect(uniqueLike(ids, node, [3], 'run-7-42')).toEqual([3]);
  });
});
