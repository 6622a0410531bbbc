import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { auth2 } from '../../../src/checks/audits/auth-2.js';
import { errorBody, judged, spec, subjectOf, TIMED_OUT } from '../../support/exchanges.js';

describe('AUTH-2 audit', () => {
  it('keeps a request with a refused credential that is refused', () => {
    expect(judged(auth2, { credential: 'refused', status: 401, json: errorBody(401) })).toEqual([]);
    expect(judged(auth2, { credential: 'refused', status: 400, json: errorBody(400), operation: spec.create })).toEqual([]);
  });

  it('fails a 2xx to it, saying the credential was taken', () => {
    expect(judged(auth2, { credential: 'refused', status: 201, json: { id: 1, name: 'x' }, operation: spec.create }))
      .toEqual(['answered 201 to a request with a credential the contract refuses: the credential was taken']);
  });

  it('judges paths the spec does not list too', () => {
    expect(auth2.judgesPathVariants).toBe(true);
    expect(judged(auth2, { credential: 'refused', status: 200, json: [], operation: spec.listVariant })).toHaveLength(1);
  });

  it('leaves requests with no credential, the valid key, a form the contract leaves open, or no response, to others', () => {
    for (const credential of ['documented', 'none', 'other'] as const) {
      expect(judged(auth2, { credential, status: 200, json: [] })).toBe(NOT_APPLICABLE);
    }
    expect(judged(auth2, { credential: 'refused', transportError: TIMED_OUT })).toBe(NOT_APPLICABLE);
  });
});

describe('AUTH-2 owns', () => {
  it('a 2xx met by a check when the request carried a refused credential, and nothing else', () => {
    expect(auth2.ownsAnswer?.(subjectOf({ id: 'auth-9', status: 200, json: [], credential: 'refused' }))).toBe('auth-9 was answered 200 without a valid credential');
    expect(auth2.ownsAnswer?.(subjectOf({ status: 200, json: [], credential: 'none' }))).toBeUndefined();
    expect(auth2.ownsAnswer?.(subjectOf({ status: 302, credential: 'refused' }))).toBeUndefined();
  });
});
