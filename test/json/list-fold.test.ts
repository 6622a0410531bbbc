import { describe, expect, it } from 'vitest';
import { ListFold } from '../../src/json/list-fold.js';
import { listIds } from '../../src/json/list-ids.js';
import { extensionOf, parseJson, parseJsonExtending } from '../../src/json/parse.js';

/** A fold that records which items it was handed, to see what an extension reworks. */
function countingFold() {
  const handed: number[] = [];
  const fold = new ListFold<{ sum: number }>(() => ({ sum: 0 }), (state, items, from) => {
    for (let i = from; i < items.length; i++) {
      handed.push(i);
      state.sum += (items[i] as { id: number }).id;
    }
  });
  return { fold, handed };
}

const list = (ids: number[]) => `[${ids.map((id) => `{"id":${id},"name":"n${id}"}`).join(',')}]`;

describe('ListFold', () => {
  it('works a list that grew at its end out from the list it extends, over the added items only', () => {
    const { fold, handed } = countingFold();
    const first = parseJson(list([1, 2, 3]));
    const grown = parseJsonExtending(first, `[{"id":4,"name":"n4"},{"id":5,"name":"n5"}]`);
    if (!grown) throw new Error('no extension');
    expect(extensionOf(grown)?.from).toBe(3);
    expect(fold.of(first).sum).toBe(6);
    expect(fold.of(grown).sum).toBe(15);
    expect(handed).toEqual([0, 1, 2, 3, 4]);
    // Asked again, each gives what it gave: the extension's own, and the earlier list's worked out anew.
    expect(fold.of(grown).sum).toBe(15);
    expect(fold.of(first).sum).toBe(6);
    expect(handed).toEqual([0, 1, 2, 3, 4, 0, 1, 2]);
  });

  it('works out an extension whose earlier list it never saw, and a list that extends nothing, from their first item', () => {
    const { fold, handed } = countingFold();
    const grown = parseJsonExtending(parseJson(list([1, 2])), `[{"id":3,"name":"n3"}]`);
    if (!grown) throw new Error('no extension');
    expect(fold.of(grown).sum).toBe(6);
    expect(fold.of(parseJson(list([10]))).sum).toBe(10);
    expect(handed).toEqual([0, 1, 2, 0]);
  });
});

describe('listIds', () => {
  it('gives an extension what a list parsed whole would give: objects, ids in order, repeats', () => {
    const first = parseJson(list([3, 1, 3]));
    const grown = parseJsonExtending(first, `[{"id":9223372036854775807,"name":"big"},"not a category",{"id":1,"name":"again"},{"name":"no id"}]`);
    if (!grown) throw new Error('no extension');
    const whole = parseJson(`[{"id":3,"name":"n3"},{"id":1,"name":"n1"},{"id":3,"name":"n3"},{"id":9223372036854775807,"name":"big"},"not a category",{"id":1,"name":"again"},{"name":"no id"}]`);
    const ids = listIds.of(first).ids.slice();
    const folded = listIds.of(grown);
    const fresh = listIds.of(whole);
    expect(folded.objects).toBe(6);
    expect(folded.ids).toEqual([3n, 1n, 9223372036854775807n]);
    expect([...folded.repeated].sort()).toEqual([1, 3]);
    expect({ objects: folded.objects, ids: folded.ids, seen: [...folded.seen], repeated: [...folded.repeated] })
      .toEqual({ objects: fresh.objects, ids: fresh.ids, seen: [...fresh.seen], repeated: [...fresh.repeated] });
    // A copy taken before the list grew keeps what that list showed.
    expect(ids).toEqual([3n, 1n]);
  });
});
