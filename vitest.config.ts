import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The tests that run the real CLI, a build, the type check or an install: `npm test` runs them, `npm run test:unit`
 * does not.
 */
const END_TO_END = ['test/e2e/**/*.test.ts', 'test/interop/**/*.test.ts', 'test/action.test.ts', 'test/scripts/*.test.ts'];

/** selftest's whole matrix: the longest file by far, and the shortest to read. */
const MATRIX = 'test/e2e/selftest.test.ts';

/**
 * The longest files first, so that the short ones fill the end of the run instead of one long file running alone:
 * the matrix, then the end-to-end files, then the unit files. Without a cache of earlier durations (a clean clone, as
 * in CI) vitest orders files by size, which would start the matrix last.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (file.moduleId.endsWith(MATRIX) ? 0 : file.project.name === 'e2e' ? 1 : 2);
    // A stable sort: within a rank, vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** What both projects share: every test file removes the temporary directories it made (test/support/temp-dirs.ts). */
const SHARED = { testTimeout: 120_000, hookTimeout: 60_000, setupFiles: ['test/support/temp-dirs.ts'] };

// The project's own tests (npm test). The conformance suites in suites/ are not tests of this project: the
// runner runs them against a target.
export default defineConfig({
  test: {
    // vitest's default on a machine of 2 cores is one worker: every file in turn. The slow files spend much of their
    // time waiting (on deadlines, on Retry-After, on an outage, on the CLI's own process), so three files at once keep
    // 2 cores busy where two left them idle for a sixth of the run (docs/speed.md).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    // Fails the run if a test left a temporary directory of its own behind. The root's: once a run, whatever projects
    // it runs (a project that extended this config would check again).
    globalSetup: ['test/support/no-temp-left.ts'],
    projects: [
      // The unit files share worker threads and the modules they load, which halves their time (15 → 7 s, 28 → 11 s
      // of CPU): no file's tests depend on the module state another file's left (they pass shuffled, and all in one
      // worker).
      { test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: END_TO_END, pool: 'threads', isolate: false, ...SHARED } },
      // The end-to-end files share their worker processes and modules too, so that a process and vitest's runtime in it
      // start once a worker, not once a file. The servers a test started are closed by a setup file, which vitest runs
      // for each file (hooks of the support modules would be registered once a worker, with the first file that
      // imported them). Their processes collect garbage without helper threads, as the CLI's runs do
      // (test/support/cli.ts): less CPU, which is what the run waits for on two cores.
      { test: { name: 'e2e', include: END_TO_END, execArgv: ['--single-threaded-gc'], isolate: false, ...SHARED,
        setupFiles: [...SHARED.setupFiles, 'test/support/servers-closed.ts'] } },
    ],
  },
});
