import { describe, expect, it } from 'vitest';
import { depthOf, longestNumberOf, propertiesIn } from '../../src/reference/json-shape.js';

describe('what the reference reads of a body\'s shape', () => {
  it('counts how deep arrays and objects nest, not the brackets inside strings', () => {
    expect(depthOf('{"name":"Dog"}')).toBe(1);
    expect(depthOf('{"a":[[{"b":[]}]],"c":[]}')).toBe(5);
    expect(depthOf('{"name":"[[[{{{\\"[[["}')).toBe(1);
    expect(depthOf(`{"x":${'['.repeat(1000)}${']'.repeat(1000)}}`)).toBe(1001);
  });

  it('finds the longest number, not the digits inside strings', () => {
    expect(longestNumberOf('{"name":"12345678901234567890"}')).toBe(0);
    expect(longestNumberOf('{"id":123,"n":-1.5e10,"s":"\\"99999"}')).toBe(3);
    expect(longestNumberOf(`{"n":${'7'.repeat(5000)}}`)).toBe(5000);
  });

  it('counts the properties of every object, nested ones too', () => {
    expect(propertiesIn({ name: 'Dog' })).toBe(1);
    expect(propertiesIn({ a: { b: 1, c: [{ d: 2 }] } })).toBe(4);
    expect(propertiesIn([1, 'x', null])).toBe(0);
  });
});
