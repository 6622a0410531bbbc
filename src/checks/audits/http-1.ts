import { INTERRUPTED, OUTSIDE_THE_TARGET, TARGET_GONE } from '../../http/client.js';
import { contractStatuses } from '../../spec/mapping.js';
import { responseKeyOf } from '../../spec/types.js';
import { NOT_APPLICABLE, type AuditSubject, type ExchangeAudit } from './audit.js';

/**
 * HTTP-1: a complete response in time, with a status the spec (or the contract: see contractStatuses) documents for the
 * operation. It owns what it finds (see ownsAnswer): a check of another rule that meets a server error, a redirect or
 * a status not documented (a 202, a 409, FastAPI's 422) skips over it, and the audits of bodies leave its body alone.
 */
export const http1: ExchangeAudit = {
  rule: 'HTTP-1',
  scope: 'requests',
  judgesChecksOf: 'every rule',
  judgesPathVariants: true,
  judge(subject) {
    const failure = subject.reply.exchange.transportError;
    if (failure) return unjudgedFailure(subject) ? NOT_APPLICABLE : [`${failure.code}: ${failure.message}`];
    if (subject.reply.status === undefined) return NOT_APPLICABLE;
    // An answer another rule owns (a 2xx without a valid credential: AUTH-1's, AUTH-2's; the valid key refused with 403:
    // AUTH-3's) is that rule's: whether the spec documents its status adds nothing.
    if (subject.owner && subject.owner.rule !== 'HTTP-1') return [];
    const problem = statusProblem(subject);
    return problem === undefined ? [] : [problem.message];
  },
  /**
   * No complete response (the check cannot judge what never came), and a status HTTP-1 judges wrong: a server error,
   * a redirect (the request was sent elsewhere, not answered), a status not documented for the operation. Such a status
   * to a valid create or to the list fails CREATE-1's and LIST-1's own checks too, which promise a 201 and a 200: they
   * name it as their cause (see Owner.coOwner), where a check of any other rule skips over it.
   */
  ownsAnswer(subject) {
    const { reply } = subject;
    const failure = reply.exchange.transportError;
    if (failure) return unjudgedFailure(subject) ? undefined : `no complete response to ${reply.exchange.id}: ${failure.code}: ${failure.message}`;
    const problem = reply.status === undefined ? undefined : statusProblem(subject);
    return problem === undefined ? undefined : `${reply.exchange.id} was answered ${problem.answer}`;
  },
};

/**
 * A request the suite itself cut off (Ctrl-C, SIGTERM) says nothing about the target, nor does one it did not send to a
 * target gone for good (the requests that got no answer before say that, and the run ends incomplete), nor one that its
 * proxy or client certificate kept from it (the run ends incomplete too).
 */
function unjudgedFailure({ reply }: AuditSubject): boolean {
  const code = reply.exchange.transportError?.code;
  return code === INTERRUPTED || code === TARGET_GONE || (code !== undefined && OUTSIDE_THE_TARGET.has(code));
}

/**
 * What is wrong with an answer's status, as HTTP-1 judges it (undefined when nothing is): its violation, and the answer
 * in a few words, for the reason a check skips over it ("auth-3 was answered with a redirect (307)").
 */
function statusProblem({ reply, operation, alsoAllowed, credential }: AuditSubject): { readonly message: string; readonly answer: string } | undefined {
  const status = reply.status as number;
  if (status >= 500) return { message: `answered with a server error (${status})`, answer: `with a server error (${status})` };
  // A 2xx to a request without a valid credential is a bypass, which AUTH-1's and AUTH-2's audits report; whether the
  // spec documents a 2xx for it (the pets lookup documents only its 401) adds nothing.
  const unauthenticated = credential === 'none' || credential === 'refused';
  if (unauthenticated && status >= 200 && status < 300) return undefined;
  // A path the spec does not list may be redirected or unknown: only server errors and transport failures count.
  if (operation.variantOf) return undefined;
  if (status >= 300 && status < 400 && !alsoAllowed.includes(status)) {
    return { message: `answered with a redirect (${status}); the contract has none, and redirects are not followed`, answer: `with a redirect (${status})` };
  }
  const documented = [...new Set([...operation.documentedStatuses, ...contractStatuses(operation)])];
  if (!isDocumented(status, documented) && !alsoAllowed.includes(status)) {
    return {
      message: `status ${status} is not documented for ${operation.label} (documented: ${documented.join(', ')})`,
      answer: `${status}, which is not documented for ${operation.label}`,
    };
  }
  return undefined;
}

/** Whether the spec's response keys cover a status: exact codes, ranges such as `4XX`, or `default`. */
export function isDocumented(status: number, documented: readonly string[]): boolean {
  return responseKeyOf(status, documented) !== undefined;
}
