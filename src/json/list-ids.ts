import { idKeyOf } from './category.js';
import { ListFold } from './list-fold.js';

/** What a list's Categories show of their ids, worked out once per list (see ListFold). */
export interface ListIds {
  /** How many items are JSON objects (Categories, or would-be ones). */
  objects: number;
  /** Every exact id shown (see idKeyOf), once. */
  readonly seen: Set<number | string>;
  /** The ids shown more than once. */
  readonly repeated: Set<number | string>;
  /** `seen`, as exact integers, in the order the list first shows them. Append-only: copy it to keep it. */
  readonly ids: bigint[];
}

/** The ids of every list document: MODEL-2 judges them, and the list checks ask for them. */
export const listIds = new ListFold<ListIds>(() => ({ objects: 0, seen: new Set(), repeated: new Set(), ids: [] }), (state, items, from, document) => {
  for (let i = from; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    state.objects++;
    const key = idKeyOf(document, item as Record<string, unknown>);
    if (key === undefined) continue;
    if (state.seen.has(key)) {
      state.repeated.add(key);
      continue;
    }
    state.seen.add(key);
    state.ids.push(BigInt(key));
  }
});
