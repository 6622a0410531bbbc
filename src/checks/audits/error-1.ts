import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/** The statuses whose bodies the contract says are Error objects. */
export const ERROR_STATUSES: readonly number[] = [400, 401];

/** ERROR-1: every 400 and 401 carries an Error object. */
export const error1: ExchangeAudit = {
  rule: 'ERROR-1',
  scope: '400 and 401 responses',
  judge({ reply, validators }) {
    if (!ERROR_STATUSES.includes(reply.status ?? 0)) return NOT_APPLICABLE;
    const { document, error } = reply.json();
    if (!document) return [`the ${reply.status} carries no Error: ${error}`];
    return validators.Error(document.value, document).map((v) => `the Error is invalid: ${v}`);
  },
};
