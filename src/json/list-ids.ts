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
  /** The largest id shown, or 0 when none is larger, and the smallest, or 0 when none is smaller. */
  readonly range: IdRange;
}

/** The largest id a list shows (at least 0) and the smallest (at most 0). */
export interface IdRange {
  readonly most: bigint;
  readonly lowest: bigint;
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

// The loops over a list's items are indexed: \`for...of\` makes an iterator result per item until V8 optimizes the
// function, and these run a few times a run each, over lists of up to hundreds of thousands (at 100,000 categories,
// 50 MB of the worker's allocations were such results).
function idsOf(document: JsonDocument): ListIds {
  let objects = 0;
  const keys: (number | string)[] = [];
  // Ids in a strictly rising or strictly falling order of numbers (a list by id, oldest or newest first: nearly every
  // list) cannot repeat: such a list needs no set of 100,000 keys to say so.
  let rising = true;
  let falling = true;
  const items = document.value as readonly unknown[];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
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
  let range: IdRange | undefined;
  return {
    objects, distinct: distinct.length, repeated,
    // Only for a check that asks (MODEL-2 and the list's size need the keys alone).
    get range() {
      range ??= rangeOf(distinct);
      return range;
    },
  };
}

/** The range of ids `keys` show (see idKeyOf): as numbers, but for the ids beyond the doubles' exact range. */
function rangeOf(keys: readonly (number | string)[]): IdRange {
  let most = 0;
  let lowest = 0;
  let mostExact = 0n;
  let lowestExact = 0n;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number | string;
    if (typeof key === 'number') {
      if (key > most) most = key;
      else if (key < lowest) lowest = key;
    } else {
      const id = BigInt(key);
      if (id > mostExact) mostExact = id;
      else if (id < lowestExact) lowestExact = id;
    }
  }
  const mostShown = BigInt(most) > mostExact ? BigInt(most) : mostExact;
  const lowestShown = BigInt(lowest) < lowestExact ? BigInt(lowest) : lowestExact;
  return { most: mostShown, lowest: lowestShown };
}

/** `keys` without repeats, in the order of their first appearance; `repeated` gets those that repeat. */
function distinctOf(keys: readonly (number | string)[], repeated: Set<number | string>): (number | string)[] {
  const seen = new Set<number | string>();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number | string;
    if (seen.has(key)) repeated.add(key);
    else seen.add(key);
  }
  return [...seen];
}
