import { describe, expect, it } from 'vitest';
import { SpecFiles, specDigest } from '../../src/spec/files.js';

/** A fetch that serves these texts by URL, and redirects these URLs to others. */
function serving(texts: Record<string, string>, redirects: Record<string, string> = {}) {
  return async (url: string) => {
    const at = redirects[url] ?? url;
    const text = texts[at];
    if (text === undefined) throw new Error(`404 ${url}`);
    return { bytes: Buffer.from(text), url: at };
  };
}

describe('SpecFiles', () => {
  it('names a spec\'s files at a URL by their paths from the root\'s folder, as on the server\'s disk (percent-decoded)', async () => {
    const root = 'http://specs.test/api/my%20spec/openapi.yaml';
    const files = new SpecFiles(root, serving({ [root]: 'openapi: 3.0.3', 'http://specs.test/api/my%20spec/schemas/a%20b.yaml': 'type: object' }));
    await files.rootBytes();
    await files.resolvers.http.read({ url: 'http://specs.test/api/my%20spec/schemas/a%20b.yaml' });
    expect((await files.files()).map((f) => f.path)).toEqual(['openapi.yaml', 'schemas/a b.yaml']);
  });

  it('takes the URL a redirect led to as the root, which relative $refs resolve against; the digest is the files\'', async () => {
    const latest = 'http://specs.test/latest';
    const root = 'http://specs.test/v3/openapi.yaml';
    const files = new SpecFiles(latest, serving({ [root]: 'openapi: 3.0.3', 'http://specs.test/v3/error.yaml': 'type: object' }, { [latest]: root }));
    expect((await files.rootBytes()).toString()).toBe('openapi: 3.0.3');
    expect(files.root).toBe(root);
    await files.resolvers.http.read({ url: 'http://specs.test/v3/error.yaml' });
    const read = await files.files();
    expect(read.map((f) => f.path)).toEqual(['openapi.yaml', 'error.yaml']);
    expect(specDigest(read)).toMatch(/^[0-9a-f]{64}$/);
  });
});
