import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/** A Bearer challenge among a WWW-Authenticate value's challenges (which may be several, comma-separated). */
const BEARER_CHALLENGE = /(?:^|,)\s*bearer(?:$|[\s,])/i;

/** AUTH-6: every 401 carries a WWW-Authenticate challenge for the Bearer scheme (RFC 6750 §3). */
export const auth6: ExchangeAudit = {
  rule: 'AUTH-6',
  scope: '401 responses',
  judge({ reply }) {
    if (reply.status !== 401) return NOT_APPLICABLE;
    const challenge = reply.header('www-authenticate');
    if (challenge === undefined) return ['the 401 has no WWW-Authenticate header'];
    return BEARER_CHALLENGE.test(challenge) ? [] : [`WWW-Authenticate is "${challenge}", with no Bearer challenge`];
  },
};
