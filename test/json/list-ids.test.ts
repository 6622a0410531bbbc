import { describe, expect, it } from 'vitest';
import { listIdsOf } from '../../src/json/list-ids.js';
import { parseJson } from '../../src/json/parse.js';

describe('listIdsOf', () => {
  it('counts the objects, and gives each exact id once, in the order the list first shows it', () => {
    const ids = listIdsOf(parseJson('[{"id":3},{"id":9007199254740993},"x",{"id":1},{"id":3},{"name":"no id"},[],{"id":9007199254740993}]'));
    expect(ids.objects).toBe(6);
    expect(ids.ids).toEqual([3n, 9007199254740993n, 1n]);
    expect(ids.distinct).toBe(3);
    expect([...ids.repeated]).toEqual([3, '9007199254740993']);
  });

  it('finds no repeat in a list whose ids rise or fall, and finds one anywhere else', () => {
    for (const [text, repeated, ids] of [
      ['[{"id":1},{"id":2},{"id":9007199254740993}]', [], [1n, 2n, 9007199254740993n]],
      ['[{"id":5},{"id":3},{"id":-1}]', [], [5n, 3n, -1n]],
      ['[{"id":1},{"id":2},{"id":2}]', [2], [1n, 2n]],
      ['[{"id":3},{"id":1},{"id":2},{"id":1}]', [1], [3n, 1n, 2n]],
      ['[{"id":1},{"id":"1"},{"id":2},{"id":1.0}]', [1], [1n, 2n]],
    ] as const) {
      const found = listIdsOf(parseJson(text));
      expect([...found.repeated], text).toEqual(repeated);
      expect(found.ids, text).toEqual(ids);
      expect(found.distinct, text).toBe(ids.length);
    }
  });

  it('works a document out once, its ids as bigints the same array each time they are asked for', () => {
    const document = parseJson('[{"id":-2},{"id":7}]');
    const first = listIdsOf(document);
    expect(listIdsOf(document)).toBe(first);
    expect(first.ids).toBe(first.ids);
    expect(first.ids).toEqual([-2n, 7n]);
  });
});
