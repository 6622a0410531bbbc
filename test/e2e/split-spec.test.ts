import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specDigest } from '../../src/spec/files.js';
import { loadSpec } from '../../src/spec/load.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { listen } from '../support/local-servers.js';
import { splitSpecFiles } from '../support/spec-files.js';

describe('a spec split over files', () => {
  it('is followed from any directory: a full verdict, a digest over every file in every report, a replay that runs from elsewhere', async () => {
    const split = await splitSpecFiles();
    // Started from a directory of its own, with --spec relative to it: the $refs resolve against the spec's files.
    const elsewhere = await tempDir();
    const dir = join(elsewhere, 'reports');
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--spec', relative(elsewhere, split.root), '--report-dir', dir, '--certify'], {}, 180_000, { cwd: elsewhere });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);

    const report = await readReport(dir);
    expect(report.specPath).toBe(split.root);
    expect(report.specFiles.map((f) => f.path)).toEqual(['openapi.yaml', 'responses/errors.yaml', 'schemas/category.yaml', 'schemas/error.yaml', 'schemas/new-category.json']);
    expect(report.specSha256).toBe(specDigest(report.specFiles));
    expect(stdout).toContain(`spec sha256 ${report.specSha256.slice(0, 12)}… over its 5 files`);
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toContain(`<property name="specSha256" value="${report.specSha256}"/>`);
    expect(JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8'))).toMatchObject({ specSha256: report.specSha256 });
    expect(report.invocation?.targetArgs).toEqual(['--target', 'reference', '--spec', split.root]);

    // The report's replay, from the package's directory: the spec is named by its absolute path.
    const check = report.results.find((r) => r.rule === 'CREATE-2' && !r.generated)?.check as string;
    const again = await tempDir();
    const replay = await runCli(['--replay', join(dir, 'report.json'), check, '--report-dir', again]);
    expect(replay.stdout).toMatch(/Replay: reproduced: the check passed in the report and passed now/);
    expect(replay.stdout).not.toMatch(/the spec has changed/);
    expect((await readReport(again)).specSha256).toBe(report.specSha256);
    expect(report.invocation?.reportJson).toBe(join(dir, 'report.json'));
    // A schema file changed since: the replay says so.
    const error = split.files['schemas/error.yaml'] as string;
    await writeFile(error, `# revised\n${await readFile(error, 'utf8')}`);
    const changed = await runCli(['--replay', join(dir, 'report.json'), check, '--report-dir', await tempDir()]);
    expect(changed.stdout).toMatch(/the spec has changed since the report \(sha256 [0-9a-f]{12}… then, [0-9a-f]{12}… now\)/);
  });

  it('served at a URL: each $ref fetched relative to the file that names it (after a redirect, where it led), the digest over every file fetched', async () => {
    const split = await splitSpecFiles();
    const fetched: string[] = [];
    const origin = await listen((request, response) => {
      fetched.push(request.url as string);
      // The latest spec, as a service names it: relative $refs resolve against where the redirect leads (RFC 3986 §5.1.3).
      if (request.url === '/latest') return void response.writeHead(302, { location: '/api/openapi.yaml' }).end();
      const file = split.files[(request.url as string).replace(/^\/api\//, '')];
      if (file === undefined) response.writeHead(404).end();
      else void readFile(file).then((bytes) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(bytes));
    });
    const dir = await tempDir();
    const { code, stdout, stderr } = await runCli(['--target', 'reference', '--spec', `${origin}/latest`, '--report-dir', dir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verdict: CONFORMANT/);
    const report = await readReport(dir);
    expect(report.specPath).toBe(`${origin}/latest`);
    expect(report.specFiles.map((f) => f.path)).toEqual(['openapi.yaml', 'responses/errors.yaml', 'schemas/category.yaml', 'schemas/error.yaml', 'schemas/new-category.json']);
    // The same files on disk: the same digest.
    expect(report.specSha256).toBe((await loadSpec(split.root)).sha256);
    expect(new Set(fetched)).toEqual(new Set(['/latest', '/api/openapi.yaml', '/api/responses/errors.yaml', '/api/schemas/category.yaml', '/api/schemas/error.yaml', '/api/schemas/new-category.json']));
    // Each file once, whatever the parser's passes over it.
    expect(fetched).toHaveLength(6);

    const rules = await runCli(['rules', 'CREATE-4', '--spec', `${origin}/api/openapi.yaml`]);
    expect(rules.code, rules.stderr).toBe(0);
    expect(rules.stdout).toContain(`"for this spec" is what a rule comes to for ${origin}/api/openapi.yaml`);
  });
});
