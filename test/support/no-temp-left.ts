/**
 * vitest's global setup: the whole test run must leave nothing of its own in the temporary directory. A test checks
 * only what it made itself: on a shared machine, another clone's test run makes entries of the same names in the
 * system's temporary directory at the same time. So this run makes its temporary files in a folder of its own, which
 * it names as the temporary directory (TMPDIR; TMP and TEMP on Windows) for its workers and every process they start:
 * test/support's tempDir, the CLI's merge blobs and selftest's suite slots, npm, a browser. What of the tests' own is
 * left in it when the run ends is named, and fails the run; the folder is removed when nothing is.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The names the tests and the CLI give their temporary directories (test/support's tempDir, merge, suite slots). */
const OURS = /^(petstore-|spec-)/;

/**
 * The prefix of a test run's own temporary folder, in the system's temporary directory: not one of {@link OURS}, so
 * that a clone whose tests still watch the system's temporary directory does not take it for its own.
 */
export const RUN_TEMP_PREFIX = 'test-run-petstore-conformance-';

/** The variables Node's `os.tmpdir()` reads, on every platform. */
const TEMP_VARIABLES = ['TMPDIR', 'TMP', 'TEMP'] as const;

/** A test run's own temporary folder: where its temporary files go, and what of the tests' own is left in it. */
export interface RunTemp {
  readonly dir: string;
  /** The entries of the tests' own left in it (the CLI's and test/support's names), and not removed. */
  left(): string[];
  /** Removes the folder and all it holds. */
  remove(): void;
}

/** Makes a test run's own temporary folder in `parent` (the system's temporary directory). */
export function runTemp(parent: string): RunTemp {
  const dir = mkdtempSync(join(parent, RUN_TEMP_PREFIX));
  return {
    dir,
    left: () => readdirSync(dir).filter((entry) => OURS.test(entry)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export default function setup(): () => void {
  const run = runTemp(tmpdir());
  const before = Object.fromEntries(TEMP_VARIABLES.map((name) => [name, process.env[name]]));
  // vitest gives its workers the environment as it is once the global setup is done, and they give it to theirs.
  for (const name of TEMP_VARIABLES) process.env[name] = run.dir;
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const left = run.left();
    if (left.length === 0) {
      // What other programs left (npm, a browser's profile) goes with it: none of it is the tests'.
      run.remove();
      return;
    }
    // Kept, to be looked into. A teardown's error is only logged by vitest: the exit code is what fails CI.
    console.error(`the tests left ${left.length} entries of their own in ${run.dir}: ${left.slice(0, 5).join(', ')}`);
    process.exitCode = 1;
  };
}
