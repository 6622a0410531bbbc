import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
