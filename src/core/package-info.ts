import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'petstore-conformance';

/**
 * The directory that holds this package's package.json. Found by walking up from this module, because the
 * module runs both from `src/` (under vitest) and from `dist/src/` (the built CLI).
 */
export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The suite's own version, recorded in every report. */
export const suiteVersion: string = readManifest(packageRoot).version;

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readManifest(dir).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package above ${start}`);
  }
}

function readManifest(dir: string): { name: string; version: string } {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
}
