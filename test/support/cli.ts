import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/core/package-info.js';
import { PROXY_VARIABLES } from '../../src/http/proxy.js';
import { CLIENT_KEY_PASSPHRASE_ENV } from '../../src/http/tls.js';
import type { RunReport } from '../../src/results/run-report.js';

/** The built CLI, as users run it. */
export const CLI = join(packageRoot, 'dist', 'src', 'cli', 'main.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * How V8 runs the CLI for the tests, which run it some 200 times on two cores, where CPU is what a test run waits for
 * (docs/speed.md has the figures). What the CLI does is the same either way; neither flag is the product's own, as
 * neither saves the tenth of a default run's time or memory that would pay for a flag.
 * - Garbage is collected on the thread that made it, without helper threads: less CPU in about the same wall time.
 * - V8 optimizes a function later than it would (four times its default interrupt budget): a run of the CLI is a
 *   second or two of code that mostly runs a few times, where the optimizing compiler spends more CPU than it saves.
 *   Not in selftest's matrix, one process that runs the suites 143 times, where optimizing early pays.
 */
const COLLECT_ON_ITS_THREAD = '--single-threaded-gc';
const OPTIMIZE_LATER = '--interrupt-budget=270336';

/** The flags of Node for a run of the CLI (above); spawn it with them. */
export const RUN_NODE_FLAGS: readonly string[] = [COLLECT_ON_ITS_THREAD, OPTIMIZE_LATER];

/** The flags of Node for a command of the CLI (above): selftest optimizes as V8 does. */
const nodeFlagsFor = (args: readonly string[]): readonly string[] => (args[0] === 'selftest' ? [COLLECT_ON_ITS_THREAD] : RUN_NODE_FLAGS);

/** The arguments that restrict a run to these rules or areas: `--only` before each. */
export const onlyArgs = (rules: readonly string[]): string[] => rules.flatMap((rule) => ['--only', rule]);

/**
 * Runs the real CLI in a child process, from the package's directory. The environment is the test's own without any
 * PETSTORE_API_KEY, proxy variable or client key passphrase (a machine's proxy would take the tests' requests to their
 * servers on 127.0.0.1), with colour off; `env` adds to it, and removes from it a name it gives as undefined. `copy`
 * runs another copy of the package, from its directory; `cwd` runs it from another directory.
 */
export function runCli(args: readonly string[], env: Record<string, string | undefined> = {}, timeoutMs = 180_000,
  { copy, cwd }: { readonly copy?: string; readonly cwd?: string } = {}): Promise<CliResult> {
  const cli = copy ? join(copy, 'dist', 'src', 'cli', 'main.js') : CLI;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of ['PETSTORE_API_KEY', CLIENT_KEY_PASSPHRASE_ENV, ...PROXY_VARIABLES]) delete childEnv[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlagsFor(args), cli, ...args], { env: childEnv, cwd: cwd ?? copy ?? packageRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not finish within ${timeoutMs} ms: ${args.join(' ')}\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Directories {@link tempDir} made in this test file, removed once its tests are done. */
const made: string[] = [];

/**
 * Removes the directories {@link tempDir} made. Every test file's last hook (test/support/temp-dirs.ts, a setup file:
 * vitest runs it for each file, also where files share a worker and this module): after the file, not after each test,
 * since a file's tests may run at once, and one's afterEach would remove another's.
 */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A new empty directory (for a run's reports), removed after the test file. */
export async function tempDir(prefix = 'petstore-conformance-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function readReport(dir: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
}

/** Every file below a directory, with its content. */
export async function filesBelow(dir: string): Promise<{ path: string; content: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((e) => e.isFile()).map(async (e) => {
    const path = join(e.parentPath, e.name);
    return { path, content: await readFile(path, 'utf8') };
  }));
}
