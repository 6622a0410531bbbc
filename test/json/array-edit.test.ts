import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayLayoutOf, parseArrayEdit, type ParsedArray } from '../../src/json/array-edit.js';
import { parseJson, type JsonDocument } from '../../src/json/parse.js';

/** An array text parsed whole, as a base to edit. */
function parsedWhole(text: string): ParsedArray {
  const bytes = Buffer.from(text, 'utf8');
  return { bytes, document: parseJson(text), layout: arrayLayoutOf(bytes) };
}

/** Every (container, key) of a value that holds a number, with the container. */
function numberPlaces(value: unknown, places: [object, string | number][] = []): [object, string | number][] {
  if (typeof value !== 'object' || value === null) return places;
  for (const [key, member] of Object.entries(value)) {
    const at = Array.isArray(value) ? Number(key) : key;
    if (typeof member === 'number') places.push([value, at]);
    else numberPlaces(member, places);
  }
  return places;
}

/** The number sources of a document, in the order of its places. */
const sourcesOf = (document: JsonDocument) => numberPlaces(document.value).map(([container, key]) => document.numberSource(container, key));

/** Asserts that the edit gave what a whole parse of `text` gives: values, number sources and layout. */
function expectAsWhole(edited: ParsedArray, text: string): void {
  const whole = parsedWhole(text);
  expect(edited.document.value).toStrictEqual(whole.document.value);
  expect(sourcesOf(edited.document)).toEqual(sourcesOf(whole.document));
  expect(edited.layout).toEqual(whole.layout);
}

const NUMBER = '\u0000#\u0001';

/** Array texts: elements that are any JSON value, big and inexact numbers among them, written tight or spaced out. */
const element = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue({ stringUnit: 'binary' }),
  fc.record({ id: fc.oneof(fc.integer(), fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map((n) => `${NUMBER}${n}`)), name: fc.string() }),
  fc.constantFrom('1.5', '12345678901234567890', '1e400', '-0.0', '0.1').map((source) => `${NUMBER}${source}`),
);
/** A value as JSON text; a string starting with NUMBER stands for the number whose source follows. */
const asText = (value: unknown, space: number) => JSON.stringify(value, null, space).replace(/"\\u0000#\\u0001([^"]*)"/g, '$1');

