import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';

/**
 * The type check of `npm test`, as one of its tests: the build only emits (scripts/build.mjs), and the compiler, one
 * thread for several seconds, checks beside the other test files instead of before them all.
 */
describe('npm run typecheck', () => {
  it('finds no error in the sources, the suites, the tests or the bench', async () => {
    const tsc = join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: packageRoot, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: stdout + stderr });
      });
    });
    expect(output, 'the compiler\'s diagnostics').toBe('');
    expect(code).toBe(0);
  }, 300_000);
});
