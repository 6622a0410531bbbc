import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import { toJsonSchema, type SchemaConversion } from '../../src/spec/schemas.js';
import type { JsonSchema, SpecModel } from '../../src/spec/types.js';
import { compileValidators } from '../../src/spec/validators.js';

/** A category whose children are categories, as swagger-parser dereferences it: a cycle of objects. */
function recursiveCategory() {
  const category: Record<string, unknown> = { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Dog' } } };
  (category['properties'] as Record<string, unknown>)['children'] = { type: 'array', maxItems: 5, items: category };
  return category;
}

const conversion = (dialect: SpecModel['schemaDialect'], names: [object, string][] = []): SchemaConversion => ({ dialect, names: new Map(names) });

/** Where a value breaks a schema, by the validators the worker compiles (the schema as a NewCategory). */
function problems(schema: JsonSchema, dialect: SpecModel['schemaDialect'], text: string): string[] {
  const model: SpecModel = {
    version: 'test', operations: [], servers: [], schemaDialect: dialect,
    schemas: { NewCategory: schema, Category: {}, Error: {} }, schemaSources: { NewCategory: 'test', Category: 'test', Error: 'test' },
  };
  const document = parseJson(text);
  return compileValidators(model).NewCategory(document.value, document);
}

describe('toJsonSchema', () => {
  it('writes a schema that recurs into itself with a $ref to the root, as plain data that JSON and a structured clone keep', () => {
    const schema = toJsonSchema(recursiveCategory(), 'test', conversion('draft-07'));
    expect(schema).toEqual({
      type: 'object', required: ['name'],
      properties: { name: { type: 'string' }, children: { type: 'array', maxItems: 5, items: { $ref: '#' } } },
    });
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    expect(structuredClone(schema)).toEqual(schema);
  });

  it.each(['draft-07', '2020-12'] as const)('writes a recursive part in the root\'s definitions (%s), under its component name', (dialect) => {
    const category = recursiveCategory();
    const schema = toJsonSchema({ allOf: [category, { type: 'object', properties: { id: { type: 'integer' } } }] }, 'test', conversion(dialect, [[category, 'NewCategory']]));
    const keyword = dialect === '2020-12' ? '$defs' : 'definitions';
    expect(schema).toMatchObject({ allOf: [{ $ref: `#/${keyword}/NewCategory` }, {}], [keyword]: { NewCategory: { properties: { children: { items: { $ref: `#/${keyword}/NewCategory` } } } } } });
    expect(structuredClone(schema)).toEqual(schema);
    // ajv follows the refs: a grandchild without a name is found where it is.
    expect(problems(schema, dialect, '{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}')).toEqual([]);
    expect(problems(schema, dialect, '{"name":"a","children":[{"name":"b","children":[{"description":"c"}]}]}')).toEqual(['/children/0/children/0: required property "name" is missing']);
  });

  it('names a recursive schema that is no component, and two of one name apart', () => {
    const a = recursiveCategory();
    const b = recursiveCategory();
    const schema = toJsonSchema({ properties: { a, b } }, 'test', conversion('draft-07', [[a, 'Node']]));
    expect(schema).toMatchObject({ properties: { a: { $ref: '#/definitions/Node' }, b: { $ref: '#/definitions/schema' } } });
    expect(Object.keys((schema as Record<string, object>)['definitions'] as object)).toEqual(['Node', 'schema']);
  });

  it('copies a schema used in two places (but not within itself) into each, as before', () => {
    const name = { type: 'string', minLength: 1 };
    expect(toJsonSchema({ properties: { name, nickname: name } }, 'test', conversion('draft-07'))).toEqual({ properties: { name, nickname: name } });
  });

  it('stops on what is not a schema, naming where', () => {
    expect(() => toJsonSchema({ properties: { name: 'text' } }, 'the request body', conversion('draft-07'))).toThrow('the request body/properties/name is not a schema object');
  });
});
