import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/**
 * Whether a status is an error the contract gives an Error body: 400 and 401 by its table, and by §7 ("every
 * error response body is an Error object") every other client error too (a 413 or 415 in the INFO cases).
 * Server errors fail HTTP-1 whatever their body.
 */
export function isClientError(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * ERROR-1: every client error (400, 401, any other 4xx) carries an Error object: as the spec documents the body of that
 * status for the operation, else as its Error.
 */
export const error1: ExchangeAudit = {
  rule: 'ERROR-1',
  scope: '4xx responses',
  judge({ reply, operation, validators }) {
    if (!isClientError(reply.status)) return NOT_APPLICABLE;
    const { document, error } = reply.json();
    if (!document) return [`the ${reply.status} carries no Error: ${error}`];
    return validators.errorFor(operation, reply.status as number)(document.value, document).map((v) => `the Error is invalid: ${v}`);
  },
};
