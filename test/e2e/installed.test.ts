import { execFile } from 'node:child_process';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { packageRoot, suiteVersion } from '../../src/core/package-info.js';
import { runCli, tempDir } from '../support/cli.js';

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, timeout: 150_000, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

// The two tests at once: each works in directories of its own, and reads the package's files without changing them.
// They assert with the test context's expect, and clean up with its onTestFinished.
describe.concurrent('the package as npm installs it', () => {
  it('installs from its packed tarball into an empty project and runs there with npx --no-install', async ({ expect }) => {
    const packed = await tempDir('petstore-packed-');
    // --ignore-scripts: packing would build first, and other tests run from the same dist/ at the same time.
    await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packed], packageRoot);
    const project = await tempDir('petstore-project-');
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'a-project', private: true }));
    // From npm's cache where it can (the clone's npm ci filled it): the test is about the package, not the registry.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(packed, `petstore-conformance-${suiteVersion}.tgz`)], project);
    const stdout = await run('npx', ['--no-install', 'petstore-conformance', '--target', 'reference', '--report-dir', join(project, 'reports')], project);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);
  }, 300_000);

  // Before, the build left the command without its execute bit: here npx answered "Permission denied", exit 127.
  it('runs with npx --no-install in its own clone, as the build left it', async ({ expect }) => {
    expect((await run('npx', ['--no-install', 'petstore-conformance', '--version'], packageRoot)).trim()).toBe(suiteVersion);
  });

  it('runs from the files package.json publishes, with nothing on stderr', async ({ expect, onTestFinished }) => {
    const installed = await tempDir('petstore-installed-');
    onTestFinished(() => rm(installed, { recursive: true, force: true }));
    const manifest = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { files: string[] };
    for (const entry of [...manifest.files, 'package.json']) await cp(join(packageRoot, entry), join(installed, entry), { recursive: true });
    await symlink(join(packageRoot, 'node_modules'), join(installed, 'node_modules'), 'dir');
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--report-dir', join(installed, 'reports')], {}, 180_000, { copy: installed });
    // Without the TypeScript sources, a source map of a suite file would have vite warn about each one here.
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);
  });
});
