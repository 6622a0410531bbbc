import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { http1, isDocumented } from '../../../src/checks/audits/http-1.js';
import { INTERRUPTED, TARGET_GONE } from '../../../src/http/client.js';
import { errorBody, judged, spec, subjectOf, TIMED_OUT } from '../../support/exchanges.js';

describe('isDocumented', () => {
  it('takes exact codes, ranges in either case, and default', () => {
    expect(isDocumented(401, ['200', '401'])).toBe(true);
    expect(isDocumented(404, ['200', '4XX'])).toBe(true);
    expect(isDocumented(404, ['200', '4xx'])).toBe(true);
    expect(isDocumented(503, ['default'])).toBe(true);
    expect(isDocumented(403, ['200', '401', '5XX'])).toBe(false);
  });
});

describe('HTTP-1 audit', () => {
  it('keeps the statuses the spec documents for the operation', () => {
    expect(judged(http1, { status: 200, json: [] })).toEqual([]);
    expect(judged(http1, { operation: spec.create, status: 201, json: { id: 1, name: 'x' } })).toEqual([]);
    expect(judged(http1, { operation: spec.create, status: 400, json: errorBody(400) })).toEqual([]);
    expect(judged(http1, { operation: spec.pet, credential: 'none', status: 401, json: errorBody(401) })).toEqual([]);
  });

  it('keeps a status the check declared acceptable beyond the spec (the INFO cases), redirects included', () => {
    expect(judged(http1, { operation: spec.create, status: 415, alsoAllowed: [413, 415] })).toEqual([]);
    expect(judged(http1, { status: 308, alsoAllowed: [308] })).toEqual([]);
  });

  it('fails a status the operation does not document, naming what it documents', () => {
    expect(judged(http1, { operation: spec.create, status: 409, json: errorBody(409) }))
      .toEqual(['status 409 is not documented for createCategory (documented: 201, 400, 401)']);
    expect(judged(http1, { operation: spec.create, status: 415, alsoAllowed: [413] })).toEqual([expect.stringMatching(/^status 415 is not documented/)]);
  });

  it('keeps the statuses the contract gives an operation where its spec leaves them out: the 401, the create\'s 400', () => {
    const list = { ...spec.list, documentedStatuses: ['200'] };
    const create = { ...spec.create, documentedStatuses: ['201'] };
    expect(judged(http1, { operation: list, status: 401, json: errorBody(401), credential: 'none' })).toEqual([]);
    expect(judged(http1, { operation: create, status: 400, json: errorBody(400) })).toEqual([]);
    expect(judged(http1, { operation: list, status: 409, json: errorBody(409) })).toEqual(['status 409 is not documented for listCategories (documented: 200, 401)']);
    // A public operation (security: []) has no 401 of the contract's.
    expect(judged(http1, { operation: { ...spec.pet, requiresBearer: false, documentedStatuses: ['200'] }, status: 401, json: errorBody(401) }))
      .toEqual([expect.stringMatching(/^status 401 is not documented/)]);
  });

  it('fails a redirect, which the contract has none of', () => {
    expect(judged(http1, { status: 301, headers: { location: '/v1/categories/' } }))
      .toEqual(['answered with a redirect (301); the contract has none, and redirects are not followed']);
  });

  it('fails a server error, even one the check allowed and at a path the spec does not list', () => {
    expect(judged(http1, { status: 500 })).toEqual(['answered with a server error (500)']);
    expect(judged(http1, { status: 503, alsoAllowed: [503] })).toEqual(['answered with a server error (503)']);
    expect(judged(http1, { operation: spec.listVariant, status: 502 })).toEqual(['answered with a server error (502)']);
  });

  it('fails a request that got no complete response, naming the transport error', () => {
    expect(judged(http1, { transportError: TIMED_OUT })).toEqual(['TIMEOUT: no response headers within 10000 ms']);
  });

  it('judges nothing the suite itself cut off, nor a request not sent to a target gone for good', () => {
    expect(judged(http1, { transportError: { code: INTERRUPTED, phase: 'headers', message: 'interrupted' } })).toBe(NOT_APPLICABLE);
    expect(judged(http1, { transportError: { code: TARGET_GONE, phase: 'connect', message: 'not sent: gone' } })).toBe(NOT_APPLICABLE);
  });

  it('leaves a 2xx without a valid credential to AUTH-1 and AUTH-2, though the spec documents none for it', () => {
    expect(judged(http1, { operation: spec.pet, credential: 'none', status: 200, json: {} })).toEqual([]);
    expect(judged(http1, { operation: spec.pet, credential: 'refused', status: 200, json: {} })).toEqual([]);
    // With the valid key the same answer is undocumented.
    expect(judged(http1, { operation: spec.pet, status: 200, json: {} })).toEqual([expect.stringMatching(/^status 200 is not documented/)]);
  });

  it('keeps any redirect or unknown status at a path the spec does not list', () => {
    expect(http1.judgesPathVariants).toBe(true);
    expect(judged(http1, { operation: spec.listVariant, status: 301 })).toEqual([]);
    expect(judged(http1, { operation: spec.listVariant, status: 404 })).toEqual([]);
  });
});

describe('HTTP-1 owns', () => {
  it('an answer that never came, a redirect, a server error and a status not documented for the operation', () => {
    expect(http1.ownsAnswer?.(subjectOf({ id: 'auth-2', transportError: TIMED_OUT }))).toBe('no complete response to auth-2: TIMEOUT: no response headers within 10000 ms');
    expect(http1.ownsAnswer?.(subjectOf({ id: 'auth-3', status: 307 }))).toBe('auth-3 was answered with a redirect (307)');
    expect(http1.ownsAnswer?.(subjectOf({ id: 'auth-4', status: 500 }))).toBe('auth-4 was answered with a server error (500)');
    expect(http1.ownsAnswer?.(subjectOf({ id: 'create-5', operation: spec.create, status: 202, json: { id: 1, name: 'x' } })))
      .toBe('create-5 was answered 202, which is not documented for createCategory');
  });

  it('no documented status, none a check allows, and no 2xx without a valid credential (AUTH-1\'s, AUTH-2\'s)', () => {
    expect(http1.ownsAnswer?.(subjectOf({ status: 200, json: [] }))).toBeUndefined();
    expect(http1.ownsAnswer?.(subjectOf({ operation: spec.create, status: 400, json: errorBody(400) }))).toBeUndefined();
    expect(http1.ownsAnswer?.(subjectOf({ status: 404, alsoAllowed: [404] }))).toBeUndefined();
    expect(http1.ownsAnswer?.(subjectOf({ operation: spec.create, status: 202, credential: 'none' }))).toBeUndefined();
  });
});
