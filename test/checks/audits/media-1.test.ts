import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { media1 } from '../../../src/checks/audits/media-1.js';
import { errorBody, judged, replyOf, spec } from '../../support/exchanges.js';

describe('MEDIA-1 audit', () => {
  it('keeps a JSON body served as application/json, with parameters, in any letter case, among framework headers', () => {
    expect(judged(media1, { json: [] })).toEqual([]);
    const headers = { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'Express', etag: 'W/"2-l9Fw4VUO7kr8CvBlt4zaMCqXZ0w"' };
    expect(judged(media1, { json: [{ id: 1, name: 'Dog' }], headers })).toEqual([]);
    expect(judged(media1, { status: 401, json: errorBody(401), headers: { 'content-type': 'Application/JSON;charset=UTF-8' } })).toEqual([]);
    expect(judged(media1, { json: [], headers: { 'content-type': 'application/json', 'content-encoding': 'identity' } })).toEqual([]);
    expect(judged(media1, { raw: '[{"name":"Gr\u00fcn"}]' })).toEqual([]);
  });

  it('fails a body served as another media type, or with none', () => {
    expect(judged(media1, { json: [], headers: { 'content-type': 'text/plain; charset=utf-8' } }))
      .toEqual(['the body is served as "text/plain; charset=utf-8", not application/json']);
    expect(judged(media1, { json: [], headers: {} })).toEqual(['the body has no Content-Type']);
  });

  it('fails a body encoded though the request asked for identity', () => {
    expect(judged(media1, { json: [], headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }))
      .toEqual(['the body is encoded with "gzip", which the request did not ask for']);
  });

  it('fails a body that is not one well-formed JSON value, saying why', () => {
    expect(judged(media1, { raw: '[1,]' })).toEqual([expect.stringMatching(/^the body is not well-formed JSON: /)]);
    expect(judged(media1, { raw: '\ufeff[]' })).toEqual(['the body starts with a byte order mark (RFC 8259 §8.1 forbids it)']);
    expect(judged(media1, { raw: Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d]) })).toEqual(['the body is not valid UTF-8']);
  });

  it('names every problem of one body', () => {
    expect(judged(media1, { raw: '<html></html>', headers: { 'content-type': 'text/html' } })).toEqual([
      'the body is served as "text/html", not application/json',
      expect.stringMatching(/^the body is not well-formed JSON/),
    ]);
  });

  it('fails a response the spec gives a body that came without one', () => {
    expect(judged(media1, { status: 200 })).toEqual(["the 200 has no body, but the spec gives listCategories's 200 a JSON body"]);
    expect(judged(media1, { operation: spec.create, status: 401, credential: 'none' }))
      .toEqual(["the 401 has no body, but the spec gives createCategory's 401 a JSON body"]);
  });

  it('leaves an empty answer the spec gives no body, and no response at all', () => {
    expect(judged(media1, { status: 204 })).toBe(NOT_APPLICABLE);
    expect(judged(media1, { status: 301, headers: { location: '/v1/categories/' } })).toBe(NOT_APPLICABLE);
    expect(judged(media1, { transportError: { code: 'CONNECTION_RESET', phase: 'body', message: 'reset' } })).toBe(NOT_APPLICABLE);
  });
});

describe('MEDIA-1 owns', () => {
  it('a body that is not JSON, as a check meets it, and nothing else', () => {
    const reply = replyOf({ id: 'model-4', raw: '{' });
    expect(media1.owns?.({ kind: 'not JSON', reply, error: 'the body is not well-formed JSON: x' })).toBe('in model-4 the body is not well-formed JSON: x');
    expect(media1.owns?.({ kind: 'not a list', reply, problem: 'the list answered 404 in model-4' })).toBeUndefined();
  });
});
