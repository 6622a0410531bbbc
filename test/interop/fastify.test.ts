/**
 * Interop: a conformant Pet Store on Fastify 5 (its own ajv body validation, an onRequest bearer hook, an error
 * handler mapping every error to the Error shape) is judged conformant by a default run, with no failed check and
 * no warning, for several seeds. Fastify's own headers, content-type with charset, keep-alive and error codes are
 * what the suite meets there; a false failure on them shows here.
 */
import { describe, expect, it } from 'vitest';
import { revisionById } from '../../src/reference/revisions.js';
import { loadSpec } from '../../src/spec/load.js';
import { revisedSpecFile } from '../support/spec-files.js';
import { startFastify } from './servers/fastify.js';
import { defaultRun, expectCleanlyConformant, failedRules, notPassed, seedOf, SEEDS } from './run.js';

const KEY = 'psk_interop_fastify_0123456789abcdefXYZ';

describe.concurrent('a conformant Fastify 5 server', () => {
  it.each(SEEDS)('is judged conformant with no failure, no warning and no skip (seed %i)', async (seed) => {
    expectCleanlyConformant(await defaultRun(() => startFastify({ apiKey: KEY }), KEY, seed));
  });

  // Fastify's default ajv options coerce types: a name sent as 42 is stored as "42", null as "". The contract
  // refuses a name of another JSON type with 400, so that default is a fault, caught by CREATE-2 alone.
  it.each([seedOf(0)])('with ajv\'s default type coercion fails CREATE-2 and nothing else (seed %i)', async (seed) => {
    const { result, report } = await defaultRun(() => startFastify({ apiKey: KEY, coerceTypes: true }), KEY, seed);
    expect(failedRules(report)).toEqual(['CREATE-2']);
    expect(report.verdict).toBe('non-conformant');
    expect(result.code, result.stdout).toBe(1);
  });
});

// A team whose API evolves: its route schemas generated from its revised OpenAPI document, validated by Fastify's own
// ajv (not the suite's), the suite given the same document with --spec. A revision the suite does not follow shows
// here as a false failure.
describe.concurrent('a Fastify 5 server keeping a revision of the spec, its route schemas taken from it', () => {
  it.each(['name-bounded', 'name-pattern', 'description-nullable', 'description-required', 'closed-and-bounded', 'openapi-3.1'])(
    '%s: judged conformant with --spec, no failure, no warning', async (id) => {
      const spec = await revisedSpecFile(revisionById(id).revise);
      const { model } = await loadSpec(spec);
      const { result, report } = await defaultRun(() => startFastify({ apiKey: KEY, schemas: model.schemas }), KEY, SEEDS[1] as number, ['--spec', spec]);
      expect(notPassed(report, 'failed')).toEqual([]);
      expect(report.verdict).toBe('conformant');
      expect(result.code, result.stdout).toBe(0);
    });

  // Fastify's ajv checks formats (it adds ajv-formats): a team whose server does asks the suite to hold it to them.
  it('homepage-uri: judged conformant with --spec --assert-formats, each homepage that breaks its format refused', async () => {
    const spec = await revisedSpecFile(revisionById('homepage-uri').revise);
    const { model } = await loadSpec(spec);
    const { result, report } = await defaultRun(() => startFastify({ apiKey: KEY, schemas: model.schemas }), KEY, SEEDS[1] as number, ['--spec', spec, '--assert-formats']);
    expect(notPassed(report, 'failed')).toEqual([]);
    expect(report.results.filter((r) => r.check.includes('breaks its format uri')).map((r) => r.outcome)).toEqual(['passed']);
    expect(result.code, result.stdout).toBe(0);
  });
});
