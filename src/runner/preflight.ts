import { TargetUnreachableError } from '../core/errors.js';
import { Redactor } from '../core/secrets.js';
import { HttpClient } from '../http/client.js';

/**
 * Makes sure the target can be reached before any check runs: a target that cannot be connected to (refused,
 * unknown host, TLS failure) stops the run as not carried out, rather than failing every check. Sends one
 * GET to the list without a credential, which changes nothing.
 */
export async function ensureReachable(target: string, timeoutMs: number): Promise<void> {
  const client = new HttpClient({ target, timeoutMs, maxResponseBytes: 1024 * 1024, redactor: new Redactor([]), connections: 1 });
  try {
    const reply = await client.send('preflight', { operation: 'preflight', method: 'GET', path: '/categories', headers: { accept: 'application/json', 'accept-encoding': 'identity' } });
    const failure = reply.exchange.transportError;
    if (failure?.phase === 'connect') {
      throw new TargetUnreachableError(`cannot reach the target ${target}: ${failure.code} (${failure.message}); check --target and that the server is running`);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
}
