import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitOverFiles } from '../../src/reference/split-spec.js';
import { BUNDLED_SPEC, loadSpec, readSpecDocument } from '../../src/spec/load.js';
import { tempDir } from '../support/cli.js';

describe('splitOverFiles', () => {
  it('writes a schema a file, named by relative $refs, which load as the spec in one file does', async () => {
    const files = splitOverFiles(await readSpecDocument(BUNDLED_SPEC));
    expect([...files.keys()]).toEqual(['openapi.json', 'schemas/NewCategory.json', 'schemas/Category.json', 'schemas/Error.json']);
    expect(files.get('openapi.json')).toContain('"$ref": "schemas/NewCategory.json"');
    expect(files.get('schemas/Category.json')).toContain('"$ref": "NewCategory.json"');
    expect([...files.values()].join('')).not.toContain('#/components/schemas/');
    const dir = await tempDir('spec-');
    for (const [path, text] of files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const [split, whole] = await Promise.all([loadSpec(join(dir, 'openapi.json')), loadSpec(BUNDLED_SPEC, { inFull: true })]);
    expect(split.model).toEqual(whole.model);
    expect(split.files).toHaveLength(4);
  });
});
