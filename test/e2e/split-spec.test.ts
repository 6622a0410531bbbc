import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specDigest } from '../../src/spec/files.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
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
    expect((await readReport(again)).specSha256).toBe(report.specSha256);
  });
});
