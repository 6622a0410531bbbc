import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../results/run-report.js';

/** The certificate's format: a reviewer's tool can check it knows it. */
export const CERTIFICATE_FORMAT = 'petstore-conformance-certificate/1';

/** certificate.json: what a reviewer needs to accept a submitted report, and the means to see it was not edited. */
export interface Certificate {
  readonly format: typeof CERTIFICATE_FORMAT;
  readonly target: string;
  readonly specVersion: string;
  readonly specSha256: string;
  readonly suiteVersion: string;
  readonly seed: number;
  readonly runId: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly verdict: RunReport['verdict'];
  readonly rules: readonly { readonly id: string; readonly level: string; readonly outcome: string }[];
  /** The sha256 of every other report file, by name. */
  readonly files: Readonly<Record<string, string>>;
}

export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The certificate of a run whose report files are written. The hashes let a reviewer check that no file was
 * edited after the run; they are not a signature: whoever can edit the files can also write a new certificate,
 * so a certificate is worth what the channel it arrives by is worth.
 */
export function renderCertificate(report: RunReport, files: Readonly<Record<string, string>>): string {
  const certificate: Certificate = {
    format: CERTIFICATE_FORMAT,
    target: report.target,
    specVersion: report.specVersion,
    specSha256: report.specSha256,
    suiteVersion: report.suiteVersion,
    seed: report.seed,
    runId: report.runId,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    verdict: report.verdict,
    rules: report.rules.map((r) => ({ id: r.id, level: r.level, outcome: r.outcome })),
    files: Object.fromEntries(Object.entries(files).map(([name, content]) => [name, sha256(content)])),
  };
  return `${JSON.stringify(certificate, null, 2)}\n`;
}

/**
 * What `verify` found: nothing means the directory matches its certificate. `required` names the files a run
 * writes: a certificate that leaves one out would let that file be edited unseen.
 */
export async function verifyCertificate(dir: string, required: readonly string[]): Promise<string[]> {
  const certificate = JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8')) as Certificate;
  if (certificate.format !== CERTIFICATE_FORMAT) return [`certificate.json is not a ${CERTIFICATE_FORMAT} certificate`];
  const problems = required.filter((name) => !(name in certificate.files)).map((name) => `the certificate does not cover ${name}`);
  for (const [name, expected] of Object.entries(certificate.files)) {
    let actual: string;
    try {
      actual = sha256(await readFile(join(dir, name)));
    } catch {
      problems.push(`${name} is missing`);
      continue;
    }
    if (actual !== expected) problems.push(`${name} was changed after the run (sha256 ${actual.slice(0, 12)}…, certified ${expected.slice(0, 12)}…)`);
  }
  if (problems.length === 0) {
    // The hashes hold; the certificate's own claims must also be the report's.
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const claims: [string, unknown, unknown][] = [
      ['verdict', certificate.verdict, report.verdict], ['seed', certificate.seed, report.seed], ['target', certificate.target, report.target],
      ['specSha256', certificate.specSha256, report.specSha256], ['suiteVersion', certificate.suiteVersion, report.suiteVersion],
      ['rules', JSON.stringify(certificate.rules), JSON.stringify(report.rules.map((r) => ({ id: r.id, level: r.level, outcome: r.outcome })))],
    ];
    for (const [name, claimed, actual] of claims) if (claimed !== actual) problems.push(`the certificate's ${name} is not the report's`);
  }
  return problems;
}
