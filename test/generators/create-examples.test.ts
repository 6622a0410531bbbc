import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { createExamples, invalidBodyExamples, parserHazards, undefinedProperties } from '../../src/generators/create-examples.js';
import { jsonText } from '../../src/json/write.js';
import { depthOf, longestNumberOf, propertiesIn } from '../../src/reference/json-shape.js';
import { KNOWN_INVALID_BODIES } from '../../src/generators/invalid-bodies.js';
import { KNOWN_NAMES } from '../../src/generators/names.js';
import { newCategoryBodies } from '../../src/generators/new-category.js';
import { loadSpec } from '../../src/spec/load.js';
import { compileValidators } from '../../src/spec/validators.js';
import { revisedSpecFile } from '../support/spec-files.js';

/** The NewCategory bodies of the bundled spec as `change` revises its NewCategory schema. */
async function bodiesOf(change: (schema: Record<string, unknown>, doc: OpenAPIV3.Document) => void = () => undefined) {
  const { model } = await loadSpec(await revisedSpecFile((doc) => change(doc.components?.schemas?.['NewCategory'] as Record<string, unknown>, doc)));
  return newCategoryBodies(model, compileValidators(model));
}

/** The bundled spec in OpenAPI 3.1, whose schemas may constrain property names. */
const in31 = (doc: OpenAPIV3.Document) => ((doc as { openapi: string }).openapi = '3.1.0');

describe('the properties CREATE-4 sends that the spec does not define', () => {
  // Before: color, tags, metadata. A long-lived staging kept them, and the day the team gave categories a color with a
  // pattern, every run failed MODEL-1 on that old category.
  it('are named for the suite and the run, one of each shape a server stores: a text, an array, an object', async () => {
    const bodies = await bodiesOf();
    expect(undefinedProperties(bodies, '0f3a9c21')).toEqual({
      'x-petstore-conformance-0f3a9c21-text': 'brown', 'x-petstore-conformance-0f3a9c21-list': ['small', 'pet'], 'x-petstore-conformance-0f3a9c21-object': { legs: 4 },
    });
    expect(Object.keys(undefinedProperties(bodies, '77aa0011'))).toEqual(expect.arrayContaining(['x-petstore-conformance-77aa0011-text']));
  });

  it('are spelt as the spec\'s propertyNames and patternProperties take names, each shape as its value\'s schema there takes it', async () => {
    const camel = await bodiesOf((schema, doc) => {
      in31(doc);
      schema['propertyNames'] = { pattern: '^[A-Za-z0-9]+$' };
    });
    expect(undefinedProperties(camel, '0f3a9c21')).toEqual({
      xPetstoreConformance0f3a9c21Text: 'brown', xPetstoreConformance0f3a9c21List: ['small', 'pet'], xPetstoreConformance0f3a9c21Object: { legs: 4 },
    });
    // Extensions-like names must hold texts: the text goes hyphenated, the others where no pattern judges them.
    const texts = await bodiesOf((schema, doc) => {
      in31(doc);
      schema['patternProperties'] = { '^x-': { type: 'string' } };
    });
    expect(undefinedProperties(texts, '0f3a9c21')).toEqual({
      'x-petstore-conformance-0f3a9c21-text': 'brown', xPetstoreConformance0f3a9c21List: ['small', 'pet'], xPetstoreConformance0f3a9c21Object: { legs: 4 },
    });
  });

  it('are none where the spec takes no name the suite tries, or forbids other properties', async () => {
    const short = await bodiesOf((schema, doc) => {
      in31(doc);
      schema['propertyNames'] = { maxLength: 12 };
    });
    expect(undefinedProperties(short, '0f3a9c21')).toEqual({});
    expect(undefinedProperties(await bodiesOf((schema) => (schema['additionalProperties'] = false)), '0f3a9c21')).toEqual({});
  });
});

