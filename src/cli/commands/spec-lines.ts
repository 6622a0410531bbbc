/**
 * What the rules come to for a spec, as `rules` prints them (see rules-for-spec.ts, which works them out): the form of
 * their lines, and the lines the build worked out for the bundled spec. Working them out loads the generators
 * (fast-check, the name grammar): for the bundled spec, `rules` reads the build's instead and starts as fast as it did
 * before it said what a rule comes to.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../../core/package-info.js';

/** How a line of what will not be exercised starts: the console sets such lines apart, and JSON's readers can. */
export const NOT_EXERCISED = 'not exercised: ';

/** Each rule's lines for a spec, by rule id; a rule that judges every spec alike has none. */
export type SpecLines = Readonly<Record<string, readonly string[]>>;

/** Where the build leaves the bundled spec's lines (write-spec-lines.ts), beside the spec's snapshot. */
export const BUNDLED_SPEC_LINES_FILE = join(packageRoot, 'dist', 'src', 'cli', 'bundled-spec-lines.json');

/** What the build wrote: the lines, for the spec of this digest (its snapshot's) in a run without --assert-formats. */
export interface BundledSpecLines {
  readonly sha256: string;
  readonly lines: SpecLines;
}

/** The build's lines for a spec of this digest; undefined when the build wrote none, or for another spec. */
export async function bundledSpecLines(sha256: string): Promise<SpecLines | undefined> {
  try {
    const written = JSON.parse(await readFile(BUNDLED_SPEC_LINES_FILE, 'utf8')) as BundledSpecLines;
    return written.sha256 === sha256 ? written.lines : undefined;
  } catch {
    return undefined;
  }
}
