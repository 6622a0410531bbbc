import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { continuationOf, JsonSyntaxError, parseJson, parseJsonExtending } from '../../src/json/parse.js';

/** Forces the exact parser even for texts the fast path would take. */
const exactly = (text: string) => parseJson(text);

describe('parseJson', () => {
  it('gives the same value as JSON.parse for any JSON text, on both paths', () => {
    fc.assert(fc.property(fc.json(), fc.integer({ min: 0, max: 1 }), (text, pad) => {
      // A number with a fraction or 16+ digits anywhere sends a text down the exact path.
      const forced = pad ? `[${text}, 1.5, 1234567890123456]` : text;
      expect(parseJson(forced).value).toStrictEqual(JSON.parse(forced));
    }), { numRuns: 500 });
  });

  it('keeps the source of every inexact number, wherever a value starts, and only of numbers', () => {
    const doc = parseJson('{"name":"v1.5 at 9007199254740993","id" :\n 9007199254740993,"list":[ 1e3,2],"n":-0.5}');
    const value = doc.value as { id: number; list: number[] };
    expect(doc.numberSource(value, 'id')).toBe('9007199254740993');
    expect(doc.numberSource(value.list, 0)).toBe('1e3');
    expect(doc.numberSource(value, 'n')).toBe('-0.5');
    expect(doc.numberSource(value, 'name')).toBeUndefined();
    expect(parseJson('[{"name":"conformance-3e9a-1.5","id":7}]').value).toEqual([{ name: 'conformance-3e9a-1.5', id: 7 }]);
  });

  it('accepts and refuses exactly what JSON.parse does', () => {
    const texts = ['', ' ', '{', '[1,]', '{"a":1,}', "{'a':1}", '{a:1}', '01', '1.', '.5', '-', '+1', '1e', 'tru', 'nul',
      '"\\x"', '"\u0001"', '[1] x', '\ufeff[1]', 'NaN', 'Infinity', '"\\ud800"', '{"__proto__":1}', '[1.5e3, -0, 12345678901234567890]',
      '{"a":1,"a":2}', '  \n\t[ ]  ', '{"a":[{"b":null}]}'];
    for (const text of texts) {
      let expected: unknown;
      let fails = false;
      try {
        expected = JSON.parse(text);
      } catch {
        fails = true;
      }
      const slow = `[${text}, 1.5]`;
      if (fails) {
        expect(() => parseJson(text), text).toThrow(JsonSyntaxError);
        expect(() => JSON.parse(slow)).toThrow();
        expect(() => parseJson(slow), slow).toThrow(JsonSyntaxError);
      } else {
        expect(parseJson(text).value, text).toStrictEqual(expected);
        expect(parseJson(slow).value, slow).toStrictEqual(JSON.parse(slow));
      }
    }
  });

  it('keeps the source of numbers a double cannot hold exactly', () => {
    const doc = parseJson('[{"id":9223372036854775807},{"id":9223372036854775806},{"id":5},{"id":1.0000000000000000001}]');
    const items = doc.value as { id: number }[];
    expect(items[0]?.id).toBe(items[1]?.id); // the doubles collapse...
    expect(doc.numberSource(items[0] as object, 'id')).toBe('9223372036854775807'); // ...the sources do not
    expect(doc.numberSource(items[1] as object, 'id')).toBe('9223372036854775806');
    expect(doc.numberSource(items[2] as object, 'id')).toBeUndefined();
    expect(doc.numberSource(items[3] as object, 'id')).toBe('1.0000000000000000001');
  });

  it('keeps "__proto__" as an own property and the last of repeated keys, like JSON.parse', () => {
    const doc = parseJson('{"__proto__":{"x":1},"a":12345678901234567,"a":2}');
    const value = doc.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(value['a']).toBe(2);
    expect(doc.numberSource(value, 'a')).toBeUndefined();
  });

  it('refuses nesting deeper than it can follow, with a message', () => {
    const deep = `${'['.repeat(5000)}1.5${']'.repeat(5000)}`;
    expect(() => parseJson(deep)).toThrow(/nesting deeper/);
  });

  it('says where a syntax error is', () => {
    expect(() => exactly('[1.5, }')).toThrow(/position 6/);
  });
});

