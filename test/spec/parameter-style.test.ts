import { describe, expect, it } from 'vitest';
import { encodeQueryText, readParameter, readsBack, styleWrites, textsOf, valueKind, writeParameter, writesValuesOf } from '../../src/spec/parameter-style.js';
import { nodeOf } from '../../src/spec/schema-node.js';
import type { Parameter } from '../../src/spec/types.js';

/** A parameter named `color`, as OpenAPI's table of style examples has it. */
const color = (place: Parameter['in'], style: Parameter['style'], explode: boolean, allowReserved = false): Parameter =>
  ({ name: 'color', in: place, required: false, style, explode, allowReserved });

const BLUE = 'blue';
const ARRAY = ['blue', 'black', 'brown'];
const OBJECT = { R: 100, G: 200, B: 150 };

/** What the parameter's style writes of a value: the query's text, or the header's value. */
const written = (parameter: Parameter, value: unknown) => writeParameter(parameter, value)?.text;

describe('writeParameter', () => {
  // OpenAPI 3.0.3 §4.7.12.2.2 and 3.1.0 §4.8.12.4, "Style Examples": the rows of the query's and the header's styles,
  // with the `?` and the `&` a query begins and joins with as the URL has them (spaceDelimited's %20 as written there).
  it.each([
    ['form, exploded', color('query', 'form', true), 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
    ['form', color('query', 'form', false), 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
    ['spaceDelimited', color('query', 'spaceDelimited', false), 'color=blue', 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
    ['pipeDelimited', color('query', 'pipeDelimited', false), 'color=blue', 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
    ['deepObject', color('query', 'deepObject', true), undefined, undefined, 'color[R]=100&color[G]=200&color[B]=150'],
    ['simple (a header)', color('header', 'simple', false), 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
    ['simple, exploded (a header)', color('header', 'simple', true), 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ])('%s writes OpenAPI\'s examples exactly', (_, parameter, string, array, object) => {
    expect(written(parameter, BLUE)).toBe(string);
    expect(written(parameter, ARRAY)).toBe(array);
    expect(written(parameter, OBJECT)).toBe(object);
  });

  it('writes an empty text as the table\'s "empty" column does, and an exploded array of delimited styles as repeated pairs', () => {
    expect(written(color('query', 'form', true), '')).toBe('color=');
    expect(written(color('query', 'pipeDelimited', true), ARRAY)).toBe('color=blue&color=black&color=brown');
    expect(written(color('query', 'spaceDelimited', true), ARRAY)).toBe('color=blue&color=black&color=brown');
  });

  it('writes numbers, big integers and booleans as their texts', () => {
    expect(written(color('query', 'form', true), [1, 2n ** 63n - 1n, true, 1.5])).toBe('color=1&color=9223372036854775807&color=true&color=1.5');
  });

  it('writes nothing the styles have no form for: null, empty or nested values, an exploded object of a delimited style, other places and styles', () => {
    const form = color('query', 'form', true);
    for (const value of [null, undefined, [], {}, [['a']], [null], { a: { b: 1 } }, { a: [1] }]) expect(written(form, value), JSON.stringify(value)).toBeUndefined();
    expect(written(color('query', 'pipeDelimited', true), OBJECT)).toBeUndefined();
    expect(written(color('query', 'deepObject', true), ARRAY)).toBeUndefined();
    expect(written(color('query', 'simple', false), BLUE)).toBeUndefined();
    expect(written(color('header', 'form', true), BLUE)).toBeUndefined();
    expect(written(color('cookie', 'form', true), BLUE)).toBeUndefined();
    expect(written(color('path', 'simple', false), BLUE)).toBeUndefined();
  });

  it('percent-encodes a query\'s names, values and items (all but RFC 3986\'s unreserved characters), its delimiters excepted', () => {
    expect(written({ ...color('query', 'form', true), name: 'a b&c' }, 'x=y+z!*\'()é🐕~-._')).toBe('a%20b%26c=x%3Dy%2Bz%21%2A%27%28%29%C3%A9%F0%9F%90%95~-._');
    expect(written(color('query', 'form', false), ['a,b', 'c|d'])).toBe('color=a%2Cb,c%7Cd');
    expect(written(color('query', 'deepObject', true), { 'a[b]': 'c d' })).toBe('color[a%5Bb%5D]=c%20d');
  });

  it('leaves the reserved characters allowReserved allows unencoded, but those that would end a pair or the query, or read as a space', () => {
    expect(written(color('query', 'form', true, true), ':/?@!$\'()*,;&=#+[] ')).toBe('color=:/?@!$\'()*,;%26%3D%23%2B%5B%5D%20');
    expect(encodeQueryText(':/', true)).toBe(':/');
    expect(encodeQueryText(':/')).toBe('%3A%2F');
  });

  it('writes no query text holding a lone surrogate, and no header value holding a character other than visible ASCII, space and tab', () => {
    expect(written(color('query', 'form', true), 'a\ud800')).toBeUndefined();
    expect(written(color('header', 'simple', false), 'café')).toBeUndefined();
    expect(written(color('header', 'simple', false), 'a\nb')).toBeUndefined();
    expect(written(color('header', 'simple', false), 'a b\tc')).toBe('a b\tc');
  });
});

describe('readParameter and readsBack', () => {
  it('read each style\'s examples back as they were written', () => {
    const styles: Parameter[] = [
      color('query', 'form', true), color('query', 'form', false), color('query', 'spaceDelimited', false), color('query', 'pipeDelimited', false),
      color('query', 'deepObject', true), color('header', 'simple', false), color('header', 'simple', true),
    ];
    for (const parameter of styles) {
      for (const value of [BLUE, ARRAY, OBJECT]) {
        const texts = textsOf(value);
        const text = writeParameter(parameter, value);
        if (!texts || !text) continue;
        expect(readParameter(parameter, texts.kind, text), `${parameter.style} ${JSON.stringify(value)}`).toEqual(texts);
        expect(readsBack(parameter, texts.kind, value)).toBe(true);
      }
    }
  });

  it('find an item that holds its delimiter, even encoded, split: a server that decodes before it splits reads another value', () => {
    expect(readsBack(color('query', 'form', false), 'array', ['a,b', 'c'])).toBe(false);
    expect(readsBack(color('query', 'pipeDelimited', false), 'array', ['a|b'])).toBe(false);
    expect(readsBack(color('query', 'spaceDelimited', false), 'array', ['a b'])).toBe(false);
    expect(readsBack(color('query', 'form', true), 'array', ['a,b', 'c|d e'])).toBe(true);
    expect(readsBack(color('query', 'form', false), 'scalar', 'a,b')).toBe(true);
  });

  it('read a header\'s list as RFC 9110 does: elements trimmed, empty ones dropped', () => {
    const header = color('header', 'simple', false);
    expect(readParameter(header, 'array', { in: 'header', name: 'color', text: ' a , ,b,' })).toEqual({ kind: 'array', items: ['a', 'b'] });
    expect(readsBack(header, 'array', [' a', 'b'])).toBe(false);
    expect(readsBack(header, 'array', ['a', ''])).toBe(false);
    expect(readsBack(header, 'scalar', ' a ')).toBe(false);
  });

  it('find a value of another kind than the schema\'s not read back', () => {
    expect(readsBack(color('query', 'form', true), 'array', 'blue')).toBe(false);
    expect(readsBack(color('query', 'form', true), 'scalar', ['blue', 'black'])).toBe(false);
    expect(readsBack(color('query', 'form', false), 'object', ['R', 100, 'G'])).toBe(false);
  });
});

describe('valueKind, styleWrites and writesValuesOf', () => {
  it('take a parameter\'s values as its schema\'s type says', () => {
    expect(valueKind(nodeOf({ type: 'array', items: { type: 'string' } }))).toBe('array');
    expect(valueKind(nodeOf({ type: 'object' }))).toBe('object');
    expect(valueKind(nodeOf({ type: 'integer' }))).toBe('scalar');
    expect(valueKind(nodeOf({}))).toBe('scalar');
  });

  it('say which kinds each style writes where', () => {
    expect(styleWrites(color('query', 'deepObject', true), 'object')).toBe(true);
    expect(styleWrites(color('query', 'deepObject', true), 'array')).toBe(false);
    expect(styleWrites(color('query', 'pipeDelimited', true), 'object')).toBe(false);
    expect(styleWrites(color('query', 'form', true), 'object')).toBe(true);
    expect(styleWrites(color('header', 'simple', true), 'object')).toBe(true);
    expect(styleWrites(color('cookie', 'form', true), 'scalar')).toBe(false);
  });

  it('write values of parameters in the query and in headers given by a schema, not in cookies nor as content', () => {
    expect(writesValuesOf(color('query', 'form', true))).toBe(true);
    expect(writesValuesOf(color('header', 'simple', false))).toBe(true);
    expect(writesValuesOf(color('cookie', 'form', true))).toBe(false);
    expect(writesValuesOf({ ...color('query', 'form', true), contentType: 'application/json' })).toBe(false);
  });
});
