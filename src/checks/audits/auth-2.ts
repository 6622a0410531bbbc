import { NOT_APPLICABLE, servedAnswer, servedWithoutValidCredential, type ExchangeAudit } from './audit.js';

/**
 * AUTH-2: a request with a credential the contract refuses (a wrong or altered key, another scheme, the valid key
 * anywhere but the Authorization header) is never served. Judged on every such request of every suite, generated
 * ones included, whichever check sent it: see AUTH-1's audit.
 */
export const auth2: ExchangeAudit = {
  rule: 'AUTH-2',
  scope: 'requests with an invalid credential',
  judgesPathVariants: true,
  judge(subject) {
    if (subject.credential !== 'refused' || subject.reply.status === undefined) return NOT_APPLICABLE;
    return servedWithoutValidCredential(subject, 'the credential was taken');
  },
  ownsAnswer: (subject) => servedAnswer(subject, 'refused'),
};
