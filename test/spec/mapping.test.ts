import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load.js';
import { operationOf } from '../../src/spec/mapping.js';
import { compileValidators } from '../../src/spec/validators.js';
import { revisedSpecFile } from '../support/spec-files.js';

type Schema = OpenAPIV3.SchemaObject;
const components = (doc: OpenAPIV3.Document) => doc.components?.schemas as Record<string, Schema>;
const categories = (doc: OpenAPIV3.Document) => doc.paths['/categories'] as OpenAPIV3.PathItemObject;

describe('mapping the contract onto a spec', () => {
  it('finds the bundled spec\'s operations by operationId and its schemas through them', async () => {
    const { model } = await loadSpec();
    expect([operationOf(model.operations, 'list').key, operationOf(model.operations, 'create').key]).toEqual(['GET /categories', 'POST /categories']);
    expect(model.schemaSources).toEqual({
      NewCategory: 'the request body of POST /categories',
      Category: 'the 201 response of POST /categories',
      Error: 'the 400 response of POST /categories',
    });
  });

  it('finds an operation whose operationId was renamed by its method and path', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      (categories(doc).get as OpenAPIV3.OperationObject).operationId = 'getCategories';
    }));
    expect(operationOf(model.operations, 'list')).toMatchObject({ key: 'GET /categories', operationId: 'getCategories', label: 'getCategories' });
  });

  it('finds the operations under another base path, with the version segment in the paths', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const item = categories(doc);
      delete doc.paths['/categories'];
      for (const op of [item.get, item.post]) delete (op as OpenAPIV3.OperationObject).operationId;
      doc.paths['/api/v1/categories'] = item;
      doc.servers = [{ url: 'https://petstore.example.com' }];
    }));
    expect(operationOf(model.operations, 'create').key).toBe('POST /api/v1/categories');
  });

  it('finds the schemas through the operations when the components are named otherwise', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const text = JSON.stringify(doc).replaceAll('#/components/schemas/NewCategory', '#/components/schemas/CategoryInput')
        .replaceAll('#/components/schemas/Error', '#/components/schemas/Problem');
      const renamed = JSON.parse(text) as OpenAPIV3.Document;
      const schemas = components(renamed);
      schemas['CategoryInput'] = schemas['NewCategory'] as Schema;
      schemas['Problem'] = schemas['Error'] as Schema;
      delete schemas['NewCategory'];
      delete schemas['Error'];
      Object.assign(doc, renamed);
    }));
    expect(model.schemas.NewCategory).toMatchObject({ required: ['name'] });
    expect(model.schemas.Error).toMatchObject({ required: ['code', 'message', 'status'] });
  });

  it('takes an Error from a 401 when no 400 gives one', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      delete (categories(doc).post as OpenAPIV3.OperationObject).responses['400'];
    }));
    expect(model.schemaSources.Error).toBe('the 401 response of POST /categories');
  });

  it('stops, naming what is missing, on a spec it cannot map', async () => {
    await expect(loadSpec(await revisedSpecFile((doc) => {
      delete categories(doc).get;
    }))).rejects.toThrow(/^the spec has no operation with operationId "listCategories", nor a GET \/categories, which the suites check/);
    await expect(loadSpec(await revisedSpecFile((doc) => {
      delete (categories(doc).post as OpenAPIV3.OperationObject).requestBody;
      delete components(doc)['NewCategory'];
      components(doc)['Category'] = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
    }))).rejects.toThrow(/^the spec's createCategory \(POST \/categories\) takes no request body, where the contract's create takes a NewCategory as JSON/);
  });

  it('reads the parameters an operation declares, with their schemas, and how each is written (OpenAPI\'s defaults where it says nothing)', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      (categories(doc).get as OpenAPIV3.OperationObject).parameters = [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'ids', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
        { name: 'filter', in: 'query', style: 'deepObject', explode: true, allowReserved: true, schema: { type: 'object' } },
        { name: 'where', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
      ];
    }));
    expect(operationOf(model.operations, 'list').parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 }, style: 'form', explode: true, allowReserved: false },
      { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' }, style: 'simple', explode: false, allowReserved: false },
      { name: 'ids', in: 'query', required: false, schema: { type: 'array', items: { type: 'integer' } }, style: 'pipeDelimited', explode: false, allowReserved: false },
      { name: 'filter', in: 'query', required: false, schema: { type: 'object' }, style: 'deepObject', explode: true, allowReserved: true },
      { name: 'where', in: 'query', required: false, style: 'form', explode: true, allowReserved: false, contentType: 'application/json' },
    ]);
  });
});

describe('OpenAPI 3.0 forms ajv does not take as written', () => {
  /** The bundled spec's NewCategory with one more property, and its validator as the worker compiles it. */
  async function withProperty(schema: object) {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const properties = components(doc)['NewCategory']?.properties as Record<string, object>;
      properties['extra'] = schema;
    }));
    const validate = compileValidators(model).NewCategory;
    return (extra: unknown) => validate({ name: 'Dog', extra });
  }

  it('a boolean exclusiveMinimum beside a minimum: the bound itself, excluded', async () => {
    const validate = await withProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false });
    expect([validate(0), validate(0.25), validate(10), validate(10.25)].map((v) => v.length > 0)).toEqual([true, false, false, true]);
  });

  it('nullable without a type (the way to make a $ref nullable): null is let through', async () => {
    const validate = await withProperty({ allOf: [{ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }], nullable: true });
    expect([validate(null), validate({ name: 'x' }), validate({})].map((v) => v.length > 0)).toEqual([false, false, true]);
  });

  it('a pattern of ECMA-262 5.1, which the u flag refuses (an identity escape)', async () => {
    const validate = await withProperty({ type: 'string', pattern: '^[A-Z]{2}\\-\\d{3}$' });
    expect([validate('AB-123'), validate('AB123')].map((v) => v.length > 0)).toEqual([false, true]);
  });
});

