// Builds dist/ from the sources: `node scripts/build.mjs` only when they changed since the last build (npm pack's
// `prepack` and the README's commands start at once when dist/ is up to date), `--always` every time
// (npm run build); `--digest` prints the digest of the inputs and builds nothing (the GitHub Action's cache key). A
// build says so on stderr: it is the one wait a user did not ask for by name.
// Plain JavaScript: it runs before anything is compiled.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the build reads: the compiled folders, the spec, the compiler's settings, the installed dependencies, this script. */
const INPUTS = ['src', 'suites', 'bench', 'spec', 'tsconfig.base.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'scripts/build.mjs'];
/** Where the digest of the inputs of the last build is kept, inside what it built. */
const STAMP = join(root, 'dist', '.inputs-sha256');

/** Every file below a path, in a fixed order. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesOf(join(path, name)));
}

/** One digest of the inputs' names and contents: a checkout or a touch that changes nothing rebuilds nothing. */
function digestOfInputs() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesOf(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const digest = digestOfInputs();
if (process.argv.includes('--digest')) {
  process.stdout.write(`${digest}\n`);
  process.exit(0);
}
const built = existsSync(STAMP);
const always = process.argv.includes('--always');
if (!always && built && readFileSync(STAMP, 'utf8') === digest) process.exit(0);
const started = Date.now();
const why = !built ? 'not built yet' : always ? 'as --always asks' : 'they changed since the last build';
process.stderr.write(`petstore-conformance: building dist/ from the sources (${why})…\n`);
// From nothing: a source removed since the last build must not leave its compiled file behind to be run.
rmSync(join(root, 'dist'), { recursive: true, force: true });
const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
// --noCheck: the build only emits (each file on its own, as isolatedModules ensures, so the output is the same);
// `npm run typecheck` checks the sources, the tests among them, and `npm test` does (test/scripts/typecheck.test.ts):
// checking here too checked the same sources twice in every CI run, and in every build the tests make.
run([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--noCheck']);
run([join(root, 'dist', 'src', 'spec', 'write-snapshot.js')]);
run([join(root, 'dist', 'src', 'cli', 'commands', 'write-spec-lines.js')]);
// The compiler writes files without the execute bit: the command (package.json's bin) must stay runnable, as npx and a
// clone's node_modules/.bin link run it directly.
const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const file of Object.values(bin)) chmodSync(join(root, file), 0o755);
writeFileSync(STAMP, digest);
process.stderr.write(`petstore-conformance: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
