import { contractStatuses } from '../../spec/mapping.js';
import { CONTRACT_MEDIA_TYPE, essenceOf, servedAs } from '../../spec/media-types.js';
import { responseKeyOf, type Operation } from '../../spec/types.js';
import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';
import { isDocumented } from './http-1.js';

/**
 * MEDIA-1: every body is served as a JSON media type the spec documents for its operation and status (application/json
 * where it documents none) and is one well-formed JSON value; and a response the spec gives a body (a 200 list, a 201
 * Category, an Error) has one.
 */
export const media1: ExchangeAudit = {
  rule: 'MEDIA-1',
  scope: 'responses with a body',
  judgesChecksOf: 'every rule',
  documentedOnly: true,
  judge({ reply, operation }) {
    const status = reply.status;
    if (!reply.hasBody) {
      if (status === undefined) return NOT_APPLICABLE;
      if (isDocumented(status, operation.statusesWithBody)) return [`the ${status} has no body, but the spec gives ${operation.label}'s ${status} a JSON body`];
      return isDocumented(status, contractStatuses(operation)) ? [`the ${status} has no body, but the contract gives ${operation.label}'s ${status} a JSON body`] : NOT_APPLICABLE;
    }
    const problems: string[] = [];
    const contentType = reply.header('content-type');
    const expected = expectedMediaTypes(operation, status);
    if (contentType === undefined) problems.push('the body has no Content-Type');
    else if (!expected.types.some((type) => servedAs(contentType, type))) problems.push(`the body is served as "${contentType}", not ${expected.types.join(' or ')}${expected.why}`);
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

/**
 * The media types (lower case, without parameters) a body of this status may be served as, with why in words for a
 * message: those the spec documents for the status; where it documents none (an undocumented 4xx the run meets, a
 * `default` without content), the contract's application/json, or a JSON type the spec documents for another status of
 * the operation (an `application/problem+json` its errors are served as): never one the spec does not name at all.
 */
function expectedMediaTypes(operation: Operation, status: number | undefined): { readonly types: readonly string[]; readonly why: string } {
  const key = status === undefined ? undefined : responseKeyOf(status, operation.documentedStatuses);
  const documented = key === undefined ? undefined : operation.responseMediaTypes[key];
  if (documented) return { types: unique(documented), why: `, which the spec documents for ${operation.label}'s ${key}` };
  return { types: unique([CONTRACT_MEDIA_TYPE, ...Object.values(operation.responseMediaTypes).flat()]), why: '' };
}

function unique(types: readonly string[]): string[] {
  return [...new Set(types.map(essenceOf))];
}
