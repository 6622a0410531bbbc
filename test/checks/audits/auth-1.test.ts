import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { auth1 } from '../../../src/checks/audits/auth-1.js';
import { errorBody, judged, spec, subjectOf, TIMED_OUT } from '../../support/exchanges.js';

describe('AUTH-1 audit', () => {
  it('keeps a request without a credential that is refused, however it is refused', () => {
    expect(judged(auth1, { credential: 'none', status: 401, json: errorBody(401) })).toEqual([]);
    // Another refusal is AUTH-1's own checks' (or AUTH-5's) to judge: only a 2xx is a bypass.
    expect(judged(auth1, { credential: 'none', status: 403, json: errorBody(403) })).toEqual([]);
    expect(judged(auth1, { credential: 'none', status: 404, operation: spec.pet })).toEqual([]);
  });

  it('fails a 2xx to a request without a credential, saying it was served without authentication', () => {
    expect(judged(auth1, { credential: 'none', status: 200, json: [] }))
      .toEqual(['answered 200 to a request without a credential: it was served without authentication']);
    expect(judged(auth1, { credential: 'none', status: 204, operation: spec.pet }))
      .toEqual([expect.stringMatching(/^answered 204 to a request without a credential/)]);
  });

  it('judges paths the spec does not list too: a bypass at /categories/ is one', () => {
    expect(auth1.judgesPathVariants).toBe(true);
    expect(judged(auth1, { credential: 'none', status: 200, json: [], operation: spec.listVariant })).toHaveLength(1);
  });

  it('leaves requests that carried a credential, and those with no response, to others', () => {
    for (const credential of ['documented', 'refused', 'other'] as const) {
      expect(judged(auth1, { credential, status: 200, json: [] })).toBe(NOT_APPLICABLE);
    }
    expect(judged(auth1, { credential: 'none', transportError: TIMED_OUT })).toBe(NOT_APPLICABLE);
  });
});

describe('AUTH-1 owns', () => {
  it('a 2xx to a request that carried no credential', () => {
    const subject = subjectOf({ id: 'auth-7', operation: spec.create, status: 201, json: { id: 1, name: 'x' }, credential: 'none' });
    expect(auth1.ownsAnswer?.(subject)).toBe('auth-7 was answered 201 without a valid credential');
  });

  it('no refusal, no answer to another credential, and no answer that never came', () => {
    expect(auth1.ownsAnswer?.(subjectOf({ status: 401, credential: 'none' }))).toBeUndefined();
    expect(auth1.ownsAnswer?.(subjectOf({ status: 200, credential: 'refused' }))).toBeUndefined();
    expect(auth1.ownsAnswer?.(subjectOf({ status: 200, credential: 'documented' }))).toBeUndefined();
    expect(auth1.ownsAnswer?.(subjectOf({ transportError: TIMED_OUT, credential: 'none' }))).toBeUndefined();
  });
});
