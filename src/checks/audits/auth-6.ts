import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/**
 * A Bearer challenge among a WWW-Authenticate value's challenges (which may be several, comma-separated): the
 * scheme name at the start or after a comma, followed by a space, a comma or the end, and not by "=" (then it is
 * a parameter's name). Quoted strings are blanked out first, so that a realm such as "bearer keys" is no challenge.
 */
const BEARER_CHALLENGE = /(?:^|,)\s*bearer(?=$|[\s,])(?!\s*=)/i;
const QUOTED_STRING = /"(?:[^"\\]|\\.)*"/g;

/** Whether a WWW-Authenticate value (RFC 9110 §11.6.1) holds a challenge for the Bearer scheme. */
export function hasBearerChallenge(value: string): boolean {
  return BEARER_CHALLENGE.test(value.replace(QUOTED_STRING, '""'));
}

/** AUTH-6: every 401 carries a WWW-Authenticate challenge for the Bearer scheme (RFC 6750 §3). */
export const auth6: ExchangeAudit = {
  rule: 'AUTH-6',
  scope: '401 responses',
  judgesChecksOf: ['AUTH-1', 'AUTH-2', 'AUTH-5'], // the requests its 401s answer
  judge({ reply }) {
    if (reply.status !== 401) return NOT_APPLICABLE;
    const challenge = reply.header('www-authenticate');
    if (challenge === undefined) return ['the 401 has no WWW-Authenticate header'];
    return hasBearerChallenge(challenge) ? [] : [`WWW-Authenticate is "${challenge}", with no Bearer challenge`];
  },
};
