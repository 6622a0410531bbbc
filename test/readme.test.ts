import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../src/cli/options.js';
import { packageRoot } from '../src/core/package-info.js';
import { RULES } from '../src/rules/catalogue.js';

describe('README.md', async () => {
  const readme = await readFile(join(packageRoot, 'README.md'), 'utf8');

  it('lists every rule with its level and requirement, as the catalogue has them', () => {
    for (const rule of RULES) expect(readme).toContain(`| ${rule.id} | ${rule.level} | ${rule.requirement} |`);
  });

  it('documents every option and the two fresh-machine commands', () => {
    for (const option of OPTIONS.filter((o) => o.name !== 'json')) expect(readme, option.name).toContain(`--${option.name}`);
    expect(readme).toContain('npm ci && npm run conformance');
    expect(readme).toContain('npm test');
  });

  it('opens with a quick start that fits a screen, and leaves the long explanations to docs/', () => {
    const lines = readme.split('\n');
    const start = lines.indexOf('## Quick start');
    const end = lines.indexOf('## Reference');
    expect(start).toBeGreaterThan(0);
    expect(end - start).toBeLessThanOrEqual(80);
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  it('runs the tool with npx --no-install only: a bare npx would fetch any package of the name from the registry', () => {
    const commands = readme.split('\n').filter((line) => /(^|[`\s])npx /.test(line));
    expect(commands.length).toBeGreaterThan(0);
    for (const line of commands) expect(line).toMatch(/npx --no-install /);
  });

  // Before, the package shipped no docs/: once installed, the README's links to them led nowhere.
  it('links only to files the package ships', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageRoot });
    const shipped = new Set((JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((f) => f.path));
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1] as string).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(shipped.has(link), link).toBe(true);
  });
});
