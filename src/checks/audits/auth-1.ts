import { NOT_APPLICABLE, servedAnswer, servedWithoutValidCredential, type ExchangeAudit } from './audit.js';

/**
 * AUTH-1: a request without a credential is never served. Judged on every such request of every suite, whichever
 * check sent it and whatever that check judges (AUTH-5's bodies, INFO-5's media types, paths the spec does not list),
 * so that no check can grade an authentication bypass lower or miss it. A refusal other than 401 is the checks' to
 * judge (AUTH-1's own, or AUTH-5's SHOULD); only a 2xx is a bypass.
 */
export const auth1: ExchangeAudit = {
  rule: 'AUTH-1',
  scope: 'requests without a credential',
  judgesPathVariants: true,
  judge(subject) {
    if (subject.credential !== 'none' || subject.reply.status === undefined) return NOT_APPLICABLE;
    return servedWithoutValidCredential(subject, 'it was served without authentication');
  },
  ownsAnswer: (subject) => servedAnswer(subject, 'none'),
};
