import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../core/package-info.js';
import type { SpecModel } from './types.js';

const require = createRequire(import.meta.url);

/**
 * Where the build leaves the bundled spec loaded and checked in full (see write-snapshot.ts). Loading a spec that
 * way takes swagger-parser, js-yaml and ajv, which compiles the whole OpenAPI schema: a large part of every start.
 * The snapshot holds the outcome, the hash of the bytes it came from and the versions of the packages that judged
 * them: the same bytes, judged by the same packages, give the same outcome.
 */
export const SNAPSHOT_FILE = join(packageRoot, 'dist', 'src', 'spec', 'bundled-spec.json');

/** The packages whose judgement a snapshot of a loaded spec holds, and whose code its prebuilt validators are. */
export const SPEC_LOADERS = ['@apidevtools/swagger-parser', 'js-yaml', 'ajv', 'ajv-formats'] as const;

/** What loading the bundled spec in full gave, for the bytes whose SHA-256 it records, by those packages' versions. */
export interface SpecSnapshot {
  readonly sha256: string;
  readonly versions: Readonly<Record<string, string>>;
  readonly title: string;
  readonly model: SpecModel;
}

/** The build's snapshot, or undefined when there is none (a build that did not write one) or it does not read. */
export async function readSnapshot(): Promise<SpecSnapshot | undefined> {
  try {
    return JSON.parse(await readFile(SNAPSHOT_FILE, 'utf8')) as SpecSnapshot;
  } catch {
    return undefined;
  }
}

/** The installed version of each package. */
export function installedVersions(packages: readonly string[]): Record<string, string> {
  return Object.fromEntries(packages.map((name) => [name, (require(`${name}/package.json`) as { version: string }).version]));
}

/** Whether a build product was made by exactly the installed versions of these packages. */
export function madeByInstalled(versions: Readonly<Record<string, string>> | undefined, packages: readonly string[]): boolean {
  const installed = installedVersions(packages);
  return versions !== undefined && Object.keys(versions).length === packages.length && packages.every((name) => versions[name] === installed[name]);
}
