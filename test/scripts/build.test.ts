import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageCopy } from '../support/package-copy.js';

/** Runs scripts/build.mjs in a copy of the package; resolves with what it printed. */
function build(copy: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(copy, 'scripts', 'build.mjs'), ...args], { cwd: copy, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout + stderr);
    });
  });
}

describe('scripts/build.mjs', () => {
  it('builds when the sources changed since the last build (saying so), and leaves dist/ as it is when they did not', async () => {
    // The copy starts built, not with a build of its own (a full compile, a few seconds). Should this package's dist/
    // be out of date (vitest run by hand after an edit), this first build builds, and the copy is built all the same.
    const copy = await packageCopy({ built: true });
    const marker = join(copy, 'dist', 'left-by-the-test');
    await build(copy);
    await writeFile(marker, '');
    expect(await build(copy), 'nothing changed: nothing said').toBe('');
    expect(existsSync(marker), 'nothing changed: no build').toBe(true);
    // What npm pack runs before it packs: a build only when the sources changed, not at every npm pack.
    const manifest = JSON.parse(await readFile(join(copy, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(manifest.scripts['prepack']).toBe('node scripts/build.mjs && node scripts/shrinkwrap.mjs');

    const file = join(copy, 'src', 'core', 'regexp.ts');
    await writeFile(file, `${await readFile(file, 'utf8')}\n// changed\n`);
    expect(await build(copy)).toMatch(/^petstore-conformance: building dist\/ from the sources \(they changed since the last build\)…\npetstore-conformance: built dist\/ in \d+\.\d s\n$/);
    expect(existsSync(marker), 'a source changed: built again, from nothing').toBe(false);
    // Before, the compiler's files had no execute bit: npx in a clone answered "Permission denied" (exit 127).
    for (const bin of Object.values(manifest.bin)) expect((await stat(join(copy, bin))).mode & 0o111, bin).toBe(0o111);
    expect(existsSync(join(copy, 'dist', 'src', 'spec', 'bundled-spec.json'))).toBe(true);
    expect(existsSync(join(copy, 'dist', 'src', 'cli', 'bundled-spec-lines.json'))).toBe(true);

    await writeFile(marker, '');
    expect(await build(copy, '--always')).toMatch(/^petstore-conformance: building dist\/ from the sources \(as --always asks\)…\n/);
    expect(existsSync(marker), '--always builds whatever changed').toBe(false);
  }, 300_000);
});
