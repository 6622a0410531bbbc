import { cp, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import { runCli, tempDir } from '../support/cli.js';

describe('the package as npm installs it', () => {
  it('runs from the files package.json publishes, with nothing on stderr', async () => {
    const installed = await tempDir('petstore-installed-');
    onTestFinished(() => rm(installed, { recursive: true, force: true }));
    const manifest = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { files: string[] };
    for (const entry of [...manifest.files, 'package.json']) await cp(join(packageRoot, entry), join(installed, entry), { recursive: true });
    await symlink(join(packageRoot, 'node_modules'), join(installed, 'node_modules'), 'dir');
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--report-dir', join(installed, 'reports')], {}, 180_000, installed);
    // Without the TypeScript sources, a source map of a suite file would have vite warn about each one here.
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);
  });
});
