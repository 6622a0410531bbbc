import { cp, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/core/package-info.js';
import { tempDir } from './cli.js';

/**
 * What the build reads and what npm pack packs (scripts/build.mjs's inputs, its scripts, the package's documents),
 * beside the installed dependencies, which are linked, not copied.
 */
const SOURCES = ['src', 'suites', 'bench', 'spec', 'docs', 'scripts', 'tsconfig.base.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'README.md', 'LICENSE'];

/**
 * A copy of the package in a directory of its own (removed after the test file), for a test that builds or packs it:
 * the tests run from this package's dist/, which must not change under them. With `built`, the copy has this package's
 * dist/ and the digest it was built from (dist/.inputs-sha256), so that scripts/build.mjs finds nothing to do, as
 * `npm test` has built dist/ from these sources.
 */
export async function packageCopy({ built }: { readonly built: boolean }): Promise<string> {
  const copy = await tempDir('petstore-copy-');
  for (const entry of built ? [...SOURCES, 'dist'] : SOURCES) {
    if (existsSync(join(packageRoot, entry))) await cp(join(packageRoot, entry), join(copy, entry), { recursive: true });
  }
  await symlink(join(packageRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}
