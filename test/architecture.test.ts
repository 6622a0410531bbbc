import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/core/package-info.js';

/**
 * The folders of src/ (and suites/) as layers, and the arrows docs/architecture.md draws between them: each folder
 * may import from those listed, and from nothing else. The runner never reaches into the worker's side (checks,
 * runtime, suites): what crosses the process boundary is src/protocol/.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  cli: ['runner', 'selftest', 'reference', 'report', 'results', 'protocol', 'generators', 'http', 'spec', 'json', 'rules', 'core'],
  runner: ['protocol', 'results', 'spec', 'http', 'rules', 'core'],
  suites: ['checks', 'protocol', 'generators', 'http', 'spec', 'json', 'rules', 'core'],
  checks: ['runtime', 'protocol', 'generators', 'http', 'spec', 'json', 'rules', 'core'],
  runtime: ['protocol', 'generators', 'http', 'spec', 'json', 'rules', 'core'],
  protocol: ['http', 'spec', 'rules', 'core'],
  selftest: ['reference', 'results', 'rules'],
  report: ['results', 'rules', 'core'],
  results: ['protocol', 'http', 'rules', 'core'],
  reference: ['json', 'rules', 'core'],
  generators: ['http', 'spec', 'json', 'core'],
  http: ['json', 'core'],
  spec: ['json', 'core'],
  json: ['core'],
  rules: ['core'],
  core: [],
};

/** The layer a file is in: its folder under src/, or `suites`. */
function layerOf(path: string): string {
  const [top, folder] = path.split('/');
  return top === 'src' ? folder as string : top as string;
}

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(join(packageRoot, dir), { recursive: true });
  return entries.filter((e) => e.endsWith('.ts')).map((e) => join(dir, e));
}

describe('the layers', () => {
  it('import one way, as docs/architecture.md draws them', async () => {
    const wrong: string[] = [];
    const layers = new Set<string>();
    for (const file of [...await sources('src'), ...await sources('suites')]) {
      const from = layerOf(file);
      layers.add(from);
      const text = await readFile(join(packageRoot, file), 'utf8');
      for (const [, specifier] of text.matchAll(/from '(\.[^']+)'/g)) {
        const to = layerOf(relative('.', normalize(join(dirname(file), specifier as string))));
        if (to !== from && !(MAY_IMPORT[from] ?? []).includes(to)) wrong.push(`${file} imports ${specifier} (${from} → ${to})`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...layers].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });
});
