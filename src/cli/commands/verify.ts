import { UsageError } from '../../core/errors.js';
import { verifyCertificate } from '../../report/certificate.js';
import { REPORT_FILES } from '../../report/write.js';
import type { Output } from '../console/output.js';

/**
 * `petstore-conformance verify <dir>`: checks a certified report directory: every file as the certificate
 * hashed it, and the certificate's claims as the report makes them. Exit 0 when they hold, 1 when not.
 */
export async function verifyCommand(dir: string, out: Output): Promise<number> {
  let problems: string[];
  try {
    problems = await verifyCertificate(dir, REPORT_FILES);
  } catch (error) {
    throw new UsageError(`cannot verify ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; it needs the certificate.json a run with --certify writes`);
  }
  if (problems.length === 0) {
    out.line(out.style.green(`verified: the reports in ${dir} are as the run wrote them`));
    return 0;
  }
  for (const problem of problems) out.line(out.style.red(`✗ ${problem}`));
  out.line(out.style.red(`not verified: ${problems.length} problem${problems.length > 1 ? 's' : ''} in ${dir}`));
  return 1;
}
