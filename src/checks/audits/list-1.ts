import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/**
 * LIST-1: with the valid key, the list is a 200 with a JSON array. Judged on every such list request without
 * query parameters (those are INFO-4's open question, or the checks' that send them) that the key got through, but
 * those a check allows a 400 for (a header parameter against its schema, or a required one left out: the check
 * judges the refusal). The items are MODEL-1's to judge.
 */
export const list1: ExchangeAudit = {
  rule: 'LIST-1',
  scope: 'list requests with the valid key',
  judge({ reply, operation, credential, alsoAllowed, owner }) {
    if (operation.role !== 'list' || credential !== 'documented' || reply.status === undefined || alsoAllowed.includes(400)) return NOT_APPLICABLE;
    // A refused valid key is AUTH-3's to report (its audit sees every such request), not a list that is not one. A status
    // HTTP-1 owns is LIST-1's too, which promises a 200: its violation names HTTP-1 as the cause (see Owner.coOwner).
    if (reply.status === 401 || owner?.rule === 'AUTH-3') return NOT_APPLICABLE;
    if (new URL(reply.exchange.request.url).search !== '') return NOT_APPLICABLE;
    if (reply.status !== 200) return [`the list answered ${reply.status}, not 200`];
    const { document } = reply.json();
    if (document && !Array.isArray(document.value)) {
      return [`the list is not a JSON array but ${document.value === null ? 'null' : typeof document.value}`];
    }
    return [];
  },
  /** A list that is not one, as any check reads it: LIST-1's own checks fail over it, the others skip. */
  owns: (answer) => (answer.kind === 'not a list' ? answer.problem : undefined),
};
