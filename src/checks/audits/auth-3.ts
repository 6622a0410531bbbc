import { NOT_APPLICABLE, type AuditSubject, type ExchangeAudit } from './audit.js';

/**
 * AUTH-3: the valid key, sent as documented, is never refused: not with 401, nor with a 403 (a scope the key lacks,
 * which the contract does not show), unless the check allows one (an operation whose answers it does not show). Judged
 * on every request that carried it; the answer is AUTH-3's wherever it comes, not HTTP-1's (a 403 is documented nowhere).
 */
export const auth3: ExchangeAudit = {
  rule: 'AUTH-3',
  scope: 'requests with the valid key',
  judge(subject) {
    if (subject.credential !== 'documented' || subject.reply.status === undefined) return NOT_APPLICABLE;
    const refused = keyRefusal(subject);
    return refused ? [`the valid key, sent as "Authorization: Bearer <key>", was refused with ${refused}`] : [];
  },
  ownsAnswer(subject) {
    const refused = subject.credential === 'documented' ? keyRefusal(subject) : undefined;
    return refused === undefined ? undefined : `the valid key was refused with ${refused} in ${subject.reply.exchange.id}`;
  },
};

/** The status that refused the key, if one did. */
function keyRefusal({ reply, alsoAllowed }: AuditSubject): number | undefined {
  const status = reply.status;
  return status === 401 || (status === 403 && !alsoAllowed.includes(403)) ? status : undefined;
}