describe('parseJsonExtending', () => {
  /** Every container of a value, with its keys: where numberSource can be asked. */
  const places = (value: unknown, out: [object, string | number][] = []): [object, string | number][] => {
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        out.push([value, Array.isArray(value) ? Number(key) : key]);
        places(child, out);
      }
    }
    return out;
  };
  /** The document of `[a..., b...]` made from `[a...]`'s and the text of b's items, and that of the whole text. */
  const both = (a: string, b: string) => {
    const whole = `${a.replace(/\s*\]\s*$/, '')},${b.replace(/^\s*\[/, '')}`;
    return { extended: parseJsonExtending(parseJson(a), `[${b.replace(/^\s*\[/, '')}`), whole: parseJson(whole) };
  };

  it('gives the value of the whole text, sharing the earlier items', () => {
    fc.assert(fc.property(fc.array(fc.jsonValue(), { minLength: 1 }), fc.array(fc.jsonValue(), { minLength: 1 }), (a, b) => {
      const earlier = parseJson(JSON.stringify(a));
      const extended = parseJsonExtending(earlier, JSON.stringify(b));
      expect(extended?.value).toStrictEqual(JSON.parse(JSON.stringify([...a, ...b])));
      const items = extended?.value as unknown[];
      (earlier.value as unknown[]).forEach((item, i) => expect(items[i]).toBe(item));
    }), { numRuns: 300 });
  });

  it('keeps the source of every inexact number, earlier and added, as the whole text\'s parse does', () => {
    const { extended, whole } = both('[{"id":9223372036854775807,"n":1.0}, 12345678901234567890 , [1e3] ]', '[ 1.5, {"id":-9223372036854775809}, 7, [2, 1e400]]');
    expect(extended?.value).toStrictEqual(whole.value);
    const value = extended?.value;
    const wholePlaces = places(whole.value);
    const found = places(value).map(([container, key]) => extended?.numberSource(container, key));
    expect(found).toEqual(wholePlaces.map(([container, key]) => whole.numberSource(container, key)));
    expect(found.filter((s) => s !== undefined)).toEqual(['9223372036854775807', '1.0', '12345678901234567890', '1e3', '1.5', '-9223372036854775809', '1e400']);
  });

  it('extended again and again, finds every source as the whole text\'s parse does, by number index only', () => {
    const parts = ['[1.5, {"id":9223372036854775807}]', '[2, 3]', '[{"id":12345678901234567890}, 1e3]', '[4]'];
    let document = parseJson(parts[0] as string);
    let text = parts[0] as string;
    for (const part of parts.slice(1)) {
      document = parseJsonExtending(document, part) as typeof document;
      text = `${text.slice(0, -1)},${part.slice(1)}`;
      const whole = parseJson(text);
      expect(document.value).toStrictEqual(whole.value);
      const wholePlaces = places(whole.value);
      expect(places(document.value).map(([c, k]) => document.numberSource(c, k))).toEqual(wholePlaces.map(([c, k]) => whole.numberSource(c, k)));
    }
    const items = document.value as unknown[];
    expect(document.numberSource(items, 0)).toBe('1.5');
    expect(document.numberSource(items, 5)).toBe('1e3');
    expect(document.numberSource(items, '5')).toBeUndefined();
  });

  it('is no extension when nothing is added, and refuses added text that is not well-formed', () => {
    expect(parseJsonExtending(parseJson('[1]'), '[]')).toBeUndefined();
    expect(() => parseJsonExtending(parseJson('[1]'), '[2,]')).toThrow(JsonSyntaxError);
    expect(() => parseJsonExtending(parseJson('[1]'), '[2] x')).toThrow(JsonSyntaxError);
  });
});

describe('continuationOf', () => {
  const at = (earlier: string, text: string) => continuationOf(Buffer.from(earlier), Buffer.from(text));
  it('finds the comma after the earlier list\'s last item, whitespace and all', () => {
    expect(at('[1,2]', '[1,2,3]')).toBe(4);
    expect(at('[ {"a":1} ]\n', '[ {"a":1} , {"b":2}]')).toBe(10);
    expect(at('[[1]]', '[[1],[2]]')).toBe(4);
  });

  it('finds none where the earlier text is no list with items, or the text does not go on from its last item', () => {
    expect(at('[]', '[1]')).toBeUndefined();
    expect(at('{"a":[1]}', '{"a":[1],"b":2}')).toBeUndefined();
    expect(at('[1]', '[12,3]')).toBeUndefined();
    expect(at('[1,2]', '[1,3,2]')).toBeUndefined();
    expect(at('[1,2]', '[1,2]')).toBeUndefined();
    expect(at('[1,2]', '[1,2')).toBeUndefined();
    expect(at(']', ',')).toBeUndefined();
  });
});
