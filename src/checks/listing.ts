import type { JsonDocument } from '../json/parse.js';
import type { IdColumn } from '../generators/client-ids.js';
import type { Reply } from '../http/reply.js';
import { readCategory, sameContent, showContent, type SeenCategory } from './category.js';
import type { CheckContext } from './context.js';

/** A list as a check reads it: its Categories, and those with an exact id grouped by it. */
export class Listed {
  private index?: Map<bigint, SeenCategory[]>;

  constructor(
    readonly reply: Reply,
    readonly categories: readonly SeenCategory[],
  ) {}

  /** The Categories with an exact id, by it; built on first use (many checks read a list of thousands for less). */
  get byId(): ReadonlyMap<bigint, readonly SeenCategory[]> {
    this.index ??= indexById(this.categories);
    return this.index;
  }

  /** {@link byId} for only these ids: what a check of a few hundred categories needs of a list of 100,000. */
  withIds(ids: ReadonlySet<bigint>): ReadonlyMap<bigint, readonly SeenCategory[]> {
    return this.index ?? indexById(this.categories.filter((c) => c.id !== undefined && ids.has(c.id)));
  }
}

function indexById(categories: readonly SeenCategory[]): Map<bigint, SeenCategory[]> {
  const index = new Map<bigint, SeenCategory[]>();
  for (const seen of categories) {
    if (seen.id === undefined) continue;
    const same = index.get(seen.id);
    if (same) same.push(seen);
    else index.set(seen.id, [seen]);
  }
  return index;
}

/**
 * Reads the list (a new request, or the given reply). A list that is not a 200 JSON array is LIST-1's to report:
 * only LIST-1's own checks fail over it, others skip.
 */
export async function readListed(t: CheckContext, reply?: Reply): Promise<Listed> {
  const listReply = reply ?? (await t.list());
  const { document, items } = t.expectList(listReply);
  let categories = read.get(document);
  if (!categories) {
    const found: SeenCategory[] = [];
    for (const item of items) {
      const seen = readCategory(document, item);
      if (seen) found.push(seen);
    }
    read.set(document, (categories = found));
  }
  return new Listed(listReply, categories);
}

/** Lists already read: a byte-identical body shares its parsed document (see HttpClient), and so its reading. */
const read = new WeakMap<JsonDocument, readonly SeenCategory[]>();

/**
 * MODEL-3's promise for existing categories: under each id, the list shows exactly what it showed before. A
 * category that is not in the list at all any more is LIST-2's to report (a list that drops old categories).
 */
export function expectUnchanged(t: CheckContext, before: ReadonlyMap<bigint, readonly SeenCategory[]>, after: Listed): void {
  const changed: string[] = [];
  const vanished: bigint[] = [];
  for (const [id, was] of before) {
    const now = after.byId.get(id) ?? [];
    if (now.length === 0 && was.length > 0) vanished.push(id);
    else if (now.length !== was.length || was.some((b) => !now.some((a) => sameContent(a, b)))) {
      changed.push(`under id ${id} the list showed ${was.map(showContent).join(', ') || 'nothing'} and now shows ${now.map(showContent).join(', ')}`);
    }
  }
  t.expect(changed.length === 0, `${changed.length} existing categories changed: ${changed.slice(0, 3).join('; ')}`, after.reply);
  t.prerequisite('LIST-2', vanished.length === 0, `${vanished.length} existing categories are no longer listed, e.g. ${vanished[0]}`);
}

/**
 * How far past the listed ids a free id keeps, per column: beyond where a counter gets during the check (a run
 * creates a few hundred categories at most), within the column's range.
 */
const ROOM: Readonly<Record<IdColumn, { readonly least: bigint; readonly spread: bigint; readonly max: bigint }>> = {
  int16: { least: 1_000n, spread: 20_000n, max: 2n ** 15n - 1n },
  int32: { least: 1_000_000n, spread: 1_000_000n, max: 2n ** 31n - 1n },
};

/**
 * An id that fits the column, that no listed category has, and that no counter near the listed ids will reach
 * soon: well past the largest (or before the smallest). Undefined when the column's range has no such room.
 * `offset` spreads generated cases over the room.
 */
export function freeSmallId(listed: Listed, column: IdColumn, offset = 0): bigint | undefined {
  const { least, spread, max } = ROOM[column];
  const ids = [...listed.byId.keys()];
  const most = ids.reduce((a, b) => (b > a ? b : a), 0n);
  const lowest = ids.reduce((a, b) => (b < a ? b : a), 0n);
  const room = least + (BigInt(offset) % spread);
  const candidates = [most + room, lowest - room];
  return candidates.find((c) => c <= max && c >= -max - 1n && !listed.byId.has(c));
}
