import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it, vi } from 'vitest';
import { SpecError } from '../../src/core/errors.js';
import { BUNDLED_SPEC, loadSpec } from '../../src/spec/load.js';
import { installedVersions, readSnapshot, SPEC_LOADERS } from '../../src/spec/snapshot.js';
import { parseJson } from '../../src/json/parse.js';
import { compileValidators } from '../../src/spec/validators.js';
import { tempDir } from '../support/cli.js';
import { revisedSpecFile, splitSpecFiles } from '../support/spec-files.js';

async function specFile(content: string): Promise<string> {
  const dir = await tempDir('spec-');
  const path = join(dir, 'openapi.yaml');
  await writeFile(path, content);
  return path;
}

describe('loadSpec', () => {
  it('loads the bundled spec: every operation, bearer auth, the three schemas', async () => {
    const spec = await loadSpec();
    expect(spec.model.version).toBe('1.0.0');
    expect(spec.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(spec.model.operations.map((op) => [op.key, op.label, op.requiresBearer, op.documentedStatuses])).toEqual([
      ['GET /categories', 'listCategories', true, ['200', '401']],
      ['POST /categories', 'createCategory', true, ['201', '400', '401']],
      ['GET /pets/{petId}', 'GET /pets/{petId}', true, ['401']],
    ]);
    expect(spec.model.operations[2]?.deprecated).toBe(true);
    expect(spec.model.servers.map((s) => s.description)).toEqual(['Production', 'Staging']);
    expect(spec.model.schemas.Error).toMatchObject({ required: ['code', 'message', 'status'] });
    expect(JSON.stringify(spec.model.schemas)).not.toContain('example');
  });

  it('takes the bundled spec from the build\'s snapshot, which is the spec loaded in full, and says so; other bytes load in full', async () => {
    const parse = vi.spyOn(SwaggerParser, 'parse');
    try {
      const inFull = await loadSpec(BUNDLED_SPEC, { inFull: true });
      expect(await readSnapshot(), 'npm run build writes it').toEqual({
        sha256: inFull.sha256, versions: installedVersions(SPEC_LOADERS), title: inFull.title, model: JSON.parse(JSON.stringify(inFull.model)),
      });
      parse.mockClear();
      expect(inFull.fromBuild).toBe(false);
      expect(await loadSpec()).toStrictEqual({ ...inFull, fromBuild: true });
      expect(parse).not.toHaveBeenCalled();
      // Any other bytes, even one more line, are loaded in full.
      expect((await loadSpec(await specFile(`${await readFile(BUNDLED_SPEC, 'utf8')}\n`))).fromBuild).toBe(false);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('stops on a missing file with the path', async () => {
    await expect(loadSpec('/nonexistent/openapi.yaml')).rejects.toThrow(/cannot read the spec \/nonexistent\/openapi.yaml: ENOENT/);
  });

  it('stops on YAML that does not parse, with the parser\'s message', async () => {
    await expect(loadSpec(await specFile('openapi: [\n'))).rejects.toThrow(SpecError);
    await expect(loadSpec(await specFile('openapi: [\n'))).rejects.toThrow(/invalid spec .*: not valid YAML or JSON: .*\(\d+:\d+\)$/);
  });

  it('stops on a document that breaks the OpenAPI schema, naming the violation', async () => {
    const path = await specFile('openapi: 3.0.3\ninfo: {title: x}\npaths: {}\n');
    await expect(loadSpec(path)).rejects.toThrow(/invalid spec .*version/);
  });

  it('reads YAML merge keys (`<<: *anchor`) as YAML 1.1 defines them: the same spec as one written out', async () => {
    const bundled = await readFile(BUNDLED_SPEC, 'utf8');
    const unauthorized = "        '401':\n          $ref: '#/components/responses/Unauthorized'\n";
    expect(bundled.split(unauthorized)).toHaveLength(4);
    const [first, ...rest] = bundled.split(unauthorized);
    const merged = `${first}        '401': &unauthorized\n          $ref: '#/components/responses/Unauthorized'\n${rest.join("        '401': {<<: *unauthorized}\n")}`;
    const spec = await loadSpec(await specFile(merged));
    const inFull = await loadSpec(BUNDLED_SPEC, { inFull: true });
    expect(spec.model).toEqual(inFull.model);
  });

  it.each([
    ['no "openapi" field', (text: string) => text.replace(/^openapi: .*\n/m, ''),
      /: it has no "openapi" field: is it an OpenAPI 3\.0 or 3\.1 document\? Then say so at its top \("openapi: 3\.0\.3" or "openapi: 3\.1\.0"\)$/],
    ['OpenAPI 3.2', (text: string) => text.replace(/^openapi: .*$/m, 'openapi: 3.2.0'),
      /: it is OpenAPI 3\.2\.0, and only OpenAPI 3\.0 and 3\.1 documents are supported \(openapi: 3\.0\.0, .*, 3\.1\.2\): give a 3\.0 or 3\.1 version of it$/],
    ['OpenAPI 4.0', (text: string) => text.replace(/^openapi: .*$/m, 'openapi: 4.0.0'), /: it is OpenAPI 4\.0\.0, and only OpenAPI 3\.0 and 3\.1 documents are supported/],
    ['Swagger 2.0', (text: string) => text.replace(/^openapi: .*$/m, 'swagger: "2.0"'),
      /: it is Swagger 2\.0; only OpenAPI 3\.0 and 3\.1 documents are supported: convert it to OpenAPI 3\.0 or 3\.1$/],
  ])('stops on a document with %s in one line that names what to write instead', async (_, change, why) => {
    const path = await specFile(change(await readFile(BUNDLED_SPEC, 'utf8')));
    const error = await loadSpec(path).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    const message = (error as SpecError).message;
    expect(message).toMatch(new RegExp(`^invalid spec ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    expect(message).toMatch(why);
    expect(message).not.toMatch(/\n|Swagger Parser|undefined|schema validation/);
  });

  it('stops on a dangling $ref', async () => {
    const bundled = await readFile(BUNDLED_SPEC, 'utf8');
    const path = await specFile(bundled.replace("$ref: '#/components/schemas/NewCategory'\n        - type", "$ref: '#/components/schemas/Missing'\n        - type"));
    await expect(loadSpec(path)).rejects.toThrow(/invalid spec .*Missing/);
  });

  it('stops on a spec without the operations the suites check', async () => {
    const bundled = await readFile(BUNDLED_SPEC, 'utf8');
    const path = await specFile(bundled.replace('operationId: listCategories', 'operationId: getCategories').replace('    get:\n      operationId: getCategories', '    put:\n      operationId: getCategories'));
    await expect(loadSpec(path)).rejects.toThrow(/no operation with operationId "listCategories", nor a GET \/categories/);
  });
});

describe('loadSpec: schemas', () => {
  it('stops on schemas that ajv cannot compile, as an invalid spec', async () => {
    const bundled = await readFile(BUNDLED_SPEC, 'utf8');
    const path = await specFile(bundled.replace('          description: Machine-readable error code.', "          description: Machine-readable error code.\n          pattern: '['"));
    await expect(loadSpec(path)).rejects.toThrow(/invalid spec .*schemas do not compile/);
  });

  // A category with child categories stopped the run: "recursive schemas are not supported".
  it.each(['3.0.3', '3.1.0'])('loads recursive schemas (OpenAPI %s) as plain data, which the worker and the build\'s snapshot take as they are', async (openapi) => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const schemas = doc.components?.schemas as Record<string, OpenAPIV3.SchemaObject>;
      const children = (of: string) => ({ type: 'array' as const, items: { $ref: `#/components/schemas/${of}` } });
      (schemas['NewCategory'] as OpenAPIV3.SchemaObject).properties = { ...schemas['NewCategory']?.properties, children: children('NewCategory') };
      const own = schemas['Category']?.allOf?.[1] as OpenAPIV3.SchemaObject;
      own.properties = { ...own.properties, children: children('Category') };
      (doc as { openapi: string }).openapi = openapi;
    }));
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
    expect(structuredClone(model)).toEqual(model);
    expect(model.schemas.NewCategory).toMatchObject({ properties: { children: { items: { $ref: '#' } } } });
    const definitions = openapi === '3.1.0' ? '$defs' : 'definitions';
    expect(model.schemas.Category).toMatchObject({ allOf: [{ $ref: `#/${definitions}/NewCategory` }, {}], [definitions]: { NewCategory: {} } });
    const validators = compileValidators(JSON.parse(JSON.stringify(model)) as typeof model);
    const judged = (text: string) => {
      const document = parseJson(text);
      return validators.Category(document.value, document);
    };
    expect(judged('{"id":1,"name":"a","children":[{"id":2,"name":"b","children":[{"id":3,"name":"c"}]}]}')).toEqual([]);
    expect(judged('{"id":1,"name":"a","children":[{"id":2,"name":"b","children":[{"name":"c"}]}]}')).toEqual(['/children/0/children/0: required property "id" is missing']);
    // A child's id is an int64 as the Category's is, read exactly.
    expect(judged('{"id":1,"name":"a","children":[{"id":9223372036854775808,"name":"b"}]}')).toEqual(['/children/0/id: 9223372036854775808 is outside the int64 range']);
  });
});

describe('loadSpec: a spec split over files', () => {
  it('resolves each $ref against the file that holds it, in YAML and JSON, nested, whatever the working directory', async () => {
    const split = await splitSpecFiles();
    expect(process.cwd()).not.toBe(split.dir);
    const [spec, bundled] = await Promise.all([loadSpec(split.root), loadSpec(BUNDLED_SPEC, { inFull: true })]);
    // The same schemas but for the descriptions, which the split files leave out.
    const undescribed = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'description' && typeof v === 'string' ? undefined : v)));
    expect(spec.model.schemas).toEqual(undescribed(bundled.model.schemas));
    expect(spec.model.operations.map((op) => op.key)).toEqual(bundled.model.operations.map((op) => op.key));
    expect(spec.files.map((f) => f.path)).toEqual(['openapi.yaml', 'responses/errors.yaml', 'schemas/category.yaml', 'schemas/error.yaml', 'schemas/new-category.json']);
  });

  it('has a digest over every file it pulls in, as sha256sum lists them: a change to a referenced file changes it', async () => {
    const split = await splitSpecFiles();
    const before = await loadSpec(split.root);
    const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
    for (const file of before.files) expect(file.sha256).toBe(sha(await readFile(join(split.dir, file.path))));
    expect(before.sha256).toBe(sha(before.files.map((f) => `${f.sha256}  ${f.path}\n`).join('')));
    const error = split.files['schemas/error.yaml'] as string;
    await writeFile(error, (await readFile(error, 'utf8')).replace('  status: {type: integer}', '  status: {type: integer, minimum: 400}'));
    const after = await loadSpec(split.root);
    expect(after.sha256).not.toBe(before.sha256);
    expect(after.files.filter((f, i) => f.sha256 !== before.files[i]?.sha256).map((f) => f.path)).toEqual(['schemas/error.yaml']);
  });

  it('keeps the sha256 of a spec in one file: that file\'s', async () => {
    const spec = await loadSpec(BUNDLED_SPEC, { inFull: true });
    expect(spec.files).toEqual([{ path: 'openapi.yaml', sha256: createHash('sha256').update(await readFile(BUNDLED_SPEC)).digest('hex') }]);
    expect(spec.sha256).toBe(spec.files[0]?.sha256);
  });

  it('stops on a $ref to a file that is not there, naming it', async () => {
    const split = await splitSpecFiles();
    await rm(split.files['schemas/error.yaml'] as string);
    await expect(loadSpec(split.root)).rejects.toThrow(/^invalid spec .*openapi\.yaml: schemas\/error\.yaml, which a \$ref names, cannot be read: ENOENT$/);
  });
});

