import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { SUITE_ORDER, SUITE_WAVES } from '../../src/protocol/suites.js';

describe('the suite order', () => {
  it('names every suite file, each declared with its own file\'s name', async () => {
    const files = (await readdir(join(packageRoot, 'suites'))).filter((f) => f.endsWith('.suite.ts'));
    const names = files.map((f) => f.replace(/\.suite\.ts$/, ''));
    expect(names.sort()).toEqual([...SUITE_ORDER].sort());
    for (const file of files) {
      const declared = /defineSuite\('([^']+)'/.exec(await readFile(join(packageRoot, 'suites', file), 'utf8'))?.[1];
      expect(declared, file).toBe(file.replace(/\.suite\.ts$/, ''));
    }
  });

  it('runs the examples, then the generated checks, then the list suite alone', () => {
    expect(SUITE_WAVES.map((wave) => wave.every((name) => !name.includes('.')))).toEqual([true, false, true]);
    expect(SUITE_WAVES[1].every((name) => name.endsWith('.generated'))).toBe(true);
    expect(SUITE_WAVES.at(-1)).toEqual(['list']);
  });
});
