import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../results/run-report.js';

/** The certificate's format: a reviewer's tool can check it knows it. */
export const CERTIFICATE_FORMAT = 'petstore-conformance-certificate/1';

/**
 * certificate.json: what a reviewer needs to accept a submitted report, and the means to see that its files are as they
 * were when it was made. Not a signature (see renderCertificate): a third party checks where it came from by an
 * attestation of it (the GitHub Action's `attest`, docs/using.md).
 */
export interface Certificate {
  readonly format: typeof CERTIFICATE_FORMAT;
  readonly target: string;
  /** The implementation the target runs, as the user named it (--implementation); absent when not named. */
  readonly implementation?: string;
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
    ...(report.implementation ? { implementation: report.implementation } : {}),
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

/** The largest report file verify reads: far beyond any run's, far below what would exhaust a machine's memory. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;
/** The largest certificate.json verify reads: a few kilobytes are all a run writes. */
const MAX_CERTIFICATE_BYTES = 1024 * 1024;

/** What `verify` found: the certificate's claims when it could be read, and what does not hold. */
export interface Verification {
  readonly certificate?: Certificate;
  /** Nothing means the directory matches its certificate. */
  readonly problems: readonly string[];
}

/**
 * Checks a report directory against its certificate.json. `required` names the files a run writes: the certificate
 * must cover each of them (one it leaves out could be edited unseen), and may name no other. The certificate is not
 * trusted for what it names: only those files of the directory itself are read, each a regular file (not a link, not
 * a device) of a bounded size.
 */
export async function verifyCertificate(dir: string, required: readonly string[]): Promise<Verification> {
  const certificate = JSON.parse(await readBounded(join(dir, 'certificate.json'), MAX_CERTIFICATE_BYTES)) as Certificate;
  if (certificate.format !== CERTIFICATE_FORMAT) return { problems: [`certificate.json is not a ${CERTIFICATE_FORMAT} certificate`] };
  const files = certificate.files ?? {};
  const problems = required.filter((name) => !(name in files)).map((name) => `the certificate does not cover ${name}`);
  for (const [name, expected] of Object.entries(files)) {
    if (!required.includes(name)) {
      problems.push(`the certificate names ${JSON.stringify(name)}, which is not a report file a run writes: it was not read`);
      continue;
    }
    let actual: string;
    try {
      actual = await hashBounded(join(dir, name));
    } catch (error) {
      problems.push(`${name} ${(error as Error).message}`);
      continue;
    }
    if (actual !== expected) problems.push(`${name} was changed after the certificate was made (sha256 ${actual.slice(0, 12)}…, certified ${String(expected).slice(0, 12)}…)`);
  }
  if (problems.length === 0) {
    // The hashes hold; the certificate's own claims must also be the report's.
    const report = JSON.parse(await readBounded(join(dir, 'report.json'), MAX_REPORT_BYTES)) as RunReport;
    const claims: [string, unknown, unknown][] = [
      ['verdict', certificate.verdict, report.verdict], ['seed', certificate.seed, report.seed], ['target', certificate.target, report.target],
      ['implementation', certificate.implementation, report.implementation],
      ['specSha256', certificate.specSha256, report.specSha256], ['suiteVersion', certificate.suiteVersion, report.suiteVersion],
      ['rules', JSON.stringify(certificate.rules), JSON.stringify(report.rules.map((r) => ({ id: r.id, level: r.level, outcome: r.outcome })))],
    ];
    for (const [name, claimed, actual] of claims) if (claimed !== actual) problems.push(`the certificate's ${name} is not the report's`);
  }
  return { certificate, problems };
}

/** A regular file of at most `max` bytes; else why not, as an error whose message follows the file's name. */
async function regularFile(path: string, max: number): Promise<void> {
  let stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    throw Object.assign(new Error('is missing'), { code: (error as NodeJS.ErrnoException).code });
  }
  if (!stats.isFile()) throw new Error('is not a regular file (a link, a device or a directory): it was not read');
  if (stats.size > max) throw new Error(`is larger than any report (${stats.size} bytes): it was not read`);
}

async function readBounded(path: string, max: number): Promise<string> {
  await regularFile(path, max);
  return readFile(path, 'utf8');
}

/** The sha256 of a file, read a piece at a time: a report of a failing run can be megabytes. */
async function hashBounded(path: string): Promise<string> {
  await regularFile(path, MAX_REPORT_BYTES);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { end: MAX_REPORT_BYTES - 1 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
