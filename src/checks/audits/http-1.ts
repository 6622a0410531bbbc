import { INTERRUPTED, OUTSIDE_THE_TARGET, TARGET_GONE } from '../../http/client.js';
import { contractStatuses } from '../../spec/mapping.js';
import { responseKeyOf } from '../../spec/types.js';
import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/** HTTP-1: a complete response in time, with a status the spec (or the contract: see contractStatuses) documents for the operation. */
export const http1: ExchangeAudit = {
  rule: 'HTTP-1',
  scope: 'requests',
  judgesPathVariants: true,
  judge({ reply, operation, alsoAllowed, credential }) {
    const failure = reply.exchange.transportError;
    // A request the suite itself cut off (Ctrl-C, SIGTERM) says nothing about the target, nor does one it did not send
    // to a target gone for good (the requests that got no answer before say that, and the run ends incomplete), nor one
    // that its proxy or client certificate kept from it (the run ends incomplete too).
    if (failure?.code === INTERRUPTED || failure?.code === TARGET_GONE || (failure && OUTSIDE_THE_TARGET.has(failure.code))) return NOT_APPLICABLE;
    if (failure) return [`${failure.code}: ${failure.message}`];
    const status = reply.status;
    if (status === undefined) return NOT_APPLICABLE;
    if (status >= 500) return [`answered with a server error (${status})`];
    // A 2xx to a request without a valid credential is a bypass, which AUTH-1's and AUTH-2's audits report; whether the
    // spec documents a 2xx for it (the pets lookup documents only its 401) adds nothing.
    const unauthenticated = credential === 'none' || credential === 'refused';
    if (unauthenticated && status >= 200 && status < 300) return [];
    // A path the spec does not list may be redirected or unknown: only server errors and transport failures count.
    if (operation.variantOf) return [];
    if (status >= 300 && status < 400 && !alsoAllowed.includes(status)) {
      return [`answered with a redirect (${status}); the contract has none, and redirects are not followed`];
    }
    const documented = [...new Set([...operation.documentedStatuses, ...contractStatuses(operation)])];
    if (!isDocumented(status, documented) && !alsoAllowed.includes(status)) {
      return [`status ${status} is not documented for ${operation.label} (documented: ${documented.join(', ')})`];
    }
    return [];
  },
  /**
   * No complete response (the check cannot judge what never came), and a redirect: the request was sent elsewhere,
   * not answered. A server error stays the check's failure too: it is the answer to the check's own request.
   */
  owns(answer) {
    const id = answer.reply.exchange.id;
    const failure = answer.reply.exchange.transportError;
    if (answer.kind === 'no response' && failure) return `no complete response to ${id}: ${failure.code}: ${failure.message}`;
    if (answer.kind === 'status' && answer.status >= 300 && answer.status < 400) return `${id} was answered with a redirect (${answer.status})`;
    return undefined;
  },
};

/** Whether the spec's response keys cover a status: exact codes, ranges such as `4XX`, or `default`. */
export function isDocumented(status: number, documented: readonly string[]): boolean {
  return responseKeyOf(status, documented) !== undefined;
}
