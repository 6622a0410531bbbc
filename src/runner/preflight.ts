import { KeyRefusedError, TargetUnreachableError } from '../core/errors.js';
import { firstContact, speaksTls, type FirstContactOptions } from '../http/first-contact.js';
import { INTERRUPTED } from '../http/failure.js';
import type { Operation } from '../spec/types.js';

/** The longest the first contact waits for a TLS handshake, to tell an https server from a broken http one. */
const TLS_PROBE_MS = 2000;

/** The key to try on the first contact, where it came from (for the message), and the spec's operations. */
export interface KeyToTry {
  readonly key: string;
  /** `PETSTORE_API_KEY`, or `the key in --api-key-file <file>`. */
  readonly source: string;
  readonly operations: readonly Operation[];
}

/**
 * Makes sure the target can be reached before any check runs: a target that cannot be connected to (refused,
 * unknown host, TLS failure) stops the run as not carried out, rather than failing every check. Sends a GET to the list
 * (at `listPath`, the spec's),
 * which changes nothing (see http/first-contact.ts), with the key when `key` is given: a target that answers it with
 * 401, and every other operation the spec lists that a GET can try (nothing is written before the checks), refuses the
 * key itself, and the run stops too: a wrong key would otherwise read as a server that breaks AUTH-3 everywhere. An
 * interruption ends the wait: the run that follows sees the signal and reports itself incomplete.
 */
export async function ensureReachable(target: string, settings: Omit<FirstContactOptions, 'target' | 'authorization'>, listPath: string, signal?: AbortSignal, key?: KeyToTry): Promise<void> {
  const options: FirstContactOptions = { ...settings, target, ...(key ? { authorization: `Bearer ${key.key}` } : {}) };
  const first = await firstContact(listPath, options, signal);
  if (first.failure && first.failure.code !== INTERRUPTED) {
    throw new TargetUnreachableError(`cannot reach the target ${target}: ${first.failure.code} (${first.failure.message}); ${fixFor(first.failure.code, target)}`);
  }
  // A server that speaks https hangs up on a plain request: every check would fail HTTP-1 for the scheme of --target.
  // The handshake of one that does takes milliseconds; a target that hangs it is for the checks to judge.
  if (first.broken && target.startsWith('http:') && await speaksTls(target, Math.min(settings.timeoutMs, TLS_PROBE_MS))) {
    throw new TargetUnreachableError(`the target ${target} speaks https, not http (it closed the connection on a plain ` +
      `HTTP request, ${first.broken.code}, and completed a TLS handshake): give --target ${withHttps(target)}`);
  }
  if (!key || first.status !== 401) return;
  const tried = [`GET ${listPath}`];
  for (const op of key.operations.filter((o) => o.method === 'GET' && o.requiresBearer && o.path !== listPath)) {
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    if ((await firstContact(path, options, signal)).status !== 401) return;
    tried.push(`GET ${path}`);
  }
  throw new KeyRefusedError(`the target refuses the key on every operation (401 to ${tried.join(' and ')}; nothing is written to find out): ` +
    `check ${key.source}${namedAssignment(key.key)}`);
}

/** A hint when the key reads as a shell assignment (`PETSTORE_API_KEY=…` copied into a key file whole). */
function namedAssignment(key: string): string {
  const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(key)?.[1];
  return name ? ` (it starts with "${name}=": give the key alone)` : '';
}

/** The same address with https: the port it was reached on kept (http's default, 80, written out). */
function withHttps(target: string): string {
  const url = new URL(target);
  const port = url.port || '80';
  url.protocol = 'https:';
  url.port = port;
  return `${url.origin}${url.pathname}`;
}

/** What to do about a connection failure, by its code. */
function fixFor(code: string, target: string): string {
  const skip = 'or skip verification with --insecure';
  // The certificate did not verify: the handshake itself worked. Trusting a CA mends neither a name nor a date.
  if (/ALTNAME|HOSTNAME/.test(code)) return `give --target a host name the certificate names, or have it reissued for ${new URL(target).hostname}, ${skip}`;
  if (code === 'CERT_HAS_EXPIRED') return `renew the target's certificate, ${skip}`;
  if (code === 'CERT_NOT_YET_VALID') return `check this machine's clock and the certificate's dates, ${skip}`;
  if (/CERT|SIGNATURE|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/.test(code)) return `trust its CA with --ca <file>, ${skip}`;
  // No TLS handshake at all: most often an https:// target whose server speaks plain http.
  if (/TLS|SSL|EPROTO/.test(code)) {
    return `the TLS handshake failed: check that the server at --target speaks https (for plain HTTP, give --target ${target.replace(/^https:/, 'http:')})`;
  }
  return 'check --target and that the server is running';
}
