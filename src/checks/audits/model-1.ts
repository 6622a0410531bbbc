import { readCategory } from '../../json/category.js';
import type { JsonDocument } from '../../json/parse.js';
import type { SchemaValidator } from '../../spec/validators.js';
import type { Cause } from '../../rules/cause.js';
import { NOT_APPLICABLE, type ExchangeAudit, type Finding } from './audit.js';

/** How many invalid Categories one response's message names. */
const SHOWN = 5;

/** MODEL-1: every Category in every response (the list's items, a create's 201) matches the schema exactly. */
export const model1: ExchangeAudit = {
  rule: 'MODEL-1',
  scope: 'Categories in responses',
  judge({ reply, operation, validators, run }) {
    const document = reply.json().document;
    if (!document) return NOT_APPLICABLE;
    if (operation.role === 'list' && reply.status === 200 && Array.isArray(document.value)) {
      const items = document.value;
      if (items.length === 0) return NOT_APPLICABLE;
      return listProblems(validators.Category, items, document, run.strayIds);
    }
    if (operation.role === 'create' && reply.status === 201) {
      return categoryProblems(validators.Category, document.value, document, 'the created Category');
    }
    return NOT_APPLICABLE;
  },
};

/**
 * A list's invalid Categories: the first few, each by its id (exactly, as the list shows it) and its place in the list,
 * and how many more there are. The id is what finds it on the target: a category an old run or another client left on
 * a long-lived environment is fixed or removed by it, and its place changes as the list grows. Those a request that had
 * to be refused created (see strayOf) follow from that request's failure, and are named as such only when no other
 * category is invalid.
 */
function listProblems(validate: SchemaValidator, items: readonly unknown[], document: JsonDocument, strays: ReadonlyMap<bigint, Cause>): Finding {
  const own: string[] = [];
  const followed: string[] = [];
  let cause: Cause | undefined;
  items.forEach((item, i) => {
    const id = readCategory(document, item)?.id;
    const problems = categoryProblems(validate, item, document, id === undefined ? `item ${i} (no id)` : `the category with id ${id} (item ${i})`);
    const stray = id === undefined ? undefined : strays.get(id);
    if (stray === undefined) own.push(...problems);
    else if (problems.length > 0) {
      followed.push(...problems);
      cause ??= stray;
    }
  });
  if (own.length > 0 || cause === undefined) return shown(own);
  return { violations: shown(followed), cause };
}

function shown(problems: readonly string[]): readonly string[] {
  return problems.length > SHOWN ? [...problems.slice(0, SHOWN), `… and ${problems.length - SHOWN} more`] : problems;
}

function categoryProblems(validate: SchemaValidator, value: unknown, document: JsonDocument, what: string): string[] {
  const problems = validate(value, document);
  return problems.length ? [`${what}: ${problems.join('; ')}`] : [];
}
