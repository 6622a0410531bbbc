import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { slotFolderName } from '../../src/protocol/slots.js';
import { SuiteSlots, withAbsoluteImports } from '../../src/runner/suite-slots.js';

const BUILT_SUITES = join(packageRoot, 'dist', 'suites');

/** Every import's specifier in a module's text. */
const specifiers = (text: string) => [...text.matchAll(/^(?:import|export|\}).*?(['"])([^'"]+)\1;?$/gm)].map((m) => m[2] as string);

describe('withAbsoluteImports', () => {
  it('leaves no import of a built suite file relative to its folder, nor to a package resolved from it', async () => {
    const files = (await readdir(BUILT_SUITES)).filter((f) => f.endsWith('.suite.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const file = join(BUILT_SUITES, name);
      const text = await readFile(file, 'utf8');
      const copied = withAbsoluteImports(text, file);
      expect(specifiers(copied).length, name).toBe(specifiers(text).length);
      for (const specifier of specifiers(copied)) expect(specifier, name).toMatch(/^(file:\/\/\/|node:)/);
      expect(copied).not.toMatch(/sourceMappingURL/);
    }
  });

  it('points a relative import at the module the suite file imports, and a package\'s at the one the package resolves', () => {
    const file = join(BUILT_SUITES, 'auth.suite.js');
    const text = ["import fc from 'fast-check';", "import { defineSuite } from '../src/checks/suite.js';", 'import {', '  a,', "} from '../src/json/write.js';", "import 'node:crypto';", 'const name = "gets 401 from \'x\'";'].join('\n');
    const lines = withAbsoluteImports(text, file).split('\n');
    expect(lines[0]).toBe(`import fc from '${import.meta.resolve('fast-check')}';`);
    expect(lines[1]).toBe(`import { defineSuite } from '${pathToFileURL(join(packageRoot, 'dist', 'src', 'checks', 'suite.js')).href}';`);
    expect(lines[4]).toBe(`} from '${pathToFileURL(join(packageRoot, 'dist', 'src', 'json', 'write.js')).href}';`);
    expect(lines[5]).toBe("import 'node:crypto';");
    // A string that looks like an import's end is not one.
    expect(lines[6]).toBe(text.split('\n')[6]);
  });
});

describe('SuiteSlots', () => {
  it('copies the suite files into a folder per slot, once, and removes them all when closed', async () => {
    const file = join(BUILT_SUITES, 'list.suite.js');
    const slots = await SuiteSlots.open();
    try {
      const first = await slots.copies([file], 2);
      expect(first.map((copies) => copies.map((copy) => copy.split('/').slice(-2).join('/')))).toEqual([[`${slotFolderName(0)}/list.suite.js`], [`${slotFolderName(1)}/list.suite.js`]]);
      expect(await readFile(first[1]?.[0] as string, 'utf8')).toBe(withAbsoluteImports(await readFile(file, 'utf8'), file));
      // A later batch of three makes the third slot only.
      const again = await slots.copies([file], 3);
      expect(again.slice(0, 2)).toEqual(first);
      expect(again[2]?.[0]).toMatch(new RegExp(`${slotFolderName(2)}/list\\.suite\\.js$`));
    } finally {
      await slots.close();
    }
    await expect(readFile(join(BUILT_SUITES, 'list.suite.js'), 'utf8')).resolves.toBeTruthy();
  });
});
