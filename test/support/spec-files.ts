import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { BUNDLED_SPEC, readSpecDocument } from '../../src/spec/load.js';
import { tempDir } from './cli.js';

/** A spec file holding the bundled spec as `change` revises it (JSON, which is YAML too), removed after the test file. */
export async function revisedSpecFile(change: (doc: OpenAPIV3.Document) => void): Promise<string> {
  const doc = await readSpecDocument(BUNDLED_SPEC);
  change(doc);
  const path = join(await tempDir('spec-'), 'openapi.json');
  await writeFile(path, JSON.stringify(doc, null, 2));
  return path;
}

/**
 * The bundled spec as teams split one over files, in a folder of its own (removed after the test file): the root
 * `openapi.yaml` names its schemas and responses by relative `$ref`s, in YAML and JSON files of subfolders, one of
 * which refers on to another (`responses/errors.yaml` to `../schemas/error.yaml`). Returns the folder and each file's
 * path in it, by its path from the folder.
 */
export async function splitSpecFiles(): Promise<{ readonly dir: string; readonly root: string; readonly files: Readonly<Record<string, string>> }> {
  const dir = await tempDir('spec-');
  const bundled = await readFile(BUNDLED_SPEC, 'utf8');
  const [paths] = bundled.split('\ncomponents:\n') as [string];
  const texts: Record<string, string> = {
    'openapi.yaml': `${paths
      .replaceAll("$ref: '#/components/schemas/Category'", "$ref: './schemas/category.yaml'")
      .replaceAll("$ref: '#/components/schemas/NewCategory'", "$ref: 'schemas/new-category.json'")
      .replaceAll("$ref: '#/components/responses/BadRequest'", "$ref: './responses/errors.yaml#/BadRequest'")
      .replaceAll("$ref: '#/components/responses/Unauthorized'", "$ref: './responses/errors.yaml#/Unauthorized'")}
components:
  securitySchemes:
    bearerAuth: {type: http, scheme: bearer}
`,
    'schemas/new-category.json': `${JSON.stringify({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, description: { type: 'string' } } }, null, 2)}\n`,
    'schemas/category.yaml': "allOf:\n  - $ref: './new-category.json'\n  - type: object\n    required: [id]\n    properties:\n      id: {type: integer, format: int64}\n",
    'schemas/error.yaml': 'type: object\nrequired: [code, message, status]\nproperties:\n  code: {type: string}\n  message: {type: string}\n  status: {type: integer}\n',
    'responses/errors.yaml': [
      'BadRequest:', '  description: Invalid body.', '  content:', '    application/json:', "      schema: {$ref: '../schemas/error.yaml'}",
      'Unauthorized:', '  description: Missing or invalid key.', '  content:', '    application/json:', "      schema: {$ref: '../schemas/error.yaml'}", '',
    ].join('\n'),
  };
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) {
    files[name] = join(dir, name);
    await mkdir(dirname(files[name]), { recursive: true });
    await writeFile(files[name], text);
  }
  return { dir, root: files['openapi.yaml'] as string, files };
}
