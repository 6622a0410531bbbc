import { idKeyOf } from './category.js';
import type { JsonDocument } from './parse.js';

/** What a list's Categories show of their ids. */
export interface ListIds {
  /** How many items are JSON objects (Categories, or would-be ones). */
  readonly objects: number;
  /** How many different exact ids the list shows (see idKeyOf). */
  readonly distinct: number;
  /** The ids shown more than once. */
  readonly repeated: ReadonlySet<number | string>;
  /** Every id shown, once, as exact integers, in the order the list first shows them. */
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
  const keys: (number | string)[] = [];
  // Ids in a strictly rising or strictly falling order of numbers (a list by id, oldest or newest first: nearly every
  // list) cannot repeat: such a list needs no set of 100,000 keys to say so.
  let rising = true;
  let falling = true;
  for (const item of document.value as readonly unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    objects++;
    const key = idKeyOf(document, item as Record<string, unknown>);
    if (key === undefined) continue;
    const last = keys.at(-1);
    if (typeof key !== 'number' || (last !== undefined && typeof last !== 'number')) rising = falling = false;
    else if (last !== undefined) {
      rising &&= key > last;
      falling &&= key < last;
    }
    keys.push(key);
  }
  const repeated = new Set<number | string>();
  const distinct = rising || falling ? keys : distinctOf(keys, repeated);
  let ids: bigint[] | undefined;
  return {
    objects, distinct: distinct.length, repeated,
    // As bigints only for a check that asks (MODEL-2 and the list's size need the keys alone).
    get ids() {
      ids ??= distinct.map((key) => BigInt(key));
      return ids;
    },
  };
}

/** `keys` without repeats, in the order of their first appearance; `repeated` gets those that repeat. */
function distinctOf(keys: readonly (number | string)[], repeated: Set<number | string>): (number | string)[] {
  const seen = new Set<number | string>();
  for (const key of keys) {
    if (seen.has(key)) repeated.add(key);
    else seen.add(key);
  }
  return [...seen];
}
