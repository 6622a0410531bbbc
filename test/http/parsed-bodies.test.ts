import { describe, expect, it } from 'vitest';
import { COMPARED_FROM_BYTES, ParsedBodies, type Parsed } from '../../src/http/parsed-bodies.js';
import { parseJson } from '../../src/json/parse.js';

/** A list text of at least `bytes` bytes: Categories with ids from 1, then `more`. */
function list(bytes: number, more: readonly object[] = []): Buffer {
  const items = Array.from({ length: Math.ceil(bytes / 30) }, (_, i) => ({ id: i + 1, name: `category ${i + 1}` }));
  return Buffer.from(JSON.stringify([...items, ...more]));
}

/** A whole parse that counts its calls. */
function counted() {
  const parse = (bytes: Buffer): Parsed => {
    parse.calls++;
    try {
      return { document: parseJson(bytes.toString('utf8')) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  parse.calls = 0;
  return parse;
}

describe('ParsedBodies', () => {
  it('gives a large body of the last large array\'s bytes that array\'s parse', () => {
    const bodies = new ParsedBodies();
    const parse = counted();
    const first = bodies.parse(list(COMPARED_FROM_BYTES), parse);
    expect(bodies.parse(list(COMPARED_FROM_BYTES), parse)).toBe(first);
    expect(parse.calls).toBe(1);
  });

  it('parses a large array that differs from the last in a stretch as an edit of it, with the whole parse\'s value', () => {
    const bodies = new ParsedBodies();
    const parse = counted();
    const first = bodies.parse(list(COMPARED_FROM_BYTES), parse);
    const grown = list(COMPARED_FROM_BYTES, [{ id: 1e6, name: 'added' }]);
    const second = bodies.parse(grown, parse);
    expect(parse.calls).toBe(1);
    expect(second.document?.value).toStrictEqual(JSON.parse(grown.toString()));
    // The Categories both lists show are the first parse's own.
    expect((second.document?.value as unknown[])[0]).toBe((first.document?.value as unknown[])[0]);
    // And the next is set beside the edited one.
    const again = list(COMPARED_FROM_BYTES, [{ id: 1e6, name: 'added' }, { id: 1e6 + 1, name: 'then' }]);
    expect(bodies.parse(again, parse).document?.value).toStrictEqual(JSON.parse(again.toString()));
    expect(parse.calls).toBe(1);
  });

  it('sets the next body beside the last array, not beside a large object read in between', () => {
    const bodies = new ParsedBodies();
    const parse = counted();
    bodies.parse(list(COMPARED_FROM_BYTES), parse);
    const text = JSON.stringify({ id: 5, name: 'x'.repeat(COMPARED_FROM_BYTES) });
    expect(bodies.parse(Buffer.from(text), parse).document?.value).toStrictEqual(JSON.parse(text));
    bodies.parse(list(COMPARED_FROM_BYTES, [{ id: 1e6 }]), parse);
    expect(parse.calls).toBe(2);
  });

  it('parses a body that is no edit of the last, and every small body, whole and anew', () => {
    const bodies = new ParsedBodies();
    const parse = counted();
    bodies.parse(list(COMPARED_FROM_BYTES), parse);
    const broken = Buffer.concat([list(COMPARED_FROM_BYTES).subarray(0, -1), Buffer.from(',]')]);
    expect(bodies.parse(broken, parse).document).toBeUndefined();
    expect(parse.calls).toBe(2);
    const small = Buffer.from('[1,2,3]');
    expect(bodies.parse(small, parse)).not.toBe(bodies.parse(small, parse));
    expect(parse.calls).toBe(4);
  });

  // Against 100,000 categories the worker held up to 70 MB of lists read and done with, until a full collection.
  it('frees a large body\'s memory once it is done with it, and never that of the last array, whose parse it keeps', () => {
    const bodies = new ParsedBodies();
    const parse = counted();
    const freed = (bytes: Buffer) => bytes.buffer.byteLength === 0;
    const first = list(COMPARED_FROM_BYTES);
    const value = bodies.parse(first, parse).document?.value;
    expect(freed(first)).toBe(false);
    // The same bytes again: the new copy goes.
    const same = list(COMPARED_FROM_BYTES);
    bodies.parse(same, parse);
    expect([freed(same), freed(first)]).toEqual([true, false]);
    // An edit: the last array's bytes go, the edited body's are kept.
    const grown = list(COMPARED_FROM_BYTES, [{ id: 1e6, name: 'added' }]);
    const expected = JSON.parse(grown.toString()) as unknown;
    const edited = bodies.parse(grown, parse).document?.value;
    expect([freed(first), freed(grown)]).toEqual([true, false]);
    // The last array's own bytes given again are its parse, and stay.
    expect(bodies.parse(grown, parse).document?.value).toBe(edited);
    expect(freed(grown)).toBe(false);
    // A large object, parsed whole and not kept: its bytes go, the last array's stay.
    const object = Buffer.from(JSON.stringify({ id: 5, name: 'x'.repeat(COMPARED_FROM_BYTES) }));
    bodies.parse(object, parse);
    expect([freed(object), freed(grown)]).toEqual([true, false]);
    // A body parsed whole: the last array's bytes go.
    const other = Buffer.from(JSON.stringify([{ other: true }, 'x'.repeat(COMPARED_FROM_BYTES)]));
    bodies.parse(other, parse);
    expect([freed(grown), freed(other)]).toEqual([true, false]);
    // What was parsed stays whole, and a body that shares its memory with others is left alone.
    expect(value).toHaveLength(Math.ceil(COMPARED_FROM_BYTES / 30));
    expect(edited).toStrictEqual(expected);
    const shared = Buffer.concat([list(COMPARED_FROM_BYTES), Buffer.from(' ')]).subarray(0, -1);
    bodies.parse(shared, parse);
    bodies.parse(list(COMPARED_FROM_BYTES, [{ id: 7 }]), parse);
    expect(freed(shared)).toBe(false);
  });
});
