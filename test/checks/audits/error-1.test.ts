import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { error1, isClientError } from '../../../src/checks/audits/error-1.js';
import { errorBody, judged, spec } from '../../support/exchanges.js';

describe('isClientError', () => {
  it('is every 4xx and nothing else', () => {
    expect([400, 401, 404, 413, 415, 499].every(isClientError)).toBe(true);
    expect([undefined, 200, 301, 399, 500, 503].some(isClientError)).toBe(false);
  });
});

describe('ERROR-1 audit', () => {
  it('keeps an Error as the spec gives it, whatever else a framework adds to it', () => {
    expect(judged(error1, { status: 401, json: errorBody(401) })).toEqual([]);
    expect(judged(error1, { operation: spec.create, status: 400, json: errorBody(400, { details: [{ field: 'name' }], requestId: 'abc' }) })).toEqual([]);
    // A status the operation does not document is judged by the spec's Error (§7: every error body is one).
    expect(judged(error1, { operation: spec.create, status: 415, json: errorBody(415) })).toEqual([]);
  });

  it('fails a client error without a JSON body, naming why there is no Error', () => {
    expect(judged(error1, { status: 401 })).toEqual(['the 401 carries no Error: the body is empty']);
    expect(judged(error1, { status: 404, raw: '<h1>Not Found</h1>', headers: { 'content-type': 'text/html' } }))
      .toEqual([expect.stringMatching(/^the 404 carries no Error: the body is not well-formed JSON/)]);
  });

  it('fails an Error that breaks the schema, naming each violation', () => {
    expect(judged(error1, { status: 401, json: { error: 'unauthorized' } })).toEqual([
      'the Error is invalid: (the value): required property "code" is missing',
      'the Error is invalid: (the value): required property "message" is missing',
      'the Error is invalid: (the value): required property "status" is missing',
    ]);
    expect(judged(error1, { operation: spec.create, status: 400, json: errorBody(400, { status: '400' }) }))
      .toEqual(['the Error is invalid: /status: must be integer']);
  });

  it('holds every client error to the contract\'s Error, whatever the spec\'s schema for it leaves out', () => {
    // A spec whose 401 is an RFC 9457 problem without code or message: the contract's Error has them (§7).
    const problem = { type: 'object', required: ['type', 'status'], properties: { type: { type: 'string' }, status: { type: 'integer' } } };
    const create = { ...spec.create, errorSchemas: { '401': problem } };
    expect(judged(error1, { operation: create, status: 401, json: { type: 'about:blank', status: 401 } })).toEqual([
      'the Error is not the contract\'s: code (a string) is missing',
      'the Error is not the contract\'s: message (a string) is missing',
    ]);
    expect(judged(error1, { operation: create, status: 401, json: { type: 'about:blank', status: 401, code: 'unauthorized', message: 'No key.' } })).toEqual([]);
    expect(judged(error1, { operation: create, status: 401, json: { type: 'about:blank', status: 401, code: 7, message: 'No key.' } }))
      .toEqual(['the Error is not the contract\'s: code is not a string']);
    // Said once, by the spec's schema, where it says it.
    expect(judged(error1, { operation: create, status: 401, json: [] })).toEqual([expect.stringMatching(/^the Error is invalid: .*object/)]);
  });

  it('judges Error.status from its text: 400.00000000000000001 reads as the double 400, but is no integer', () => {
    expect(judged(error1, { operation: spec.create, status: 400, raw: '{"code":"x","message":"y","status":400.00000000000000001}' }))
      .toEqual(['the Error is invalid: /status: 400.00000000000000001 is not an integer']);
  });

  it('leaves successes, redirects and server errors to other rules', () => {
    expect(judged(error1, { status: 200, json: [] })).toBe(NOT_APPLICABLE);
    expect(judged(error1, { status: 302 })).toBe(NOT_APPLICABLE);
    expect(judged(error1, { status: 500, raw: 'oops' })).toBe(NOT_APPLICABLE);
  });
});
