import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_AFTER, ENVELOPES, INSERTED, invalidBodyCase, KNOWN_INVALID_BODIES, LENIENT_SYNTAX, NOT_AN_OBJECT, OTHER_FIELDS, renderInvalidBody,
  type InvalidBodyCase,
} from '../../src/generators/invalid-bodies.js';
import type { NewCategoryBodies } from '../../src/generators/new-category.js';
import { newCategoryBodies } from '../../src/generators/new-category.js';
import { jsonText } from '../../src/json/write.js';
import { loadSpec } from '../../src/spec/load.js';
import { compileValidators } from '../../src/spec/validators.js';
import { loadedUnderSeeds } from './under-seeds.js';

const shapes = KNOWN_INVALID_BODIES.map(({ shape }) => shape);
const ofKind = <K extends InvalidBodyCase['kind']>(kind: K) => shapes.filter((s): s is Extract<InvalidBodyCase, { kind: K }> => s.kind === kind);
const generated = fc.sample(invalidBodyCase, { seed: 7, numRuns: 5000 });

/** Markers as the suite makes them (`conformance-<runId>-<suite>-<label>-<n>`), and the shortest the places hold for. */
const MARKERS = ['abcd', 'conformance-0a1b2c3d-create-invalid-000001', 'conformance-ffffffff-create-invalid-123456', `m${'x'.repeat(200)}`];

/** The bundled spec's NewCategories, as the suites' worker makes them. */
let bodies: NewCategoryBodies;
beforeAll(async () => {
  const { model } = await loadSpec();
  bodies = newCategoryBodies(model, compileValidators(model));
});

describe('the invalid-body grammar\'s known shapes (CREATE-2\'s examples)', () => {
  it('hold every constant of every table, each once', () => {
    expect(ofKind('name missing').flatMap((c) => c.fields)).toEqual(OTHER_FIELDS);
    expect(ofKind('wrapped').map((c) => c.envelope)).toEqual(ENVELOPES);
    expect(ofKind('not an object').map((c) => c.shape)).toEqual(NOT_AN_OBJECT);
    expect(ofKind('valid body with a character inserted').map((c) => c.char)).toEqual(INSERTED);
    expect(ofKind('valid body with data after it').map((c) => c.data)).toEqual(DATA_AFTER);
    expect(ofKind('lenient syntax').map((c) => c.syntax)).toEqual(Object.keys(LENIENT_SYNTAX));
  });

  it('hold the empty object, and every kind of the grammar', () => {
    expect(ofKind('empty object')).toHaveLength(1);
    const kinds = new Set(shapes.map((s) => s.kind));
    for (const c of generated) expect(kinds).toContain(c.kind);
  });

  it('are what generation draws from: every constant a generated case holds is in its table, and every one comes up', () => {
    const drawn = (kind: InvalidBodyCase['kind'], of: (c: never) => unknown) => new Set(generated.filter((c) => c.kind === kind).flatMap((c) => [of(c as never)].flat()));
    expect(drawn('name missing', (c: Extract<InvalidBodyCase, { kind: 'name missing' }>) => c.fields)).toEqual(new Set(OTHER_FIELDS));
    expect(drawn('wrapped', (c: Extract<InvalidBodyCase, { kind: 'wrapped' }>) => c.envelope)).toEqual(new Set(ENVELOPES));
    expect(drawn('not an object', (c: Extract<InvalidBodyCase, { kind: 'not an object' }>) => c.shape)).toEqual(new Set(NOT_AN_OBJECT));
    expect(drawn('valid body with a character inserted', (c: Extract<InvalidBodyCase, { kind: 'valid body with a character inserted' }>) => c.char)).toEqual(new Set(INSERTED));
    expect(drawn('valid body with data after it', (c: Extract<InvalidBodyCase, { kind: 'valid body with data after it' }>) => c.data)).toEqual(new Set(DATA_AFTER));
    expect(drawn('lenient syntax', (c: Extract<InvalidBodyCase, { kind: 'lenient syntax' }>) => c.syntax)).toEqual(new Set(Object.keys(LENIENT_SYNTAX)));
  });

  it('are all invalid NewCategories of the bundled spec whatever the marker, and each carries it wherever it has text', () => {
    for (const marker of MARKERS) {
      for (const { label, shape } of KNOWN_INVALID_BODIES) {
        const { raw } = renderInvalidBody(shape, marker, bodies.valid(marker));
        expect(bodies.textProblems(raw), `${label} with the marker ${marker}`).not.toEqual([]);
        // Where there is text at all: not the empty body, the empty object, or a number, a boolean or null as the body;
        // a body cut short has what comes before the cut.
        const textless = ['an empty body', 'an empty object', 'the body is a number (42)', 'the body is a boolean (true)', 'the body is null'];
        if (textless.includes(label)) expect(raw).toMatch(/^(|\{\}|42|true|null)$/);
        else if (shape.kind === 'valid body cut short') expect(jsonText(bodies.valid(marker)).startsWith(raw), label).toBe(true);
        else expect(raw, label).toContain(marker.slice(0, 4));
      }
    }
  });

  it('are made of the spec\'s valid body, whatever it holds: a required property the revision adds is there', () => {
    const valid = { name: 'conformance-m', description: 'required by a revision', priority: 9223372036854775807n };
    for (const { label, shape } of KNOWN_INVALID_BODIES.filter(({ shape }) => ['wrapped', 'name missing', 'valid body with data after it'].includes(shape.kind))) {
      const { raw } = renderInvalidBody(shape, 'conformance-m', valid);
      expect(raw, label).toContain('"description":"required by a revision"');
      expect(raw, label).toContain('9223372036854775807');
    }
  });

  it('have labels of their own, the same whatever the marker (they name the checks)', () => {
    const labels = KNOWN_INVALID_BODIES.map(({ label }) => label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const { label, shape } of KNOWN_INVALID_BODIES) {
      for (const marker of MARKERS) expect(renderInvalidBody(shape, marker, bodies.valid(marker)).label).toBe(label);
    }
  });

  it('do not depend on the seed: the same list under every seed', async () => {
    const loads = await loadedUnderSeeds(async () => (await import('../../src/generators/invalid-bodies.js')).KNOWN_INVALID_BODIES);
    for (const load of loads) expect(load).toEqual(KNOWN_INVALID_BODIES);
  });
});
