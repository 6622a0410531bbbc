import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { forSpecOf, specUse, type SpecUse } from '../../../src/cli/commands/rules-for-spec.js';
import { bundledSpecLines } from '../../../src/cli/commands/spec-lines.js';
import { revisionById } from '../../../src/reference/revisions.js';
import { RULES, type RuleId } from '../../../src/rules/catalogue.js';
import { loadSpec } from '../../../src/spec/load.js';
import { revisedSpecFile } from '../../support/spec-files.js';

/** What `rules --spec` says for the bundled spec as `change` revises it (none: the bundled spec itself). */
async function useOf(change?: (doc: OpenAPIV3.Document) => void, assertFormats = false): Promise<SpecUse> {
  return specUse(await loadSpec(change ? await revisedSpecFile(change) : undefined), assertFormats);
}

const linesOf = (use: SpecUse, rule: RuleId) => forSpecOf(rule, use);
const revised = (id: string) => useOf(revisionById(id).revise);

describe('what the rules come to for the bundled spec', () => {
  let bundled: SpecUse;
  beforeAll(async () => {
    bundled = await useOf();
  });

  it('is a few lines: what CREATE-1 sends valid values of, CREATE-2\'s violations by constraint, counted', () => {
    const all = RULES.flatMap((rule) => forSpecOf(rule.id, bundled));
    expect(all.length).toBeLessThanOrEqual(RULES.length + 6);
    expect(linesOf(bundled, 'CREATE-1')).toEqual([
      'valid NewCategories, sent as application/json: name (required; a string), description (a string)',
      '29 by example (the name grammar\'s shapes, the text hazards), and generated ones',
    ]);
    expect(linesOf(bundled, 'CREATE-2')).toEqual([
      '12 NewCategories that each break one constraint of the spec\'s (and generated ones around them), by constraint:',
      'name (required): 2 (missing; only inside a "__proto__" member)',
      'name (type): 5 (is 42; is true; is null; …)',
      'description (type): 5 (is 42; is true; is null; …)',
      expect.stringMatching(/^the contract's invalid bodies: 54 \(an empty object; "title" instead of "name"; .*\), and generated ones$/),
    ]);
    expect(linesOf(bundled, 'CREATE-4')).toEqual([
      'a valid NewCategory with x-petstore-conformance-<run id>-text: "brown", x-petstore-conformance-<run id>-list: ["small","pet"], ' +
        'x-petstore-conformance-<run id>-object: {"legs":4}, named for each run, so that no spec defines them',
    ]);
    expect(linesOf(bundled, 'AUTH-1')).toEqual([
      'sent with no credential: listCategories, createCategory and GET /pets/{petId}, and 9 other spellings of their paths (a trailing slash, another letter case, a doubled slash)',
    ]);
    expect(linesOf(bundled, 'INFO-1')).toEqual(['an empty name, an empty description: left open by the spec, observed']);
    expect(linesOf(bundled, 'MODEL-2')).toEqual([]);
  });

  it('is what the build wrote for it, which rules reads instead of loading the generators', async () => {
    const expected = Object.fromEntries(RULES.map((rule) => [rule.id, forSpecOf(rule.id, bundled)]));
    expect(await bundledSpecLines(bundled.spec.sha256)).toEqual(expected);
    expect(await bundledSpecLines('0'.repeat(64))).toBeUndefined();
  });
});

describe('what the rules come to for a revised spec', () => {
  it('names the bounds CREATE-1 sends exactly, the violations CREATE-2 sends of each, and the examples the spec forbids', async () => {
    const use = await revised('name-bounded');
    expect(linesOf(use, 'CREATE-1')).toEqual(expect.arrayContaining([
      'valid NewCategories, sent as application/json: name (required; a string, of 2 to 50 characters), description (a string)',
      expect.stringMatching(/^at the spec's bounds: 4 \(name of exactly 2 characters; name of exactly 50 characters; /),
    ]));
    expect(linesOf(use, 'CREATE-2')).toEqual(expect.arrayContaining([
      expect.stringMatching(/^16 NewCategories that each break one constraint/),
      'name (minLength): 2 (of 1 character, one fewer than its minLength; of 1 character beyond the BMP, one fewer than its minLength)',
      'name (maxLength): 2 (of 51 characters, one more than its maxLength; of 51 characters in combining sequences, one more than its maxLength)',
      expect.stringMatching(/^CREATE-1's examples the spec does not allow: 6 \(a one-character name; /),
    ]));
    expect(linesOf(use, 'INFO-2')).toEqual([
      'names over 100 characters: answered by the spec (name: maxLength 50), judged under CREATE-1 where it allows it and CREATE-2 where it does not',
      'descriptions over 100 characters: left open by the spec, observed',
    ]);
  });

  it('names the list\'s parameters with their style, what is sent of each, and the list without a required one', async () => {
    const use = await useOf((doc) => {
      revisionById('list-limit').revise(doc);
      const list = doc.paths['/categories']?.get as OpenAPIV3.OperationObject;
      Object.assign(list.parameters?.[0] ?? {}, { required: true });
      list.parameters?.push({ name: 'session', in: 'cookie', schema: { type: 'string' } });
    });
    expect(linesOf(use, 'LIST-1')).toEqual([
      'the parameter limit (query, form, exploded, required; an integer, from 1 to 100): values it allows get 200 and a JSON array: 2 (its plainest value; a value 100, the most it allows), and generated ones',
      'limit: values it does not allow get 400: 5 (a text where a number belongs; a fraction where an integer belongs; a value that is true; …)',
      'limit: the list without it gets 400',
      'not exercised: the parameter session (the suite sends no cookie parameters)',
    ]);
  });

  it('names the create\'s parameters, and what CREATE-2 sends of a required one', async () => {
    const use = await revised('request-id-header');
    expect(linesOf(use, 'CREATE-1')).toEqual(expect.arrayContaining([
      'the parameter X-Request-Id (header, simple, required; a string, format uuid): values it allows, each with a valid NewCategory: 1 (its plainest value)',
    ]));
    expect(linesOf(use, 'CREATE-2')).toEqual(expect.arrayContaining(['X-Request-Id: the create without it']));
  });

  it('says what is not exercised and why: an unknown format, an operation without the bearer scheme, formats not asserted', async () => {
    const use = await useOf((doc) => {
      const schema = doc.components?.schemas?.['NewCategory'] as OpenAPIV3.SchemaObject;
      Object.assign(schema.properties ?? {}, { phone: { type: 'string', format: 'phone' } });
      (doc.paths['/pets/{petId}']?.get as OpenAPIV3.OperationObject).security = [];
    });
    expect(linesOf(use, 'CREATE-1')).toContain('not exercised: property phone (its format "phone" is not one the generators know)');
    expect(linesOf(use, 'AUTH-1')).toEqual([
      'sent with no credential: listCategories and createCategory, and 6 other spellings of their paths (a trailing slash, another letter case, a doubled slash)',
      'not exercised: GET /pets/{petId} (the spec requires no bearer credential for it)',
    ]);
    const homepage = revisionById('homepage-uri').revise;
    expect(linesOf(await useOf(homepage), 'CREATE-2')).toContain('not exercised: the formats of homepage (formats are annotations: no value that breaks one is sent without --assert-formats)');
    expect(linesOf(await useOf(homepage, true), 'CREATE-2')).toEqual(expect.arrayContaining([expect.stringMatching(/^homepage \(format\): 1 \(is "example\.com\/pets", which breaks its format uri\)$/)]));
  });

  it('says why CREATE-4 does not apply, and what ERROR-1 and MEDIA-1 judge each error by', async () => {
    expect(linesOf(await revised('closed-and-bounded'), 'CREATE-4')).toEqual([expect.stringMatching(/^does not apply: the spec's NewCategory forbids properties/)]);
    expect(linesOf(await revised('auth-error'), 'ERROR-1')).toEqual([
      expect.stringMatching(/^every client error's body as the spec's Error: code \(required; a string\), .*, unless its operation documents another for its status; and always as the contract's Error: code \(a string\), message \(a string\), status \(an integer\)$/),
      'listCategories 401, createCategory 401, GET /pets/{petId} 401: code (required; a string), message (required; a string), status (required; an integer), error (required; a string), error_description (required; a string)',
    ]);
    expect(linesOf(await revised('problem-json'), 'MEDIA-1')).toContain('createCategory: 400 served as application/problem+json; 401 served as application/problem+json');
  });
});
