import { categoryRecordOf, idKeyOf } from './category.js';
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

// The loops over a list's items are indexed: `for...of` makes an iterator result per item until V8 optimizes the
// function, and these run a few times a run each, over lists of up to hundreds of thousands (at 100,000 categories,
// 50 MB of the worker's allocations were such results).
function idsOf(document: JsonDocument): ListIds {
  const items = document.value as readonly unknown[];
  let objects = 0;
  let ids = 0;
  let last: number | string | undefined;
  // Ids in a strictly rising or strictly falling order of numbers (a list by id, oldest or newest first: nearly every
  // list) cannot repeat: such a list needs no set of 100,000 keys to say so, nor an array of them.
  let rising = true;
  let falling = true;
  const range = new RangeOfIds();
  for (let i = 0; i < items.length; i++) {
    const record = categoryRecordOf(items[i]);
    if (!record) continue;
    objects++;
    const key = idKeyOf(document, record);
    if (key === undefined) continue;
    if (typeof key !== 'number' || (last !== undefined && typeof last !== 'number')) rising = falling = false;
    else if (last !== undefined) {
      rising &&= key > last;
      falling &&= key < last;
    }
    last = key;
    ids++;
    range.add(key);
  }
  const repeated = new Set<number | string>();
  const distinct = rising || falling ? ids : distinctIds(document, items, repeated);
  return { objects, distinct, repeated, range: range.found() };
}

/** How many different ids the items show; `repeated` gets those shown more than once. */
function distinctIds(document: JsonDocument, items: readonly unknown[], repeated: Set<number | string>): number {
  const seen = new Set<number | string>();
  for (let i = 0; i < items.length; i++) {
    const record = categoryRecordOf(items[i]);
    const key = record && idKeyOf(document, record);
    if (key === undefined) continue;
    if (seen.has(key)) repeated.add(key);
    else seen.add(key);
  }
  return seen.size;
}

/** The range of the ids it is given (see idKeyOf): compared as numbers, but for the ids beyond the doubles' exact range. */
class RangeOfIds {
  private most = 0;
  private lowest = 0;
  private mostExact = 0n;
  private lowestExact = 0n;

  add(key: number | string): void {
    if (typeof key === 'number') {
      if (key > this.most) this.most = key;
      else if (key < this.lowest) this.lowest = key;
      return;
    }
    const id = BigInt(key);
    if (id > this.mostExact) this.mostExact = id;
    else if (id < this.lowestExact) this.lowestExact = id;
  }

  found(): IdRange {
    const most = BigInt(this.most);
    const lowest = BigInt(this.lowest);
    return { most: most > this.mostExact ? most : this.mostExact, lowest: lowest < this.lowestExact ? lowest : this.lowestExact };
  }
}
