/**
 * A server that refuses the client's certificate in an HTTP answer, after the TLS handshake, rather than with a TLS
 * alert: nginx with `ssl_verify_client on` (or `optional`, and an error_page) answers 400 with a small HTML page,
 * "400 No required SSL certificate was sent" (its own status 496) or "400 The SSL certificate error" (495), and some
 * servers send those statuses as they are. Such an answer is the run's own credential refused, as the alerts are (see
 * OUTSIDE_THE_TARGET in failure.ts): the first contact reads a few KB of the body of such a status to tell it.
 */
import { CLIENT_CERTIFICATE_REFUSED, CLIENT_CERTIFICATE_REQUIRED } from './failure.js';

/** The statuses such a refusal comes with: nginx's 400, a 403 of a server configured so, and nginx's own 495 and 496. */
export const CERTIFICATE_REFUSAL_STATUSES: readonly number[] = [400, 403, 495, 496];

/** The most of such an answer's body that is read: nginx's page is some 250 bytes. */
export const CERTIFICATE_REFUSAL_BYTES = 4096;

/** What the pages say, and what it means: no certificate was sent, or the one sent was refused. */
const PAGES: readonly { readonly says: RegExp; readonly code: string }[] = [
  { says: /No required SSL certificate was sent/i, code: CLIENT_CERTIFICATE_REQUIRED },
  { says: /The SSL certificate error/i, code: CLIENT_CERTIFICATE_REFUSED },
];

/**
 * The failure an answer over https means, when it refuses the client's certificate (an error of code
 * CLIENT_CERTIFICATE_REQUIRED or CLIENT_CERTIFICATE_REFUSED, whose message quotes what the page says), or undefined:
 * any other answer is the target's.
 */
export function certificateRefusal(status: number, body: string): Error | undefined {
  const page = PAGES.find((p) => p.says.test(body));
  const code = page?.code ?? (status === 496 ? CLIENT_CERTIFICATE_REQUIRED : status === 495 ? CLIENT_CERTIFICATE_REFUSED : undefined);
  if (code === undefined) return undefined;
  const said = page ? ` "${page.says.exec(body)?.[0]}"` : '';
  const what = code === CLIENT_CERTIFICATE_REQUIRED ? 'requires a TLS client certificate' : 'refused the TLS client certificate';
  return Object.assign(new Error(`the server ${what} (it answered ${status}${said} after the TLS handshake)`), { code });
}