describe('the create suite\'s examples', () => {
  it('are every name shape, the descriptions and the spec\'s boundaries; those the spec forbids say why', async () => {
    const bundled = createExamples(await bodiesOf());
    expect(bundled.filter((e) => e.forbidden)).toEqual([]);
    expect(bundled.map((e) => e.name).slice(0, KNOWN_NAMES.length)).toEqual(KNOWN_NAMES.map((n) => n.label));
    const pattern = createExamples(await bodiesOf((schema) => Object.assign((schema['properties'] as Record<string, object>)['name'] ?? {}, { pattern: '^[A-Za-z0-9 ]+$' })));
    expect(pattern.find((e) => e.name === 'a name of exactly 100 characters')?.forbidden).toBeUndefined();
    expect(pattern.filter((e) => e.forbidden).length).toBeGreaterThan(3);
    expect(pattern.find((e) => e.forbidden)?.forbidden).toMatch(/pattern/);
  });

  it('carry the text hazards in 4 bodies of name and description, listed by what each carries; a pattern\'s forbidden ones are invalid bodies', async () => {
    const hazards = createExamples(await bodiesOf()).filter((e) => e.hazards);
    expect(hazards.map((e) => e.name)).toEqual([1, 2, 3, 4].map((i) => `text hazards (${i} of 4) in name and description`));
    expect(hazards.every((e) => !e.forbidden && e.hazards?.some((id) => id.startsWith('name:')) && e.hazards.some((id) => id.startsWith('description:')))).toBe(true);
    const pattern = createExamples(await bodiesOf((schema) => Object.assign((schema['properties'] as Record<string, object>)['name'] ?? {}, { pattern: '^[A-Za-z0-9 ]+$' })));
    const refused = pattern.filter((e) => e.hazards && e.forbidden);
    expect(refused.map((e) => e.name)).toEqual([expect.stringMatching(/^the text hazards of name the spec does not allow \(unicode-spaces, nfc, nfd, /),
      'the text hazards of name the spec does not allow (bytes-255)', 'the text hazards of name the spec does not allow (bytes-256)']);
    expect(refused.every((e) => /pattern/.test(e.forbidden ?? ''))).toBe(true);
  });

  it('of invalid bodies leave out a shape the spec calls valid', async () => {
    expect(invalidBodyExamples(await bodiesOf())).toHaveLength(KNOWN_INVALID_BODIES.length);
    // Without a required name, a field in place of the name is a valid body.
    const optional = invalidBodyExamples(await bodiesOf((schema) => delete schema['required']));
    expect(optional.length).toBeLessThan(KNOWN_INVALID_BODIES.length);
  });
});

describe('the body parsers choke on', () => {
  it('nests 1,000 deep, holds 1,000 properties and a number of 5,000 digits, in that order, in properties of the run\'s own before a valid body', async () => {
    const bodies = await bodiesOf();
    const hazard = parserHazards(bodies, '0f3a9c21');
    expect(hazard?.ids).toEqual(['body:deep-nesting', 'body:many-properties', 'body:long-number']);
    expect(hazard?.forbidden).toBeUndefined();
    const body = hazard?.body('conformance-marker') ?? {};
    expect(Object.keys(body)).toEqual(['x-petstore-conformance-0f3a9c21-deep', 'x-petstore-conformance-0f3a9c21-many', 'x-petstore-conformance-0f3a9c21-number', 'name']);
    expect(body).toMatchObject({ name: 'conformance-marker' });
    const raw = jsonText(body);
    expect([depthOf(raw), propertiesIn(body), longestNumberOf(raw)]).toEqual([1001, 1004, 5000]);
    expect(raw.indexOf('[[[')).toBeLessThan(raw.indexOf('"p0"'));
  });

  it('is an invalid body where the spec forbids other properties', async () => {
    expect(parserHazards(await bodiesOf((schema) => (schema['additionalProperties'] = false)), '0f3a9c21')?.forbidden).toMatch(/additional/i);
  });
});
