import { describe, expect, it } from 'vitest';
import { listIdsOf } from '../../src/json/list-ids.js';
import { parseJson } from '../../src/json/parse.js';

describe('listIdsOf', () => {
  it('counts the objects and the distinct exact ids, and names the repeated ones', () => {
    const ids = listIdsOf(parseJson('[{"id":3},{"id":9007199254740993},"x",{"id":1},{"id":3},{"name":"no id"},[],{"id":9007199254740993}]'));
    expect(ids.objects).toBe(6);
    expect(ids.range).toEqual({ most: 9007199254740993n, lowest: 0n });
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
      expect(found.distinct, text).toBe(ids.length);
      expect(found.range, text).toEqual({ most: ids.reduce((a, b) => (b > a ? b : a), 0n), lowest: ids.reduce((a, b) => (b < a ? b : a), 0n) });
    }
  });

  it('works a document out once, its range the same object each time it is asked for', () => {
    const document = parseJson('[{"id":-2},{"id":7}]');
    const first = listIdsOf(document);
    expect(listIdsOf(document)).toBe(first);
    expect(first.range).toBe(first.range);
    expect(first.range).toEqual({ most: 7n, lowest: -2n });
  });

  it('gives the range of ids on both sides of the doubles\' exact range, exactly, and 0 where a side has none', () => {
    for (const [text, most, lowest] of [
      ['[]', 0n, 0n],
      ['[{"name":"no id"},"x"]', 0n, 0n],
      ['[{"id":5},{"id":12}]', 12n, 0n],
      ['[{"id":-5},{"id":-12}]', 0n, -12n],
      ['[{"id":9007199254740995},{"id":9007199254740993},{"id":4}]', 9007199254740995n, 0n],
      ['[{"id":-9007199254740995},{"id":-3},{"id":9007199254740991}]', 9007199254740991n, -9007199254740995n],
      ['[{"id":9223372036854775807},{"id":-9223372036854775808},{"id":1}]', 9223372036854775807n, -9223372036854775808n],
    ] as const) {
      expect(listIdsOf(parseJson(text)).range, text).toEqual({ most, lowest });
    }
  });
});
