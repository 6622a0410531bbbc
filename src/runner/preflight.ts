import { TargetUnreachableError } from '../core/errors.js';
import { firstContact } from '../http/first-contact.js';
import { INTERRUPTED } from '../http/failure.js';
import type { Settings } from '../protocol/settings.js';

/**
 * Makes sure the target can be reached before any check runs: a target that cannot be connected to (refused,
 * unknown host, TLS failure) stops the run as not carried out, rather than failing every check. Sends one
 * GET to the list without a credential, which changes nothing (see http/first-contact.ts). An interruption ends the
 * wait: the run that follows sees the signal and reports itself incomplete.
 */
export async function ensureReachable(target: string, settings: Pick<Settings, 'timeoutMs' | 'ca' | 'insecure'>, signal?: AbortSignal): Promise<void> {
  const failure = await firstContact(target, settings, signal);
  if (failure && failure.code !== INTERRUPTED) {
    throw new TargetUnreachableError(`cannot reach the target ${target}: ${failure.code} (${failure.message}); ${fixFor(failure.code)}`);
  }
}

/** What to do about a connection failure, by its code. */
function fixFor(code: string): string {
  // The certificate did not verify: the handshake itself worked.
  if (/CERT|SIGNATURE|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO|HOSTNAME|ALTNAME/.test(code)) {
    return 'trust its CA with --ca <file>, or skip verification with --insecure';
  }
  // No TLS handshake at all: most often an https:// target whose server speaks plain http.
  if (/TLS|SSL|EPROTO/.test(code)) return 'the TLS handshake failed: check that the server at --target speaks https';
  return 'check --target and that the server is running';
}
