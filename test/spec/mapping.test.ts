import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load.js';
import { operationOf } from '../../src/spec/mapping.js';
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
    }))).rejects.toThrow(/^the spec gives no schema for a NewCategory \(the request body of POST \/categories, or components.schemas.NewCategory\), which the suites send$/);
  });

  it('reads the parameters an operation declares, with their schemas', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      (categories(doc).get as OpenAPIV3.OperationObject).parameters = [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } },
      ];
    }));
    expect(operationOf(model.operations, 'list').parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } },
    ]);
  });
});
