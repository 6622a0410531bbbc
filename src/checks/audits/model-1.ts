import { readCategory } from '../../json/category.js';
import type { JsonDocument } from '../../json/parse.js';
import { arrayEditOf } from '../../json/array-edit.js';
import type { SchemaValidator } from '../../spec/validators.js';
import type { Cause } from '../../rules/cause.js';
import { NOT_APPLICABLE, type ExchangeAudit, type Finding } from './audit.js';

/** How many invalid Categories one response's message names. */
const SHOWN = 5;

/** MODEL-1: every Category in every response (the list's items, a create's 201) matches the schema exactly. */
export const model1: ExchangeAudit = {
  rule: 'MODEL-1',
  scope: 'Categories in responses',
  judgesChecksOf: 'every rule',
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
  for (const { i, found } of invalidItems(validate, items, document)) {
    const id = readCategory(document, items[i])?.id;
    const problem = `${id === undefined ? `item ${i} (no id)` : `the category with id ${id} (item ${i})`}: ${found.join('; ')}`;
    const stray = id === undefined ? undefined : strays.get(id);
    if (stray === undefined) own.push(problem);
    else {
      followed.push(problem);
      cause ??= stray;
    }
  }
  if (own.length > 0 || cause === undefined) return shown(own);
  return { violations: shown(followed), cause };
}

/** The invalid items of each list document, by validator: a read that answers the same bytes shares its parse. */
const invalidByValidator = new WeakMap<SchemaValidator, WeakMap<JsonDocument, readonly InvalidItem[]>>();

/** An item of a list, by its place, and what its schema found wrong with it. */
interface InvalidItem {
  readonly i: number;
  readonly found: readonly string[];
}

/**
 * The invalid items of a list, worked out once per document (see ParsedBodies: reads of the same bytes share one). For a
 * list parsed as an edit of an earlier one (json/array-edit.ts), the items the two share are those items themselves,
 * judged as they were: only the added ones are validated.
 */
function invalidItems(validate: SchemaValidator, items: readonly unknown[], document: JsonDocument): readonly InvalidItem[] {
  let byDocument = invalidByValidator.get(validate);
  if (!byDocument) invalidByValidator.set(validate, (byDocument = new WeakMap()));
  let invalid = byDocument.get(document);
  if (!invalid) {
    const edit = arrayEditOf(document);
    const before = edit && byDocument.get(edit.earlier);
    if (edit && before) {
      const shift = edit.kept + edit.added - edit.resumed;
      invalid = [
        ...before.filter(({ i }) => i < edit.kept),
        ...invalidAmong(validate, items, document, edit.kept, edit.kept + edit.added),
        ...before.filter(({ i }) => i >= edit.resumed).map(({ i, found }) => ({ i: i + shift, found })),
      ];
    } else invalid = invalidAmong(validate, items, document, 0, items.length);
    byDocument.set(document, invalid);
  }
  return invalid;
}

/** The invalid items from place `from` up to `to`. */
function invalidAmong(validate: SchemaValidator, items: readonly unknown[], document: JsonDocument, from: number, to: number): InvalidItem[] {
  const found: InvalidItem[] = [];
  // A plain loop: a list of 100,000 valid Categories is read whole once.
  for (let i = from; i < to; i++) {
    const problems = validate(items[i], document);
    if (problems.length > 0) found.push({ i, found: problems });
  }
  return found;
}

function shown(problems: readonly string[]): readonly string[] {
  return problems.length > SHOWN ? [...problems.slice(0, SHOWN), `… and ${problems.length - SHOWN} more`] : problems;
}

function categoryProblems(validate: SchemaValidator, value: unknown, document: JsonDocument, what: string): string[] {
  const problems = validate(value, document);
  return problems.length ? [`${what}: ${problems.join('; ')}`] : [];
}