describe('loadSpec: a spec split over files, broken', () => {
  it('names the file a $ref points into nothing of', async () => {
    const split = await splitSpecFiles();
    const errors = split.files['responses/errors.yaml'] as string;
    await writeFile(errors, (await readFile(errors, 'utf8')).replace("'../schemas/error.yaml'}\nUnauthorized", "'../schemas/error.yaml#/Nmae'}\nUnauthorized"));
    await expect(loadSpec(split.root)).rejects.toThrow(/^invalid spec .*: Missing \$ref pointer "#\/Nmae"\. Token "Nmae" does not exist\. \(in schemas\/error\.yaml\)$/);
  });

  it('says where a chain of $refs leads back to itself with no schema between', async () => {
    const split = await splitSpecFiles();
    await writeFile(split.files['schemas/new-category.json'] as string, JSON.stringify({
      type: 'object', required: ['name'], properties: { name: { type: 'string' }, description: { $ref: '#/$defs/A' } },
      $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
    }));
    await expect(loadSpec(split.root)).rejects.toThrow(/description is a \$ref \(#\/\$defs\/A\) that leads back to itself through other \$refs, with no schema between: give it a schema$/);
  });
});

describe('loadSpec: the create\'s request body', () => {
  it('stops on a create that takes no request body, or none in JSON, in one line', async () => {
    const none = await revisedSpecFile((doc) => delete (doc.paths['/categories']?.post as { requestBody?: unknown }).requestBody);
    await expect(loadSpec(none)).rejects.toThrow(/^the spec's createCategory \(POST \/categories\) takes no request body, where the contract's create takes a NewCategory as JSON: give it a requestBody with an application\/json \(or \+json\) schema$/);
    const form = await revisedSpecFile((doc) => {
      const body = doc.paths['/categories']?.post?.requestBody as { content: Record<string, unknown> };
      body.content = { 'application/x-www-form-urlencoded': body.content['application/json'] };
    });
    await expect(loadSpec(form)).rejects.toThrow(/takes a request body of application\/x-www-form-urlencoded, with no JSON schema/);
  });
});
