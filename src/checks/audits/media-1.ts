import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';
import { isDocumented } from './http-1.js';

/**
 * MEDIA-1: every body is served as application/json and is one well-formed JSON value; and a response the spec
 * gives a body (a 200 list, a 201 Category, an Error) has one.
 */
export const media1: ExchangeAudit = {
  rule: 'MEDIA-1',
  scope: 'responses with a body',
  judge({ reply, operation }) {
    if (!reply.hasBody) {
      const status = reply.status;
      if (status === undefined || !isDocumented(status, operation.statusesWithBody)) return NOT_APPLICABLE;
      return [`the ${status} has no body, but the spec gives ${operation.label}'s ${status} a JSON body`];
    }
    const problems: string[] = [];
    const contentType = reply.header('content-type');
    if (contentType === undefined) problems.push('the body has no Content-Type');
    else if (mediaType(contentType) !== 'application/json') problems.push(`the body is served as "${contentType}", not application/json`);
    const encoding = reply.header('content-encoding');
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      problems.push(`the body is encoded with "${encoding}", which the request did not ask for`);
    }
    const { error } = reply.json();
    if (error) problems.push(error);
    return problems;
  },
  owns: (answer) => (answer.kind === 'not JSON' ? `in ${answer.reply.exchange.id} ${answer.error}` : undefined),
};

/** The media type of a Content-Type value, lower-cased, without parameters. */
function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}
