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
 * ERROR-1: every client error (400, 401, any other 4xx) carries an Error object: the contract's (§7: `code`, `message`,
 * `status`, all required), which a spec may add to but not take from; and, as the spec documents the body of that
 * status for the operation (else its Error), one that keeps that schema too.
 */
export const error1: ExchangeAudit = {
  rule: 'ERROR-1',
  scope: '4xx responses',
  judgesChecksOf: 'every rule',
  documentedOnly: true,
  judge({ reply, operation, validators }) {
    if (!isClientError(reply.status)) return NOT_APPLICABLE;
    const { document, error } = reply.json();
    if (!document) return [`the ${reply.status} carries no Error: ${error}`];
    const spec = validators.errorFor(operation, reply.status as number)(document.value, document);
    // What the spec's schema already says of a field is said once.
    const said = (field: string) => spec.some((line) => line.includes(`"${field}"`) || line.includes(`/${field}`));
    const contract = contractErrorProblems(document.value).filter((p) => p.field === undefined ? spec.length === 0 : !said(p.field));
    return [...contract.map((p) => `the Error is not the contract's: ${p.problem}`), ...spec.map((v) => `the Error is invalid: ${v}`)];
  },
};

/** The contract's Error (§7): its fields, each with the JSON type the contract gives it. */
const CONTRACT_ERROR = { code: 'a string', message: 'a string', status: 'an integer' } as const;

/**
 * How a body falls short of the contract's Error, whatever the spec's schema says: not an object, or a field missing or
 * mistyped (`field` names it).
 */
export function contractErrorProblems(value: unknown): { readonly field?: string; readonly problem: string }[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ problem: `the body is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}, not an object` }];
  }
  return Object.entries(CONTRACT_ERROR).flatMap(([field, kind]) => {
    const v = (value as Record<string, unknown>)[field];
    if (v === undefined) return [{ field, problem: `${field} (${kind}) is missing` }];
    const kept = kind === 'a string' ? typeof v === 'string' : (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
    return kept ? [] : [{ field, problem: `${field} is not ${kind}` }];
  });
}
