import type { JsonDocument } from '../../json/parse.js';
import type { SchemaValidator } from '../../spec/validators.js';
import { ListFold } from '../../json/list-fold.js';
import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/** How many invalid Categories one response's message names. */
const SHOWN = 5;

/** MODEL-1: every Category in every response (the list's items, a create's 201) matches the schema exactly. */
export const model1: ExchangeAudit = {
  rule: 'MODEL-1',
  scope: 'Categories in responses',
  judge({ reply, operation, validators }) {
    const document = reply.json().document;
    if (!document) return NOT_APPLICABLE;
    if (operation.role === 'list' && reply.status === 200 && Array.isArray(document.value)) {
      const items = document.value;
      if (items.length === 0) return NOT_APPLICABLE;
      return listVerdict(listProblems(validators.Category).of(document));
    }
    if (operation.role === 'create' && reply.status === 201) {
      return categoryProblems(validators.Category, document.value, document, 'the created Category');
    }
    return NOT_APPLICABLE;
  },
};

/** A list's invalid Categories: the first few, with where they are, and how many in all. */
interface ListProblems {
  readonly shown: string[];
  count: number;
}

/**
 * The invalid Categories of each list, by validator (one per spec): worked out once per list document, and for a
 * list that grew at its end, for the added items only (see ListFold). A Category's verdict depends on nothing but the
 * Category and the text it was parsed from, which an extension shares with the list it extends.
 */
const listFolds = new WeakMap<SchemaValidator, ListFold<ListProblems>>();

function listProblems(validate: SchemaValidator): ListFold<ListProblems> {
  let fold = listFolds.get(validate);
  if (!fold) {
    fold = new ListFold<ListProblems>(() => ({ shown: [], count: 0 }), (state, items, from, document) => {
      for (let i = from; i < items.length; i++) {
        const problems = categoryProblems(validate, items[i], document, `item ${i}`);
        state.count += problems.length;
        if (state.shown.length < SHOWN) state.shown.push(...problems);
      }
    });
    listFolds.set(validate, fold);
  }
  return fold;
}

function listVerdict({ shown, count }: ListProblems): readonly string[] {
  return count > SHOWN ? [...shown.slice(0, SHOWN), `… and ${count - SHOWN} more`] : shown.slice(0, SHOWN);
}

function categoryProblems(validate: SchemaValidator, value: unknown, document: JsonDocument, what: string): string[] {
  const problems = validate(value, document);
  return problems.length ? [`${what}: ${problems.join('; ')}`] : [];
}
