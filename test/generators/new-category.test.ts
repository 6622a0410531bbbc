import { describe, expect, it } from 'vitest';
import { newCategoryBodies } from '../../src/generators/new-category.js';
import { loadSpec } from '../../src/spec/load.js';
import { compileValidators } from '../../src/spec/validators.js';
import { revisedSpecFile } from '../support/spec-files.js';

/** The NewCategory bodies of the bundled spec with its name's schema changed so. */
async function withName(name: object) {
  const { model } = await loadSpec(await revisedSpecFile((doc) => {
    Object.assign((doc.components?.schemas?.['NewCategory'] as { properties: Record<string, object> }).properties['name'] ?? {}, name);
  }));
  return newCategoryBodies(model, compileValidators(model));
}

describe('NewCategoryBodies: where the run\'s markers go', () => {
  it('puts the readable marker in the name where the spec bounds it in no way, and the name missing carries it in the description', async () => {
    const bodies = await withName({});
    expect(bodies.marking).toMatchObject({ property: 'name', format: { name: 'readable' } });
    const missing = bodies.violations.find((v) => v.label === 'name missing');
    expect(missing && bodies.bodyOf(missing, 'conformance-x')).toEqual({ description: 'conformance-x' });
  });

  it('takes the most readable form the name\'s bound and pattern allow', async () => {
    expect((await withName({ maxLength: 20 })).marking?.format.name).toBe('short');
    expect((await withName({ pattern: '^[A-Za-z ]+$' })).marking?.format.name).toBe('letters');
    expect((await withName({ pattern: '^[A-Z][a-z]+$', maxLength: 12 })).marking?.format.name).toBe('tiny capitalized letters');
  });

  it('puts markers in another text property where the name takes none, and says so where none takes one', async () => {
    expect((await withName({ pattern: '^[A-Z]{2}-[0-9]{3}$' })).marking).toMatchObject({ property: 'description' });
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const schema = doc.components?.schemas?.['NewCategory'] as { properties: Record<string, object> };
      Object.assign(schema.properties['name'] ?? {}, { pattern: '^[A-Z]{2}-[0-9]{3}$' });
      Object.assign(schema.properties['description'] ?? {}, { enum: ['small', 'large'] });
    }));
    const bodies = newCategoryBodies(model, compileValidators(model));
    expect(bodies.marking).toBeUndefined();
    expect(bodies.problems(bodies.valid('conformance-x'))).toEqual([]);
  });
});

describe('NewCategoryBodies: what a body holds', () => {
  it('keeps a marker a set property already carries, and moves it where the set property replaces it', async () => {
    const bodies = await withName({});
    expect(bodies.with({ name: 'x conformance-1 y' }, 'conformance-1')).toEqual({ name: 'x conformance-1 y' });
    expect(bodies.with({ name: 'Dog' }, 'conformance-1')).toEqual({ name: 'Dog', description: 'conformance-1' });
  });

  it('echoes every writable property but the write-only ones', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const schema = doc.components?.schemas?.['NewCategory'] as { properties: Record<string, object> };
      schema.properties['secret'] = { type: 'string', writeOnly: true };
      schema.properties['createdAt'] = { type: 'string', readOnly: true };
    }));
    const bodies = newCategoryBodies(model, compileValidators(model));
    expect(bodies.properties).toEqual(['name', 'description', 'secret']);
    expect(bodies.echoed).toEqual(['name', 'description']);
  });
});
