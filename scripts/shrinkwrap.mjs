// npm pack's `prepack` and `postpack`: writes npm-shrinkwrap.json for the package, and removes it once packed.
// `node scripts/shrinkwrap.mjs` writes it from package-lock.json with the runtime packages only (what an install of the
// package installs, at the versions the tests ran with): none flagged `dev`, and no devDependencies at its root.
// `--remove` removes it: in the clone, npm ci would take it for the lock file, and miss every development package.
// Plain JavaScript: it runs before anything is compiled.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'npm-shrinkwrap.json');

if (process.argv.includes('--remove')) {
  rmSync(target, { force: true });
} else {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const packages = Object.fromEntries(Object.entries(lock.packages).flatMap(([path, entry]) => {
    if (entry.dev) return [];
    if (path !== '') return [[path, entry]];
    const { devDependencies, ...own } = entry;
    return [[path, own]];
  }));
  writeFileSync(target, `${JSON.stringify({ ...lock, packages }, null, 2)}\n`);
}
