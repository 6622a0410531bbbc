import { describe, expect, it } from 'vitest';
import { LOOKED_UP_FROM_BYTES, ParsedBodies } from '../../src/http/parsed-bodies.js';

/** A JSON array of `bytes` bytes or a little more, its items `item`. */
const arrayOf = (bytes: number, item = '"x"') => Buffer.from(`[${Array.from({ length: Math.ceil(bytes / (item.length + 1)) }, () => item).join(',')}]`);

describe('ParsedBodies', () => {
  it('parses large bodies of the same bytes once, while the parse is held', () => {
    const bodies = new ParsedBodies<{ value: unknown }>();
    let parses = 0;
    const parse = (bytes: Buffer) => {
      parses++;
      return { value: JSON.parse(bytes.toString()) as unknown };
    };
    const first = bodies.parse(arrayOf(LOOKED_UP_FROM_BYTES), parse);
    const again = bodies.parse(arrayOf(LOOKED_UP_FROM_BYTES), parse);
    expect(again).toBe(first);
    const other = bodies.parse(arrayOf(LOOKED_UP_FROM_BYTES, '"y"'), parse);
    expect(other).not.toBe(first);
    expect(other.value).toEqual((JSON.parse(arrayOf(LOOKED_UP_FROM_BYTES, '"y"').toString()) as unknown));
    expect(parses).toBe(2);
  });

  it('parses every small body anew', () => {
    const bodies = new ParsedBodies<{ value: unknown }>();
    const parse = (bytes: Buffer) => ({ value: JSON.parse(bytes.toString()) as unknown });
    const small = Buffer.from('[1,2,3]');
    expect(bodies.parse(small, parse)).not.toBe(bodies.parse(small, parse));
  });
});
