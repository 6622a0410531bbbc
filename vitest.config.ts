import { defineConfig } from 'vitest/config';

// The project's own tests (npm test). The conformance suites in suites/ are not tests of this project: the
// runner runs them against a target.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    // vitest's default on a machine of 2 cores is one worker: every file in turn. Most of the time of the slow files
    // (end-to-end runs against hostile targets) is spent waiting on deadlines and on the CLI's own process, so two
    // files at once keep 2 cores busy without crowding them out.
    maxWorkers: 2,
    hookTimeout: 60_000,
    // Fails the run if a test left a temporary directory of its own behind.
    globalSetup: ['test/support/no-temp-left.ts'],
  },
});
