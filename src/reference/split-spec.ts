import type { OpenAPIV3 } from 'openapi-types';

/** The folder, below the root file's, that a split spec keeps its schemas in, a file each. */
const SCHEMAS = 'schemas';

/**
 * A spec as teams split one over files: the root `openapi.json` without its component schemas, and each of them in a
 * file of its own, `schemas/<name>.json`; every `$ref` to a component schema becomes a relative one, from the root
 * (`schemas/<name>.json`) or from a schema's own file (`<name>.json`, a neighbour). Returns each file's text by its
 * path from the root file's folder, the root first.
 */
export function splitOverFiles(doc: OpenAPIV3.Document): Map<string, string> {
  const { schemas = {}, ...components } = doc.components ?? {};
  const root = { ...doc, components };
  const files = new Map<string, string>([['openapi.json', written(root, `${SCHEMAS}/`)]]);
  for (const [name, schema] of Object.entries(schemas)) files.set(`${SCHEMAS}/${name}.json`, written(schema, ''));
  return files;
}

/** A document as JSON, its `$ref`s to component schemas made relative: `<folder><name>.json`. */
function written(value: unknown, folder: string): string {
  const text = JSON.stringify(value, (key, v: unknown) => {
    if (key !== '$ref' || typeof v !== 'string') return v;
    const name = /^#\/components\/schemas\/([^/]+)$/.exec(v)?.[1];
    return name === undefined ? v : `${folder}${name}.json`;
  }, 2);
  return `${text}\n`;
}
