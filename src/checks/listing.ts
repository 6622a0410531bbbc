import type { JsonDocument } from '../json/parse.js';
import type { IdColumn } from '../generators/client-ids.js';
import type { Reply } from '../http/reply.js';
import { categoryRecordOf, idKeyOf, idKeyOfExact, readCategory, sameContent, showContent, type SeenCategory } from '../json/category.js';
import type { CheckContext } from './context.js';
import { problemsMessage } from './problems-message.js';
import { listIdsOf, type IdRange } from '../json/list-ids.js';

/**
 * A list as a check reads it. Lists hold up to hundreds of thousands of Categories and checks look at a few of
 * them: this is a view over the parsed items that reads (exact id, name, description) only the ones asked for.
 */
export class Listed {
  constructor(
    readonly reply: Reply,
    private readonly document: JsonDocument,
    private readonly items: readonly unknown[],
  ) {}

  /** How many Categories (JSON objects) the list shows. */
  get size(): number {
    return listIdsOf(this.document).objects;
  }

  /** The Categories with these exact ids, by id (a list that repeats an id shows it under it more than once). */
  withIds(ids: ReadonlySet<bigint>): ReadonlyMap<bigint, readonly SeenCategory[]> {
    const wanted = new Set([...ids].map(idKeyOfExact));
    const index = new Map<bigint, SeenCategory[]>();
    // Indexed, as every loop over a list's items (see json/list-ids.ts).
    for (let i = 0; i < this.items.length; i++) {
      const record = categoryRecordOf(this.items[i]);
      if (!record || !wanted.has(idKeyOf(this.document, record) ?? NaN)) continue;
      const seen = readCategory(this.document, record) as SeenCategory & { id: bigint };
      const same = index.get(seen.id);
      if (same) same.push(seen);
      else index.set(seen.id, [seen]);
    }
    return index;
  }

  /** The largest id the list shows (at least 0) and the smallest (at most 0): worked out once per list document. */
  idRange(): IdRange {
    return listIdsOf(this.document).range;
  }

  /** The Categories that carry a text in a property (a marker of the run's). */
  carrying(text: string): SeenCategory[] {
    const found: SeenCategory[] = [];
    for (let i = 0; i < this.items.length; i++) {
      const record = categoryRecordOf(this.items[i]);
      if (record && carries(record, text)) found.push(readCategory(this.document, record) as SeenCategory);
    }
    return found;
  }
}

/** Whether a Category carries a text in one of its string properties: where a marker of the run's would be. */
export function carries(record: Readonly<Record<string, unknown>>, text: string): boolean {
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'string' && value.includes(text)) return true;
  }
  return false;
}

/**
 * Reads the list (a new request, or the given reply). A list that is not a 200 JSON array is LIST-1's to report:
 * only LIST-1's own checks fail over it, others skip.
 */
export async function readListed(t: CheckContext, reply?: Reply): Promise<Listed> {
  const listReply = reply ?? (await t.list());
  const { document, items } = t.expectList(listReply);
  return new Listed(listReply, document, items);
}

/**
 * The ids of the categories this run created that a list shows: the ones MODEL-3 aims client ids at, so that on a
 * shared environment a target that honours them overwrites nothing but what the run itself made.
 */
export function runOwnIds(t: CheckContext, listed: Listed): bigint[] {
  return [...listed.withIds(new Set(t.runCreated.keys())).keys()];
}

/**
 * MODEL-3's promise for existing categories: under each id, the list shows exactly what it showed before. A
 * category that is not in the list at all any more is LIST-2's to report (a list that drops old categories).
 */
export function expectUnchanged(t: CheckContext<'MODEL-3'>, before: ReadonlyMap<bigint, readonly SeenCategory[]>, after: Listed): void {
  const changed: string[] = [];
  const vanished: bigint[] = [];
  const shown = after.withIds(new Set(before.keys()));
  const content = t.env.shown;
  for (const [id, was] of before) {
    const now = shown.get(id) ?? [];
    if (now.length === 0 && was.length > 0) vanished.push(id);
    else if (now.length !== was.length || was.some((b) => !now.some((a) => sameContent(a, b, content)))) {
      const shown = (categories: readonly SeenCategory[]) => categories.map((c) => showContent(c, content)).join(', ');
      changed.push(`under id ${id} the list showed ${shown(was) || 'nothing'} and now shows ${shown(now)}`);
    }
  }
  t.expect(changed.length === 0, problemsMessage(changed, 'existing categories changed'), after.reply);
  if (vanished.length > 0) t.skipOver('LIST-2', `${vanished.length} existing categories are no longer listed, e.g. ${vanished[0]}`);
}

/**
 * How far past the listed ids a free id keeps, per column: beyond where a counter gets during the check (a run
 * creates a few hundred categories at most), within the column's range.
 */
const ROOM: Readonly<Record<IdColumn, { readonly least: bigint; readonly spread: bigint; readonly max: bigint }>> = {
  int16: { least: 1_000n, spread: 20_000n, max: 2n ** 15n - 1n },
  int32: { least: 1_000_000n, spread: 1_000_000n, max: 2n ** 31n - 1n },
};

/** The offset of a second free id from the first (see expectSmallIdNotHonoured): past anything a counter takes in between. */
export const SECOND_TRY = 500;

/**
 * An id that fits the column, that no listed category has, and that no counter near the listed ids will reach
 * soon: well past the largest (or before the smallest). Undefined when the column's range has no such room.
 * `offset` spreads generated cases over the room.
 */
export function freeSmallId(listed: Listed, column: IdColumn, offset = 0): bigint | undefined {
  const { least, spread, max } = ROOM[column];
  const { most, lowest } = listed.idRange();
  const room = least + (BigInt(offset) % spread);
  // Past the largest or before the smallest id: no listed category can have it.
  return [most + room, lowest - room].find((c) => c <= max && c >= -max - 1n);
}
