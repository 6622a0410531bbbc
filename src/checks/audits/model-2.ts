import { readCategory } from '../../json/category.js';
import { listIdsOf, type ListIds } from '../../json/list-ids.js';
import { NOT_APPLICABLE, type ExchangeAudit } from './audit.js';

/**
 * MODEL-2: ids are unique. Every 201 of the run shows an id no earlier 201 showed (a create that hands back an
 * existing category, or a racy counter, repeats one), and no list shows an id twice. Ids compare exactly. An id a
 * request that had to be refused took, repeated, follows from that request's failure (see strayOf).
 */
export const model2: ExchangeAudit = {
  rule: 'MODEL-2',
  scope: 'ids in 201s and lists',
  judge({ reply, operation, run }) {
    const document = reply.json().document;
    if (!document) return NOT_APPLICABLE;
    if (operation.role === 'create' && reply.status === 201) {
      const id = readCategory(document, document.value)?.id;
      if (id === undefined) return NOT_APPLICABLE;
      const earlier = run.idsGiven.get(id);
      if (earlier !== undefined) {
        const violations = [`the 201 shows id ${id}, which ${earlier} already gave to a category`];
        // A category a request that had to be refused created is none the service should hold: its id says nothing of
        // how the service assigns them (a tenant of its own the wrong key got, a transaction rolled back after the 201).
        const stray = run.strays.get(earlier);
        return stray ? { violations, cause: stray } : violations;
      }
      run.idsGiven.set(id, reply.exchange.id); // judged in arrival order, so "earlier" is well defined
      return [];
    }
    if (operation.role === 'list' && reply.status === 200 && Array.isArray(document.value)) {
      return repeatedIdsVerdict(listIdsOf(document));
    }
    return NOT_APPLICABLE;
  },
};

function repeatedIdsVerdict({ seen, repeated }: ListIds): readonly string[] | typeof NOT_APPLICABLE {
  if (seen.size === 0) return NOT_APPLICABLE;
  return repeated.size ? [`the list shows ${repeated.size} ids more than once: ${[...repeated].slice(0, 5).join(', ')}`] : [];
}
