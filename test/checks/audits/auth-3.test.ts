import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { auth3 } from '../../../src/checks/audits/auth-3.js';
import { errorBody, judged, spec, subjectOf, TIMED_OUT } from '../../support/exchanges.js';

describe('AUTH-3 audit', () => {
  it('keeps the valid key served, or refused for another reason than authentication', () => {
    expect(judged(auth3, { status: 200, json: [] })).toEqual([]);
    expect(judged(auth3, { status: 400, json: errorBody(400), operation: spec.create })).toEqual([]);
    // A server error is HTTP-1's: the key was not refused.
    expect(judged(auth3, { status: 500 })).toEqual([]);
  });

  it('fails a 401 to the valid key sent as documented', () => {
    expect(judged(auth3, { status: 401, json: errorBody(401) }))
      .toEqual(['the valid key, sent as "Authorization: Bearer <key>", was refused with 401']);
  });

  it('leaves requests without the documented key, and those with no response, to others', () => {
    for (const credential of ['none', 'refused', 'other'] as const) {
      expect(judged(auth3, { credential, status: 401, json: errorBody(401) })).toBe(NOT_APPLICABLE);
    }
    expect(judged(auth3, { transportError: TIMED_OUT })).toBe(NOT_APPLICABLE);
  });
});

describe('AUTH-3 owns', () => {
  it('a 401 or a 403 to the valid key', () => {
    expect(auth3.ownsAnswer?.(subjectOf({ id: 'create-3', status: 401 }))).toBe('the valid key was refused with 401 in create-3');
    expect(auth3.ownsAnswer?.(subjectOf({ id: 'create-4', status: 403 }))).toBe('the valid key was refused with 403 in create-4');
  });

  it('no other status, no 403 a check allows, no refusal of another credential, and no answer that never came', () => {
    expect(auth3.ownsAnswer?.(subjectOf({ status: 400 }))).toBeUndefined();
    expect(auth3.ownsAnswer?.(subjectOf({ status: 403, alsoAllowed: [403] }))).toBeUndefined();
    expect(auth3.ownsAnswer?.(subjectOf({ status: 401, credential: 'other' }))).toBeUndefined();
    expect(auth3.ownsAnswer?.(subjectOf({ transportError: TIMED_OUT }))).toBeUndefined();
  });
});
