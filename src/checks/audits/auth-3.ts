import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/** AUTH-3: the valid key, sent as documented, is never refused. Judged on every request that carried it. */
export const auth3: ExchangeAudit = {
  rule: 'AUTH-3',
  scope: 'requests with the valid key',
  judge({ reply, credential }) {
    if (credential !== 'documented' || reply.status === undefined) return NOT_APPLICABLE;
    return reply.status === 401 ? ['the valid key, sent as "Authorization: Bearer <key>", was refused with 401'] : [];
  },
  owns(answer) {
    if (answer.kind !== 'status' || answer.status !== 401 || answer.credential !== 'documented') return undefined;
    return `the valid key was refused with 401 in ${answer.reply.exchange.id}`;
  },
};
