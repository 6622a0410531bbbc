/**
 * vitest's global setup: the whole test run must leave nothing of its own in the temporary directory (test/support's
 * tempDir and the CLI's merge name theirs so). What is left when the run ends is named, and fails the run.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

const OURS = /^(petstore-|spec-)/;

export default function setup(): () => void {
  const before = new Set(readdirSync(tmpdir()));
  return () => {
    const left = readdirSync(tmpdir()).filter((entry) => OURS.test(entry) && !before.has(entry));
    if (left.length === 0) return;
    // A teardown's error is only logged by vitest: the exit code is what fails CI.
    console.error(`the tests left ${left.length} entries of their own in ${tmpdir()}: ${left.slice(0, 5).join(', ')}`);
    process.exitCode = 1;
  };
}
