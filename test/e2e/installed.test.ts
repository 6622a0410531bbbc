import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { packageRoot, suiteVersion } from '../../src/core/package-info.js';
import { runCli, tempDir } from '../support/cli.js';
import { packageCopy } from '../support/package-copy.js';

/** Runs a command to its end; rejects with its output when it fails, else resolves with its stdout (and stderr). */
function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  return runBoth(command, args, cwd).then(({ stdout }) => stdout);
}

function runBoth(command: string, args: readonly string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, timeout: 150_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

interface Lock {
  readonly packages: Readonly<Record<string, { readonly version?: string; readonly dev?: boolean; readonly devDependencies?: unknown }>>;
}

/** The lifecycle scripts npm runs, or asks to allow, when it installs a package. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

// The two tests at once: each works in directories of its own, and reads the package's files without changing them.
// They assert with the test context's expect, and clean up with its onTestFinished.
describe.concurrent('the package as npm installs it', () => {
  it('packs with dist/ and the tested runtime tree (npm-shrinkwrap.json), installs from the tarball with no install script, npm ci installs it again, and it runs', async ({ expect }) => {
    // Packed as npm pack packs, its prepack and postpack run, in a copy: the other tests run from this package's dist/.
    const source = await packageCopy({ built: true });
    const packed = await tempDir('petstore-packed-');
    await run('npm', ['pack', '--silent', '--pack-destination', packed], source);
    // Written for the tarball and removed: in a clone, npm ci would take it for the lock file.
    expect(existsSync(join(source, 'npm-shrinkwrap.json'))).toBe(false);
    const tarball = join(packed, `petstore-conformance-${suiteVersion}.tgz`);
    await run('tar', ['xzf', tarball, '-C', packed], packed);
    const shipped = (file: string) => readFile(join(packed, 'package', file), 'utf8');
    expect(existsSync(join(packed, 'package', 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    const manifest = JSON.parse(await shipped('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(INSTALL_SCRIPTS.filter((name) => manifest.scripts[name] !== undefined)).toEqual([]);
    // The shrinkwrap is the lock file's runtime tree, at its versions: every package but the development ones.
    const lock = JSON.parse(await readFile(join(packageRoot, 'package-lock.json'), 'utf8')) as Lock;
    const shrinkwrap = JSON.parse(await shipped('npm-shrinkwrap.json')) as Lock;
    const runtime = Object.entries(lock.packages).filter(([, entry]) => !entry.dev);
    expect(Object.keys(shrinkwrap.packages)).toEqual(runtime.map(([path]) => path));
    for (const [path, entry] of runtime) if (path !== '') expect(shrinkwrap.packages[path], path).toEqual(entry);
    expect(shrinkwrap.packages['']).not.toHaveProperty('devDependencies');

    const project = await tempDir('petstore-project-');
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'a-project', private: true }));
    // From npm's cache where it can (the clone's npm ci filled it): the test is about the package, not the registry.
    const npmInstall = ['--prefer-offline', '--no-audit', '--no-fund'];
    const installed = await runBoth('npm', ['install', ...npmInstall, tarball], project);
    expect(`${installed.stdout}${installed.stderr}`).not.toMatch(/install.scripts?/i);
    // npm takes no shrinkwrap from a tarball (npm/cli#5349): the dependencies the package names are pinned, exactly.
    const resolved = (JSON.parse(await readFile(join(project, 'package-lock.json'), 'utf8')) as Lock).packages;
    for (const name of Object.keys(manifest.dependencies)) {
      expect(resolved[`node_modules/${name}`]?.version, name).toBe(lock.packages[`node_modules/${name}`]?.version);
    }
    // The project's lock file installs it again: a dependency npm left out of it would stop npm ci ("Missing: … from lock file").
    await run('npm', ['ci', ...npmInstall], project);
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
    // npm-shrinkwrap.json is made as the package is packed.
    for (const entry of [...manifest.files, 'package.json']) if (existsSync(join(packageRoot, entry))) await cp(join(packageRoot, entry), join(installed, entry), { recursive: true });
    await symlink(join(packageRoot, 'node_modules'), join(installed, 'node_modules'), 'dir');
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--report-dir', join(installed, 'reports')], {}, 180_000, { copy: installed });
    // Without the TypeScript sources, a source map of a suite file would have vite warn about each one here.
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);
  });
});
