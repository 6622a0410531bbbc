import { readCategory } from '../../json/category.js';
import type { Cause, Owner } from '../../rules/cause.js';
import type { RuleId } from '../../rules/catalogue.js';
import { writesOf } from '../../spec/types.js';
import type { AuditSubject } from './audit.js';
import { AUDITS } from './index.js';

/**
 * The rule that owns an answer (see Owner): the first audit that says so (ExchangeAudit.ownsAnswer), of those that
 * judge the exchange (a path the spec does not list, only those that judge such paths). One answer, one rule: the
 * bypass of a request without a valid credential is AUTH-1's or AUTH-2's before any status HTTP-1 might find wrong
 * with it; the valid key refused, AUTH-3's; a server error, a redirect, a status not documented, HTTP-1's.
 */
export function ownerOf(subject: AuditSubject): Owner | undefined {
  for (const audit of AUDITS) {
    if (subject.operation.variantOf && !audit.judgesPathVariants) continue;
    const why = audit.ownsAnswer?.(subject);
    if (why === undefined) continue;
    const coOwner = audit.rule === 'HTTP-1' ? coOwnerOf(subject) : undefined;
    return { rule: audit.rule, why, ...(coOwner ? { coOwner } : {}) };
  }
  return undefined;
}

/**
 * The rule whose own checks an answer HTTP-1 owns fails too (see Owner.coOwner): a status (not a redirect: the request
 * was sent elsewhere, not answered; nor no answer at all) to what the contract promises a success for, with the valid
 * key: a valid create's 201 (CREATE-1), the list's 200 (LIST-1).
 */
function coOwnerOf({ reply, operation, credential, refusal }: AuditSubject): RuleId | undefined {
  const status = reply.status;
  if (status === undefined || (status >= 300 && status < 400) || credential !== 'documented' || refusal !== undefined || operation.variantOf) return undefined;
  return operation.role === 'create' ? 'CREATE-1' : operation.role === 'list' ? 'LIST-1' : undefined;
}

/**
 * Why a request that had to be refused and was served (a 2xx that could create) leaves a category the run must not
 * count as its own: what other rules find of it follows from the rule that reports the request (AUTH-1 or AUTH-2,
 * which own the answer; CREATE-2, whose check judges an invalid body). Undefined for any other exchange.
 */
export function strayOf(subject: AuditSubject, owner: Owner | undefined): Cause | undefined {
  const { reply, operation, refusal } = subject;
  const status = reply.status;
  if (status === undefined || status < 200 || status >= 300 || writesOf(operation) === 0) return undefined;
  const id = reply.exchange.id;
  if (owner?.rule === 'AUTH-1' || owner?.rule === 'AUTH-2') return { rule: owner.rule, why: `${id} had to be refused for want of a valid credential, and was served` };
  if (refusal === 'body') return { rule: 'CREATE-2', why: `${id} had to be refused for its invalid body, and was served` };
  return undefined;
}

/** Records a stray (see strayOf) in the run: its exchange, and the id of the category its 2xx showed, if any. */
export function recordStray(subject: AuditSubject, stray: Cause): void {
  const { reply, run } = subject;
  run.strays.set(reply.exchange.id, stray);
  const document = reply.json().document;
  const id = document && readCategory(document, document.value)?.id;
  if (id !== undefined && !run.strayIds.has(id)) run.strayIds.set(id, stray);
}
