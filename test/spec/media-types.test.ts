import { describe, expect, it } from 'vitest';
import { acceptOf, bodyMediaTypeOf, essenceOf, isJsonMediaType, isJsonRange, jsonMediaTypesIn, servedAs, takesMediaType, withCharset } from '../../src/spec/media-types.js';

const VENDOR = 'application/vnd.petstore.v1+json';

describe('media types as a spec writes them', () => {
  it('tells JSON ones: application/json and application/…+json, in any letter case, with parameters', () => {
    for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', VENDOR,
      `${VENDOR}; version=1`, 'application/problem+json', ' application/json ']) {
      expect(isJsonMediaType(type), type).toBe(true);
    }
    for (const type of ['text/json', 'application/jsonp', 'application/json-seq', 'application/problem+xml', 'application/x-www-form-urlencoded',
      'text/plain', 'application/*', '*/*', 'application/+json']) {
      expect(isJsonMediaType(type), type).toBe(false);
    }
  });

  it('lists a content map\'s JSON types as written, in its order', () => {
    expect(jsonMediaTypesIn({ 'text/plain': {}, [`${VENDOR}; charset=utf-8`]: {}, 'application/xml': {}, 'application/json': {} }))
      .toEqual([`${VENDOR}; charset=utf-8`, 'application/json']);
    expect(jsonMediaTypesIn(undefined)).toEqual([]);
  });

  it('compares them by type and subtype, in lower case, parameters aside', () => {
    expect(essenceOf('Application/Vnd.Petstore.V1+JSON ; Charset=UTF-8')).toBe(VENDOR);
    expect(essenceOf('application/json')).toBe('application/json');
  });

  it('adds a charset in either spelling, replacing one written, keeping other parameters', () => {
    expect([withCharset('application/json', 'spaced'), withCharset('application/json', 'tight')])
      .toEqual(['application/json; charset=utf-8', 'application/json;charset=UTF-8']);
    expect(withCharset(`${VENDOR}; charset=iso-8859-1`, 'spaced')).toBe(`${VENDOR}; charset=utf-8`);
    expect(withCharset(`${VENDOR};version=2`, 'tight')).toBe(`${VENDOR}; version=2;charset=UTF-8`);
  });
});

describe('the media types of an operation\'s requests', () => {
  const operation = {
    requestMediaTypes: [`${VENDOR}; charset=utf-8`, 'application/json'],
    otherRequestMediaTypes: ['application/x-www-form-urlencoded'],
    responseMediaTypes: { '201': [VENDOR], '400': ['application/problem+json'], '401': ['application/json', 'Application/Problem+JSON; charset=utf-8'] },
  };

  it('sends a body as the first JSON type the spec names, as written; application/json where it names none', () => {
    expect(bodyMediaTypeOf(operation)).toBe(`${VENDOR}; charset=utf-8`);
    expect(bodyMediaTypeOf({ requestMediaTypes: [] })).toBe('application/json');
  });

  it('accepts the JSON types the spec documents for the responses, each once, without parameters; application/json where it documents none', () => {
    expect(acceptOf(operation)).toBe(`${VENDOR}, application/problem+json, application/json`);
    expect(acceptOf({ responseMediaTypes: { '200': ['application/json'], '401': ['application/json'] } })).toBe('application/json');
    expect(acceptOf({ responseMediaTypes: {} })).toBe('application/json');
  });

  it('knows the types the spec names for the body, JSON or not, parameters and letter case aside', () => {
    expect(['application/json', VENDOR.toUpperCase(), 'application/x-www-form-urlencoded; charset=utf-8'].map((t) => takesMediaType(operation, t))).toEqual([true, true, true]);
    expect(['text/plain', 'application/problem+json'].map((t) => takesMediaType(operation, t))).toEqual([false, false]);
  });
});

describe('media ranges that take JSON', () => {
  it('are a content map\'s JSON types where it names none (springdoc writes */* where a controller names no type)', () => {
    expect(jsonMediaTypesIn({ '*/*': {} })).toEqual(['*/*']);
    expect(jsonMediaTypesIn({ 'application/*': {}, 'text/plain': {} })).toEqual(['application/*']);
    expect(jsonMediaTypesIn({ '*/*': {}, 'application/json': {} })).toEqual(['application/json']);
    expect(isJsonRange('*/*')).toBe(true);
    expect(isJsonRange('text/*')).toBe(false);
  });

  it('take a body served as any JSON type, and only a JSON type', () => {
    expect(servedAs('application/json; charset=utf-8', '*/*')).toBe(true);
    expect(servedAs('application/problem+json', 'application/*')).toBe(true);
    expect(servedAs('text/html', '*/*')).toBe(false);
    expect(servedAs('Application/JSON', 'application/json')).toBe(true);
    expect(servedAs('application/json', 'application/vnd.petstore.v1+json')).toBe(false);
  });
});
