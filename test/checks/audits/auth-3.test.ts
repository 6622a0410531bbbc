import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { auth3 } from '../../../src/checks/audits/auth-3.js';
import { errorBody, judged, replyOf, spec, TIMED_OUT } from '../../support/exchanges.js';

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
  it('a 401 met by a check that sent the valid key', () => {
    const reply = replyOf({ id: 'create-3', status: 401 });
    expect(auth3.owns?.({ kind: 'status', reply, status: 401, credential: 'documented' })).toBe('the valid key was refused with 401 in create-3');
  });

  it('no other status, and no 401 to another credential', () => {
    const reply = replyOf({ status: 403 });
    expect(auth3.owns?.({ kind: 'status', reply, status: 403, credential: 'documented' })).toBeUndefined();
    expect(auth3.owns?.({ kind: 'status', reply, status: 401, credential: 'other' })).toBeUndefined();
    expect(auth3.owns?.({ kind: 'no response', reply })).toBeUndefined();
  });
});
