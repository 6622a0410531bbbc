import { defineConfig } from 'vitest/config';

// The project's own tests (npm test). The conformance suites in suites/ are not tests of this project: the
// runner runs them against a target.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
