import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { SUITE_ORDER, suiteNameOf, suiteRank } from '../../src/protocol/suites.js';

describe('the suite order', () => {
  it('names every suite file, each declared with its own file\'s name', async () => {
    const files = (await readdir(join(packageRoot, 'suites'))).filter((f) => f.endsWith('.suite.ts'));
    expect(files.map((f) => suiteNameOf({ moduleId: f })).sort()).toEqual([...SUITE_ORDER].sort());
    for (const file of files) {
      const declared = /defineSuite\('([^']+)'\)/.exec(await readFile(join(packageRoot, 'suites', file), 'utf8'))?.[1];
      expect(declared, file).toBe(suiteNameOf({ moduleId: file }));
    }
  });

  it('runs the examples, then the generated checks, then the list suite', () => {
    expect(suiteRank('auth')).toBeLessThan(suiteRank('auth.generated'));
    expect(suiteRank('info')).toBeLessThan(suiteRank('auth.generated'));
    expect(Math.max(...SUITE_ORDER.filter((s) => s !== 'list').map(suiteRank))).toBeLessThan(suiteRank('list'));
    expect(suiteNameOf({ moduleId: '/x/dist/suites/create.generated.suite.js' })).toBe('create.generated');
  });
});
