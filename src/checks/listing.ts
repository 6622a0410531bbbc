import type { Reply } from '../http/reply.js';
import { readCategory, sameContent, showContent, type SeenCategory } from './category.js';
import type { CheckContext } from './context.js';

/** A list as a check reads it: its Categories, and those with an exact id grouped by it. */
export interface Listed {
  readonly reply: Reply;
  readonly categories: readonly SeenCategory[];
  readonly byId: ReadonlyMap<bigint, readonly SeenCategory[]>;
}

/**
 * Reads the list (a new request, or the given reply). A list that is not a 200 JSON array is LIST-1's to report:
 * only LIST-1's own checks fail over it, others skip.
 */
export async function readListed(t: CheckContext, reply?: Reply): Promise<Listed> {
  const listReply = reply ?? (await t.list());
  const { document, items } = t.expectList(listReply);
  const categories: SeenCategory[] = [];
  const byId = new Map<bigint, SeenCategory[]>();
  for (const item of items) {
    const seen = readCategory(document, item);
    if (!seen) continue;
    categories.push(seen);
    if (seen.id === undefined) continue;
    const same = byId.get(seen.id);
    if (same) same.push(seen);
    else byId.set(seen.id, [seen]);
  }
  return { reply: listReply, categories, byId };
}

/** MODEL-3's promise for existing categories: under each id, the list shows exactly what it showed before. */
export function expectUnchanged(t: CheckContext, before: ReadonlyMap<bigint, readonly SeenCategory[]>, after: Listed): void {
  const changed: string[] = [];
  for (const [id, was] of before) {
    const now = after.byId.get(id) ?? [];
    if (now.length !== was.length || was.some((b) => !now.some((a) => sameContent(a, b)))) {
      changed.push(`under id ${id} the list showed ${was.map(showContent).join(', ') || 'nothing'} and now shows ${now.map(showContent).join(', ') || 'nothing'}`);
    }
  }
  t.expect(changed.length === 0, `${changed.length} existing categories changed: ${changed.slice(0, 3).join('; ')}`, after.reply);
}
