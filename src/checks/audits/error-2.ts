import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';
import { isClientError } from './error-1.js';

/** ERROR-2: an Error's `status` repeats the HTTP status. Judged where the Error has a numeric status. */
export const error2: ExchangeAudit = {
  rule: 'ERROR-2',
  scope: 'Errors with a numeric status',
  judgesChecksOf: 'every rule',
  documentedOnly: true,
  judge({ reply }) {
    const body = reply.body as { status?: unknown } | undefined;
    if (!isClientError(reply.status) || typeof body !== 'object' || body === null || typeof body.status !== 'number') {
      return NOT_APPLICABLE;
    }
    return body.status === reply.status ? [] : [`Error.status is ${body.status} in a ${reply.status} response`];
  },
};
