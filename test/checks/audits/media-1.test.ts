import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { media1 } from '../../../src/checks/audits/media-1.js';
import type { Operation } from '../../../src/spec/types.js';
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
      .toEqual(['the body is served as "text/plain; charset=utf-8", not application/json, which the spec documents for listCategories\'s 200']);
    expect(judged(media1, { json: [], headers: {} })).toEqual(['the body has no Content-Type']);
    // A JSON type the bundled spec does not name is not application/json.
    expect(judged(media1, { json: [], headers: { 'content-type': 'application/vnd.petstore.v1+json' } }))
      .toEqual(['the body is served as "application/vnd.petstore.v1+json", not application/json, which the spec documents for listCategories\'s 200']);
  });

  it('holds a status the spec documents no JSON body for to application/json: an undocumented 4xx, a path variant', () => {
    expect(judged(media1, { operation: spec.pet, status: 404, json: errorBody(404) })).toEqual([]);
    expect(judged(media1, { operation: spec.pet, status: 404, json: errorBody(404), headers: { 'content-type': 'application/problem+json' } }))
      .toEqual(['the body is served as "application/problem+json", not application/json']);
    expect(judged(media1, { operation: spec.createVariant, status: 404, json: errorBody(404), headers: { 'content-type': 'text/html' } }))
      .toEqual(['the body is served as "text/html", not application/json']);
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
      'the body is served as "text/html", not application/json, which the spec documents for listCategories\'s 200',
      expect.stringMatching(/^the body is not well-formed JSON/),
    ]);
  });

  it('fails a response the spec gives a body that came without one', () => {
    expect(judged(media1, { status: 200 })).toEqual(["the 200 has no body, but the spec gives listCategories's 200 a JSON body"]);
    expect(judged(media1, { operation: spec.create, status: 401, credential: 'none' }))
      .toEqual(["the 401 has no body, but the spec gives createCategory's 401 a JSON body"]);
  });

  it('fails a response the contract gives a body that came without one, where the spec gives it none (a 201 without its Category)', () => {
    const create = { ...spec.create, statusesWithBody: ['400', '401'] };
    expect(judged(media1, { operation: create, status: 201 })).toEqual(["the 201 has no body, but the contract gives createCategory's 201 a JSON body"]);
  });

  it('leaves an empty answer the spec gives no body, and no response at all', () => {
    expect(judged(media1, { status: 204 })).toBe(NOT_APPLICABLE);
    expect(judged(media1, { status: 301, headers: { location: '/v1/categories/' } })).toBe(NOT_APPLICABLE);
    expect(judged(media1, { transportError: { code: 'CONNECTION_RESET', phase: 'body', message: 'reset' } })).toBe(NOT_APPLICABLE);
  });
});

describe('MEDIA-1 audit, with the media types a spec documents', () => {
  const VENDOR = 'application/vnd.petstore.v1+json';
  // A create whose 201 is the vendor type, whose 400 is a problem and whose 401 may be either, beside a 4XX range and a
  // default without content; a 422 it documents without a body.
  const create: Operation = {
    ...spec.create,
    documentedStatuses: ['201', '400', '401', '422', '4XX', 'default'],
    responseMediaTypes: { '201': [`${VENDOR}; charset=utf-8`], '400': ['application/problem+json'], '401': ['application/json', 'application/problem+json'], '4XX': ['application/problem+json'] },
  };

  it('keeps a body served as a JSON type the spec documents for its status, in any letter case, with parameters', () => {
    expect(judged(media1, { operation: create, status: 201, json: { id: 1, name: 'Dog' }, headers: { 'content-type': VENDOR } })).toEqual([]);
    expect(judged(media1, { operation: create, status: 201, json: { id: 1, name: 'Dog' }, headers: { 'content-type': 'Application/Vnd.Petstore.V1+JSON;charset=UTF-8' } })).toEqual([]);
    expect(judged(media1, { operation: create, status: 400, json: errorBody(400), headers: { 'content-type': 'application/problem+json' } })).toEqual([]);
    expect(judged(media1, { operation: create, status: 401, json: errorBody(401), headers: { 'content-type': 'application/json' } })).toEqual([]);
    expect(judged(media1, { operation: create, status: 401, json: errorBody(401), headers: { 'content-type': 'application/problem+json; charset=utf-8' } })).toEqual([]);
    expect(judged(media1, { operation: create, status: 409, json: errorBody(409), headers: { 'content-type': 'application/problem+json' } })).toEqual([]);
  });

  it('fails a body served as a JSON type the spec does not document for its status, application/json included', () => {
    expect(judged(media1, { operation: create, status: 201, json: { id: 1, name: 'Dog' }, headers: { 'content-type': 'application/json; charset=utf-8' } }))
      .toEqual([`the body is served as "application/json; charset=utf-8", not ${VENDOR}, which the spec documents for createCategory's 201`]);
    expect(judged(media1, { operation: create, status: 400, json: errorBody(400), headers: { 'content-type': 'application/json' } }))
      .toEqual(['the body is served as "application/json", not application/problem+json, which the spec documents for createCategory\'s 400']);
    expect(judged(media1, { operation: create, status: 401, json: errorBody(401), headers: { 'content-type': VENDOR } }))
      .toEqual([`the body is served as "${VENDOR}", not application/json or application/problem+json, which the spec documents for createCategory's 401`]);
    // The range's documented type, not the 401's: 4XX covers a 409.
    expect(judged(media1, { operation: create, status: 409, json: errorBody(409), headers: { 'content-type': 'application/json' } }))
      .toEqual(['the body is served as "application/json", not application/problem+json, which the spec documents for createCategory\'s 4XX']);
  });

  it('takes, for a status documented without a JSON body, application/json or a JSON type the spec documents for the operation, and no other', () => {
    const errors = { ...create, documentedStatuses: ['201', '400', '401', '422', 'default'], responseMediaTypes: { ...create.responseMediaTypes, '4XX': [] } };
    expect(judged(media1, { operation: errors, status: 422, json: errorBody(422), headers: { 'content-type': 'application/json' } })).toEqual([]);
    expect(judged(media1, { operation: errors, status: 422, json: errorBody(422), headers: { 'content-type': 'application/problem+json' } })).toEqual([]);
    expect(judged(media1, { operation: errors, status: 415, json: errorBody(415), headers: { 'content-type': 'application/problem+json' } })).toEqual([]);
    expect(judged(media1, { operation: errors, status: 415, json: errorBody(415), headers: { 'content-type': 'application/vnd.other+json' } }))
      .toEqual([`the body is served as "application/vnd.other+json", not application/json or ${VENDOR} or application/problem+json`]);
  });
});

describe('MEDIA-1 owns', () => {
  it('a body that is not JSON, as a check meets it, and nothing else', () => {
    const reply = replyOf({ id: 'model-4', raw: '{' });
    expect(media1.owns?.({ kind: 'not JSON', reply, error: 'the body is not well-formed JSON: x' })).toBe('in model-4 the body is not well-formed JSON: x');
    expect(media1.owns?.({ kind: 'not a list', reply, problem: 'the list answered 404 in model-4' })).toBeUndefined();
  });
});
