/**
 * Formats by choice (--assert-formats): a server that stores a homepage its spec gives `format: uri` without checking
 * it keeps the spec as OpenAPI reads formats, annotations, and is judged conformant; asked to hold the target to its
 * formats, the run sends a homepage that breaks the format, and CREATE-2 fails.
 */
import { describe, expect, it } from 'vitest';
import { revisionById } from '../../src/reference/revisions.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { reference } from '../support/reference.js';
import { revisedSpecFile } from '../support/spec-files.js';

const KEY = 'psk_formats_test_key_0123456789ab';

describe('--assert-formats', () => {
  it('holds a server that does not check its formats to them only when asked: conformant without, CREATE-2 with it', async () => {
    const spec = await revisedSpecFile(revisionById('homepage-uri').revise);
    const run = async (args: readonly string[]) => {
      const server = await reference({ revision: 'homepage-uri', faults: ['homepage-uri/unchecked'], apiKey: KEY });
      const dir = await tempDir();
      const result = await runCli(['--target', server.url, '--spec', spec, '--profile', 'ci', '--seed', '5', '--report-dir', dir, ...args], { PETSTORE_API_KEY: KEY });
      return { result, report: await readReport(dir) };
    };
    const formatCheck = 'homepage is "example.com/pets", which breaks its format uri gets 400';

    const annotations = await run([]);
    expect(annotations.result.code, annotations.result.stdout).toBe(0);
    expect(annotations.report.verdict).toBe('conformant');
    expect(annotations.report.settings.assertFormats).toBe(false);
    expect(annotations.report.results.map((r) => r.check)).not.toContain(formatCheck);
    expect(annotations.result.stdout).not.toMatch(/formats asserted/);

    const asserted = await run(['--assert-formats']);
    expect(asserted.result.code, asserted.result.stdout).toBe(1);
    expect(asserted.report.settings.assertFormats).toBe(true);
    expect(asserted.result.stdout).toMatch(/formats asserted: a value that breaks a format of the spec's must be refused \(--assert-formats\)/);
    expect(asserted.report.results.find((r) => r.check === formatCheck)).toMatchObject({ rule: 'CREATE-2', outcome: 'failed' });
    // The 201 shows the malformed homepage, which the spec's Category does not allow: MODEL-1's in its own right.
    expect([...new Set(asserted.report.results.filter((r) => r.outcome === 'failed').map((r) => r.rule))].sort()).toEqual(['CREATE-2', 'MODEL-1']);
    // Its replay command asks for the formats again, or the check would not be there to run.
    expect(asserted.result.stdout).toMatch(/--assert-formats --replay /);
  });
});