describe('a spec the id checks cannot follow', () => {
  it('stops on a Category whose id is not an integer, or that has none', async () => {
    await expect(loadSpec(await revisedSpecFile((doc) => {
      const category = components(doc)['Category']?.allOf?.[1] as Schema;
      (category.properties as Record<string, Schema>)['id'] = { type: 'string', format: 'uuid' };
    }))).rejects.toThrow(/^the spec's Category \(the 201 response of POST \/categories\) has an id of type string, where the contract's ids are integers/);
  });
});

describe('the Error a client error is judged by', () => {
  it('is the schema the spec documents for that status of the operation, else the Error', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const schemas = components(doc);
      schemas['AuthError'] = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } };
      (doc.components?.responses?.['Unauthorized'] as OpenAPIV3.ResponseObject).content = { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } };
    }));
    const validators = compileValidators(model);
    const create = operationOf(model.operations, 'create');
    expect(validators.errorFor(create, 401)({ error: 'invalid_token' })).toEqual([]);
    expect(validators.errorFor(create, 401)({ code: 'x', message: 'y', status: 401 })).toEqual(['(the value): required property "error" is missing']);
    // Another status keeps the Error: a 400 by its own documented schema, a 404 by the Error.
    expect(validators.errorFor(create, 400)({ code: 'x', message: 'y', status: 400 })).toEqual([]);
    expect(validators.errorFor(create, 404)).toBe(validators.Error);
  });
});

describe('the media types an operation takes and answers', () => {
  const VENDOR = 'application/vnd.petstore.v1+json';

  it('are application/json throughout the bundled spec', async () => {
    const { model } = await loadSpec();
    const create = operationOf(model.operations, 'create');
    expect(create).toMatchObject({ requestMediaTypes: ['application/json'], otherRequestMediaTypes: [] });
    expect(create.responseMediaTypes).toEqual({ '201': ['application/json'], '400': ['application/json'], '401': ['application/json'] });
    expect(operationOf(model.operations, 'list')).toMatchObject({ requestMediaTypes: [], responseMediaTypes: { '200': ['application/json'], '401': ['application/json'] } });
  });

  it('are read as the spec writes them, parameters kept, in its order; a body type that is not JSON apart', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const create = categories(doc).post as OpenAPIV3.OperationObject;
      const body = create.requestBody as OpenAPIV3.RequestBodyObject;
      const entry = body.content['application/json'] as OpenAPIV3.MediaTypeObject;
      body.content = { 'application/x-www-form-urlencoded': entry, [`${VENDOR}; charset=utf-8`]: entry, 'application/json': entry };
      const created = create.responses['201'] as OpenAPIV3.ResponseObject;
      const category = created.content?.['application/json'] as OpenAPIV3.MediaTypeObject;
      created.content = { [VENDOR]: category, 'application/xml': category };
      (doc.components?.responses?.['BadRequest'] as OpenAPIV3.ResponseObject).content = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } };
      create.responses['204'] = { description: 'No body.' };
    }));
    const create = operationOf(model.operations, 'create');
    expect(create.requestMediaTypes).toEqual([`${VENDOR}; charset=utf-8`, 'application/json']);
    expect(create.otherRequestMediaTypes).toEqual(['application/x-www-form-urlencoded']);
    expect(create.responseMediaTypes).toEqual({ '201': [VENDOR], '400': ['application/problem+json'], '401': ['application/json'] });
    // The schema is the JSON type's, whichever the spec writes first.
    expect(create.requestBodySchema).toMatchObject({ required: ['name'] });
    expect(model.schemaSources.NewCategory).toBe('the request body of POST /categories');
  });

  it('give the Error from an application/problem+json response, from the first JSON type that has a schema', async () => {
    const problem = { type: 'object', required: ['title', 'status'], properties: { title: { type: 'string' }, status: { type: 'integer' } } };
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      delete components(doc)['Error'];
      components(doc)['Problem'] = problem as Schema;
      const ref = { schema: { $ref: '#/components/schemas/Problem' } };
      // A JSON type without a schema first: the one with a schema is the Error.
      (doc.components?.responses?.['BadRequest'] as OpenAPIV3.ResponseObject).content = { 'application/json': {}, 'application/problem+json': ref };
      (doc.components?.responses?.['Unauthorized'] as OpenAPIV3.ResponseObject).content = { 'application/problem+json': ref };
    }));
    expect(model.schemaSources.Error).toBe('the 400 response of POST /categories');
    expect(model.schemas.Error).toMatchObject({ required: ['title', 'status'] });
    const validators = compileValidators(model);
    expect(validators.errorFor(operationOf(model.operations, 'create'), 401)({ title: 'Unauthorized', status: 401 })).toEqual([]);
    expect(validators.errorFor(operationOf(model.operations, 'list'), 401)({ code: 'x', message: 'y', status: 401 })).toEqual(['(the value): required property "title" is missing']);
  });
});
