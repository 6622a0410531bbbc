import type { JsonSchema, SpecModel } from '../../src/spec/types.js';
import { compileValidators, type SchemaValidator } from '../../src/spec/validators.js';

/** The spec's own validator for a schema, as the worker compiles it: ajv, ajv-formats, integers checked exactly. */
export function validatorOf(schema: JsonSchema, dialect: SpecModel['schemaDialect'] = 'draft-07'): SchemaValidator {
  const model: SpecModel = {
    version: 'test', operations: [], servers: [], schemaDialect: dialect,
    schemas: { NewCategory: schema, Category: {}, Error: {} },
    schemaSources: { NewCategory: 'test', Category: 'test', Error: 'test' },
  };
  return compileValidators(model).NewCategory;
}
