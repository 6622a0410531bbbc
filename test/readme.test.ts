import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, OPTIONS } from '../src/cli/options.js';
import { PROFILES } from '../src/cli/profiles.js';
import { LONG_LIST } from '../src/rules/long-list.js';
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

  // No figure the README gives goes unchecked: those of a run are a real run's (test/e2e/run.test.ts and
  // deployment.test.ts hold them), those of its speed the bench's, the others the code's.
  it('gives the figures of its speed as bench/RESULTS.md has them, which the bench wrote', async () => {
    const results = await readFile(join(packageRoot, 'bench', 'RESULTS.md'), 'utf8');
    const speed = readme.slice(readme.indexOf('## Speed\n'), readme.indexOf('## More\n')).replace(/\]\([^)]*\)/g, '');
    const figures = [...speed.matchAll(/\d[\d,.]*\d|\d/g)].map((m) => m[0]);
    expect(figures).toEqual(expect.arrayContaining(['634', '309', '100,000']));
    for (const figure of figures) expect(results, figure).toContain(figure);
  });

  it('gives each profile\'s defaults as the code has them, and the Node.js releases package.json allows', async () => {
    for (const p of Object.values(PROFILES)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${p.name}\``))?.split(' | ') ?? [];
      expect(row.slice(2, 7), p.name).toEqual([
        String(p.maxWrites ?? 'none'), `up to ${p.topUp}${p.name === 'staging' ? ', once' : ''}`,
        p.createRuns === undefined ? String(p.numRuns) : `${p.numRuns}, and ${p.createRuns} where every case creates`, String(p.concurrency), `${p.timeoutMs / 1000} s`,
      ]);
    }
    const { staging, ci, certify } = PROFILES;
    expect(readme).toContain(`cases per generated (fast-check) property (default ${staging.numRuns}; ${certify.numRuns} with \`certify\`)`);
    expect(readme).toContain(`(default ${staging.createRuns} with \`staging\`, else as \`--runs\`; \`--runs\` sets both)`);
    expect(readme).toContain(`(default ${staging.maxWrites} with \`staging\`; no limit with \`ci\` and \`certify\`)`);
    expect(readme).toContain(`to bring a list of ${LONG_LIST - 1} or fewer to ${LONG_LIST} (default ${staging.topUp}; \`0\`: never)`);
    expect(readme).toContain(`(default ${staging.concurrency} with \`staging\`, ${ci.concurrency} with \`ci\` and \`certify\`)`);
    expect(certify.concurrency).toBe(ci.concurrency);
    expect(readme).toContain(`| \`--timeout <ms>\` | deadline of each request (default ${staging.timeoutMs}) |`);
    expect(readme).toContain(`larger responses fail HTTP-1 (default ${DEFAULTS.maxResponseBytes / 2 ** 20} MiB)`);
    expect(readme).toContain(`(default: ${DEFAULTS.keepReports}; 0: keep all)`);
    const { engines } = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
    expect(readme).toContain('Node.js 20 (20.19 or newer), 22 (22.12 or newer), or 24 and newer');
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
