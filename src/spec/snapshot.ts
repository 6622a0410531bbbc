import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../core/package-info.js';
import type { SpecModel } from './types.js';

/**
 * Where the build leaves the bundled spec loaded and checked in full (see write-snapshot.ts). Loading a spec that
 * way takes swagger-parser, js-yaml and ajv, which compiles the whole OpenAPI schema: about 300 ms at every start.
 * The snapshot holds the outcome and the hash of the bytes it came from; the same bytes give the same outcome.
 */
export const SNAPSHOT_FILE = join(packageRoot, 'dist', 'src', 'spec', 'bundled-spec.json');

/** What loading the bundled spec in full gave, for the bytes whose SHA-256 it records. */
export interface SpecSnapshot {
  readonly sha256: string;
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
