import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/core/secrets.js';
import { verifyCertificate } from '../../src/report/certificate.js';
import { REPORT_FILES, writeReports } from '../../src/report/write.js';
import { tempDir } from '../support/cli.js';
import { everyRulePassed, reportOf } from '../support/run-record.js';

/** A certified report directory of a conformant run of the implementation named (or none). */
async function certified(implementation?: string): Promise<string> {
  const dir = await tempDir();
  await writeReports(dir, reportOf(everyRulePassed(), {}, implementation ? { implementation } : {}), new Redactor([]), true);
  return dir;
}

describe('certificate.json', () => {
  it('names the implementation the run was told of, and verify holds it to the report\'s', async () => {
    const dir = await certified('acme-petstore 2.3.1');
    const path = join(dir, 'certificate.json');
    const certificate = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    expect(certificate['implementation']).toBe('acme-petstore 2.3.1');
    expect((await verifyCertificate(dir, REPORT_FILES)).problems).toEqual([]);
    // The certificate's own claim edited, its files' hashes untouched: not the report's.
    await writeFile(path, JSON.stringify({ ...certificate, implementation: 'other-petstore 9.9' }));
    expect((await verifyCertificate(dir, REPORT_FILES)).problems).toEqual(['the certificate\'s implementation is not the report\'s']);
  });

  it('names none where none was named', async () => {
    const certificate = JSON.parse(await readFile(join(await certified(), 'certificate.json'), 'utf8')) as Record<string, unknown>;
    expect(certificate).not.toHaveProperty('implementation');
  });
});
