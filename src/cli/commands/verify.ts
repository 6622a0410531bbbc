import { UsageError } from '../../core/errors.js';
import { verifyCertificate } from '../../report/certificate.js';
import { VERDICT_TEXT } from '../../report/verdict-text.js';
import { EXIT, EXIT_OF_VERDICT } from '../../results/verdict.js';
import { REPORT_FILES } from '../../report/write.js';
import type { Output } from '../console/output.js';

/**
 * What `verify` checks, and what it cannot: said with every answer, since "verified" was read as "proven by a third
 * party". The sha256 of each file against the certificate shows the files are as they were when it was made; whoever
 * can edit the files can make a new certificate for them, so it proves nothing about who made them.
 */
export const NOT_A_SIGNATURE = 'this is not a signature: whoever can edit the files can write a new certificate for them; ' +
  'where it came from is shown by an attestation of it (gh attestation verify certificate.json, see docs/using.md#certification)';

/**
 * `petstore-conformance verify <dir>`: checks a certified report directory (every file as the certificate hashed it,
 * and the certificate's claims as the report makes them) and prints the verdict it certifies. Someone receiving a
 * certificate reads exit 0 as a pass: it is 0 only when the files are intact and the verdict is conformant, else the
 * code a run with that verdict exits with (EXIT_OF_VERDICT), and `EXIT.failed` when the files are not intact.
 * `integrityOnly` (--integrity-only): 0 whenever the files are intact, whatever they certify.
 */
export async function verifyCommand(dir: string, integrityOnly: boolean, out: Output): Promise<number> {
  let verification;
  try {
    verification = await verifyCertificate(dir, REPORT_FILES);
  } catch (error) {
    throw new UsageError(`cannot verify ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; it needs the certificate.json a run with --certify writes`);
  }
  const { certificate, problems } = verification;
  if (problems.length > 0 || !certificate) {
    for (const problem of problems) out.line(out.style.red(`✗ ${problem}`));
    out.line(out.style.red(`not intact: ${problems.length} problem${problems.length > 1 ? 's' : ''} in ${dir}: the files are not as they were when the certificate was made`));
    return EXIT.failed;
  }
  const verdict = VERDICT_TEXT[certificate.verdict];
  const conformant = certificate.verdict === 'conformant';
  out.line(out.style.green(`intact: the files in ${dir} are as they were when its certificate.json was made (the sha256 of each, and its claims, match report.json)`));
  out.line(out.style.dim(NOT_A_SIGNATURE));
  const paint = conformant ? out.style.green : out.style.red;
  const implementation = certificate.implementation ? `${certificate.implementation} at ` : '';
  out.line(paint(`Certified verdict: ${verdict.label} (${implementation}${certificate.target}, spec ${certificate.specVersion}, petstore-conformance ${certificate.suiteVersion}, seed ${certificate.seed}, ${certificate.startedAt})`));
  if (conformant || integrityOnly) return EXIT.ok;
  out.error(`petstore-conformance: the certificate is intact, but it certifies ${verdict.label}, not CONFORMANT (--integrity-only checks the files alone)`);
  return EXIT_OF_VERDICT[certificate.verdict];
}