describe('parseArrayEdit', () => {
  it('gives what a whole parse gives, for any array with any stretch of elements replaced, edit after edit', () => {
    const edit = fc.record({ at: fc.nat(), removed: fc.nat({ max: 4 }), added: fc.array(element, { maxLength: 4 }) });
    let editsMade = 0;
    fc.assert(fc.property(fc.array(element, { maxLength: 12 }), fc.array(edit, { minLength: 1, maxLength: 3 }), fc.constantFrom(0, 1), (items, edits, space) => {
      let base = parsedWhole(asText(items, space));
      let current = [...items];
      for (const { at, removed, added } of edits) {
        const from = current.length ? at % (current.length + 1) : 0;
        current = [...current.slice(0, from), ...added, ...current.slice(from + removed)];
        const text = asText(current, space);
        const edited = parseArrayEdit(base, Buffer.from(text, 'utf8'));
        if (edited) {
          expectAsWhole(edited, text);
          editsMade++;
        }
        base = edited ?? parsedWhole(text);
      }
    }), { numRuns: 400 });
    // Most edits keep an element, and are made as edits, not whole parses.
    expect(editsMade).toBeGreaterThan(400);
  });

  it('keeps the elements before and after the stretch, shared with the earlier document', () => {
    const earlier = parsedWhole('[{"id":1,"name":"a"}, {"id":2,"name":"b,]\\"{"}, {"id":3,"name":"c"}]');
    const cases = [
      '[{"id":1,"name":"a"}, {"id":2,"name":"b,]\\"{"}, {"id":3,"name":"c"}, {"id":4,"name":"d"}]', // added at the end
      '[{"id":0,"name":"z"}, {"id":1,"name":"a"}, {"id":2,"name":"b,]\\"{"}, {"id":3,"name":"c"}]', // at the start
      '[{"id":1,"name":"a"}, {"id":2,"name":"Ünï"}, {"id":3,"name":"c"}]', // one replaced, not ASCII
    ];
    for (const text of cases) {
      const edited = parseArrayEdit(earlier, Buffer.from(text, 'utf8'));
      expect(edited, text).toBeDefined();
      expectAsWhole(edited as ParsedArray, text);
      const before = earlier.document.value as object[];
      const after = (edited as ParsedArray).document.value as object[];
      expect(after.filter((item) => before.includes(item)).length, text).toBeGreaterThan(0);
    }
  });

  it('keeps the source of a big id in a kept element, an added one and a number element', () => {
    const earlier = parsedWhole('[{"id":9223372036854775807},{"id":2}, 1.5]');
    const text = '[{"id":9223372036854775807},{"id":2}, 1.5, {"id":9223372036854775806}, 0.25]';
    const edited = parseArrayEdit(earlier, Buffer.from(text)) as ParsedArray;
    expect(edited).toBeDefined();
    const items = edited.document.value as [object, object, number, object, number];
    expect(edited.document.numberSource(items[0], 'id')).toBe('9223372036854775807');
    expect(edited.document.numberSource(items[3], 'id')).toBe('9223372036854775806');
    expect(edited.document.numberSource(items, 2)).toBe('1.5');
    expect(edited.document.numberSource(items, 4)).toBe('0.25');
    expect(edited.document.numberSource(items[1], 'id')).toBeUndefined();
  });

  it('gives nothing for a text that is not well-formed, or where a stretch would join what is kept', () => {
    const earlier = parsedWhole('[1, 22, {"a":[3]}, "x"]');
    for (const text of [
      '[1, 22, {"a":[3]}, "x"', // unclosed
      '[1, 22, {"a":[3]}, "x",]', // a trailing comma
      '[1, 22, [{"a":[3]}, "x"]', // the rest nested one deeper
      '[1, 22, "{"a":[3]}, "x"]', // the rest inside a string
      '[1, 22, {"a":[3]}, "x"] 5', // something after the array
      '[1, 22 {"a":[3]}, "x"]', // a comma dropped
    ]) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(parseArrayEdit(earlier, Buffer.from(text)), text).toBeUndefined();
    }
    // A digit added to a kept number is a new element's text, parsed as such.
    const longer = '[1, 227, {"a":[3]}, "x"]';
    expectAsWhole(parseArrayEdit(earlier, Buffer.from(longer)) as ParsedArray, longer);
    // Nothing kept: parsed whole instead.
    expect(parseArrayEdit(earlier, Buffer.from('{"a":1}'))).toBeUndefined();
  });

  // Found by a review's fuzzing, each with one safeguard of the edit taken away.
  it('gives what a whole parse gives where an edit meets the closing bracket or a number\'s sign', () => {
    for (const [earlier, text] of [
      ['[-42]\n', '[-42]'], // the same elements, the bracket moved
      ['[394,1234567890123456]', '[394,-1234567890123456]'], // the rest of the text shared, but not the element's first byte
    ]) {
      const edited = parseArrayEdit(parsedWhole(earlier as string), Buffer.from(text as string));
      if (edited) expectAsWhole(edited, text as string);
    }
    expect(parseArrayEdit(parsedWhole('[\t409\r, 0.1\n]'), Buffer.from('[\t409\r'))).toBeUndefined(); // cut short
  });

  // parseJson refuses a value nested deeper than 2000 on either of its paths: a stretch parsed alone is judged as the whole.
  it('refuses a stretch nested too deep, whichever path the whole text or the stretch takes', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}"a"${']'.repeat(depth)}`;
    for (const [earlier, text] of [
      ['[1.5,2]', `[1.5,${nested(2000)},2]`],
      [`[${nested(1999)},2]`, `[${nested(1999)},0.5,${nested(2000)},2]`],
    ]) {
      expect(() => parseJson(text as string)).toThrow(/nesting deeper/);
      expect(parseArrayEdit(parsedWhole(earlier as string), Buffer.from(text as string))).toBeUndefined();
    }
  });

  it('gives nothing where the stretch is not UTF-8', () => {
    const earlier = parsedWhole('["a","b"]');
    expect(parseArrayEdit(earlier, Buffer.concat([Buffer.from('["a","'), Buffer.from([0xff]), Buffer.from('","b"]')]))).toBeUndefined();
  });
});

describe('arrayLayoutOf', () => {
  it('finds each element, spaces trimmed, strings with brackets, commas and escaped quotes included', () => {
    const text = ' [ 1 ,"a,]\\\\", {"b":"}\\"]"} ,[[]],\n null ] ';
    const layout = arrayLayoutOf(Buffer.from(text));
    const elements = [...layout.starts].map((start, i) => text.slice(start, layout.ends[i]));
    expect(elements).toEqual(['1', '"a,]\\\\"', '{"b":"}\\"]"}', '[[]]', 'null']);
    expect([text[layout.open], text[layout.close]]).toEqual(['[', ']']);
    expect(arrayLayoutOf(Buffer.from('[ ]')).starts.length).toBe(0);
  });
});
