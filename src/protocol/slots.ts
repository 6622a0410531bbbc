import { basename, dirname } from 'node:path';

/**
 * Several runs in one vitest run (selftest's batches, see SuiteSession.runAll): the runner copies the suite files into
 * one folder per run, `slot-<k>`, and provides the runs' settings in the same order (SETTINGS_KEY); a suite file
 * serves the run of its folder's slot. The package's own suite files serve the only run of a vitest run: slot 0.
 */
export function slotFolderName(slot: number): string {
  return `slot-${slot}`;
}

/** The slot a suite file (its path, or its test module's id) serves. */
export function slotOf(path: string): number {
  const match = /^slot-(\d+)$/.exec(basename(dirname(path)));
  return match ? Number(match[1]) : 0;
}
