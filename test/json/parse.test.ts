import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJson } from '../../src/json/parse.js';

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

  // Before, a text without such a number took JSON.parse, which follows any depth: [[…]] 2,002 deep was accepted, and
  // refused once a 1.5 was added to it. A list parsed as an edit (json/array-edit.ts) parses a stretch of it alone.
  it('accepts and refuses deep nesting the same way on both paths', () => {
    const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
    // Each text without a fraction (the fast path) and with one (the exact path), the same depth.
    for (const [fast, exact, accepted] of [
      [nested(2001), nested(2001, '1.5'), true],
      [nested(2002), nested(2002, '1.5'), false],
      [nested(2000, '"a"'), nested(2000, '"a", 1.5'), true],
      [nested(2001, '"a"'), nested(2001, '"a", 1.5'), false],
      [`{"a":${nested(2001)}}`, `{"a":${nested(2001)},"b":1.5}`, false],
      // Brackets inside strings, after an escaped quote too, are no nesting.
      [`["\\"${'['.repeat(3000)}", "${'{'.repeat(3000)}\\\\"]`, `["\\"${'['.repeat(3000)}", 1.5]`, true],
      [`["\\\\", ${nested(2001)}]`, `["\\\\", ${nested(2001)}, 1.5]`, false],
    ] as const) {
      for (const text of [fast, exact]) {
        if (accepted) expect(parseJson(text).value, text.slice(-12)).toStrictEqual(JSON.parse(text));
        else expect(() => parseJson(text), text.slice(-12)).toThrow(/nesting deeper than 2000/);
      }
    }
  });

  it('says where a syntax error is', () => {
    expect(() => exactly('[1.5, }')).toThrow(/position 6/);
  });
});
