import { rootCertificates } from 'node:tls';

/**
 * The TLS options of a connection to the target: `--ca` trusts one more CA besides the system's (Node's `ca` replaces
 * the default roots, so they are kept), `--insecure` verifies no certificate. The same for the CLI's first contact and
 * the suites' requests.
 */
export function trustOptions(ca: string | undefined, insecure: boolean | undefined): { ca?: string[]; rejectUnauthorized?: false } {
  return {
    ...(ca ? { ca: [...rootCertificates, ca] } : {}),
    ...(insecure ? { rejectUnauthorized: false as const } : {}),
  };
}
