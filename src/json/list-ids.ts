import { idKeyOf } from './category.js';
import type { JsonDocument } from './parse.js';

/** What a list's Categories show of their ids. */
export interface ListIds {
  /** How many items are JSON objects (Categories, or would-be ones). */
  readonly objects: number;
  /** Every exact id shown (see idKeyOf), once. */
  readonly seen: ReadonlySet<number | string>;
  /** The ids shown more than once. */
  readonly repeated: ReadonlySet<number | string>;
  /** `seen`, as exact integers, in the order the list first shows them. */
  readonly ids: readonly bigint[];
}

/** Worked out once per list document: MODEL-2 judges them, and the list checks ask for them again and again. */
const known = new WeakMap<JsonDocument, ListIds>();

/** The ids of a list document, whose value is an array. */
export function listIdsOf(document: JsonDocument): ListIds {
  let found = known.get(document);
  if (!found) {
    found = idsOf(document);
    known.set(document, found);
  }
  return found;
}

function idsOf(document: JsonDocument): ListIds {
  let objects = 0;
  const seen = new Set<number | string>();
  const repeated = new Set<number | string>();
  for (const item of document.value as readonly unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    objects++;
    const key = idKeyOf(document, item as Record<string, unknown>);
    if (key === undefined) continue;
    if (seen.has(key)) repeated.add(key);
    else seen.add(key);
  }
  // The ids as bigints only for a check that asks (most lists are read for MODEL-2 and their size): a Set keeps the
  // order its keys were first added in, which is the list's.
  let ids: bigint[] | undefined;
  return {
    objects, seen, repeated,
    get ids() {
      ids ??= Array.from(seen, (key) => BigInt(key));
      return ids;
    },
  };
}
