/**
 * The test run's check that it leaves nothing in the temporary directory (test/support/no-temp-left.ts, the global
 * setup) counts only what the run made itself: a run of vitest with that setup, in a temporary directory of the
 * test's own, fails for an entry it leaked and not for one another run made beside it at the same time.
 */
import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { tempDir } from '../support/cli.js';
import { RUN_TEMP_PREFIX } from '../support/no-temp-left.js';

const VITEST = join(packageRoot, 'node_modules', 'vitest', 'vitest.mjs');

/**
 * Runs vitest on one test file of this body, with the global setup and the system's temporary directory `system`;
 * its files run in worker threads (this file's run, in child processes: both ways get the run's own folder).
 */
async function vitestRun(system: string, body: string): Promise<{ code: number | null; output: string }> {
  const project = await tempDir('petstore-vitest-');
  await writeFile(join(project, 'vitest.config.mjs'), `export default { test: { globals: true, pool: 'threads', include: ['temp.test.mjs'],
    globalSetup: [${JSON.stringify(join(packageRoot, 'test', 'support', 'no-temp-left.ts'))}] } };\n`);
  await writeFile(join(project, 'temp.test.mjs'), `import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
test('makes a temporary directory', () => {
  expect(basename(tmpdir()).startsWith(${JSON.stringify(RUN_TEMP_PREFIX)})).toBe(true);
  ${body}
});\n`);
  const env = { ...process.env, TMPDIR: system, TMP: system, TEMP: system, NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--root', project, '--config', join(project, 'vitest.config.mjs')], { env, cwd: project });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the test run\'s temporary directory', () => {
  it('is a folder of the run\'s own, for its workers and every process they start', async () => {
    expect(basename(tmpdir())).toMatch(new RegExp(`^${RUN_TEMP_PREFIX}`));
    expect(dirname(await tempDir())).toBe(tmpdir());
    const child = await new Promise<string>((resolve, reject) => {
      const node = spawn(process.execPath, ['-p', 'require("node:os").tmpdir()']);
      let out = '';
      node.stdout.on('data', (d: Buffer) => (out += d.toString()));
      node.on('error', reject);
      node.on('close', () => resolve(out.trim()));
    });
    expect(child).toBe(tmpdir());
  });

  it('does not fail the run for an entry another run made in the system\'s temporary directory meanwhile', async () => {
    const system = await tempDir('petstore-system-');
    const { code, output } = await vitestRun(system, "mkdirSync(join(dirname(tmpdir()), 'petstore-conformance-of-another-run'));");
    expect(code, output).toBe(0);
    // The run's own folder is gone, the other run's entry is not.
    expect(await readdir(system)).toEqual(['petstore-conformance-of-another-run']);
  });

  it('fails the run for an entry of its own it left, named', async () => {
    const system = await tempDir('petstore-system-');
    const { code, output } = await vitestRun(system, "mkdtempSync(join(tmpdir(), 'petstore-conformance-'));");
    expect(code).toBe(1);
    expect(output).toMatch(/Tests +1 passed/);
    expect(output).toMatch(new RegExp(`the tests left 1 entries of their own in ${system}/${RUN_TEMP_PREFIX}\\w+: petstore-conformance-\\w+`));
  });
});
