import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SPEC, loadSpec } from '../../src/spec/load.js';
import { PREBUILT_VALIDATORS_FILE, prebuiltValidators, prebuiltValidatorsSource } from '../../src/spec/prebuilt-validators.js';
import type { SchemaName, SpecModel } from '../../src/spec/types.js';
import { compileValidators, validatorsOf } from '../../src/spec/validators.js';

const require = createRequire(import.meta.url);

/** Validators from the code generated for a model, its requires resolved from this package as the build's are. */
function generated(model: SpecModel) {
  const code: Partial<Record<SchemaName, ValidateFunction>> = {};
  // Run as the worker runs the file the build writes: CommonJS, with this package's require.
  new Function('require', 'exports', prebuiltValidatorsSource(model))(require, code);
  return validatorsOf(model, (name) => code[name] as ValidateFunction);
}

describe('prebuiltValidators', () => {
  it('the build wrote the bundled spec\'s validators as the code ajv generates for it', async () => {
    const { model } = await loadSpec(BUNDLED_SPEC, { inFull: true });
    expect(await readFile(PREBUILT_VALIDATORS_FILE, 'utf8')).toBe(prebuiltValidatorsSource(model));
    expect(prebuiltValidators(model)).toBeDefined();
  });

  it('judges as ajv compiles, also with the 2020-12 dialect, a format ajv-formats lacks and a length limit', async () => {
    const { model } = await loadSpec();
    const NewCategory = {
      type: 'object', required: ['name'],
      properties: { name: { type: 'string', format: 'category-name', maxLength: 3 }, id: { type: 'integer', format: 'int32' } },
    };
    for (const schemaDialect of ['draft-07', '2020-12'] as const) {
      const variant: SpecModel = { ...model, schemaDialect, schemas: { ...model.schemas, NewCategory } };
      const [compiled, code] = [compileValidators(variant), generated(variant)];
      for (const value of [{ name: 'Dog' }, { name: 'Dogs' }, { name: '🐕🐕' }, { name: 'Dog', id: 2 ** 31 }, { name: 1 }, {}]) {
        expect(code.NewCategory(value), JSON.stringify(value)).toEqual(compiled.NewCategory(value));
      }
      expect(code.NewCategory({ name: 'Dogs', id: 2 ** 31 }).length).toBeGreaterThan(1);
    }
  });
});
