import { writesOf } from '../../spec/types.js';
import { NOT_APPLICABLE, servedWithoutValidCredential, type ExchangeAudit } from './audit.js';

/**
 * AUTH-4: a request that could create, sent without a valid credential, creates nothing. A 2xx to it is the target
 * saying it did, on the spot: judged on every such request of every suite. (That a refused one created nothing all
 * the same is the suites' closing AUTH-4 checks' to verify, in the list.)
 */
export const auth4: ExchangeAudit = {
  rule: 'AUTH-4',
  scope: 'requests that could create, without a valid credential',
  judgesChecksOf: ['AUTH-1', 'AUTH-2', 'AUTH-5'], // the requests sent without a valid credential
  judgesPathVariants: true,
  judge(subject) {
    const { credential, operation, reply } = subject;
    if ((credential !== 'none' && credential !== 'refused') || writesOf(operation) === 0 || reply.status === undefined) return NOT_APPLICABLE;
    return servedWithoutValidCredential(subject, 'the target says it created what it had to refuse');
  },
};
