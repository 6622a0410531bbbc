import { describe, expect, it } from 'vitest';
import { ownerOf, recordStray, strayOf } from '../../../src/checks/audits/ownership.js';
import { errorBody, newRun, spec, subjectOf, TIMED_OUT } from '../../support/exchanges.js';

describe('ownerOf', () => {
  it('gives a 2xx without a valid credential to AUTH-1 or AUTH-2, before any status HTTP-1 might find wrong with it', () => {
    expect(ownerOf(subjectOf({ id: 'auth-1', operation: spec.create, status: 202, credential: 'none' })))
      .toEqual({ rule: 'AUTH-1', why: 'auth-1 was answered 202 without a valid credential' });
    expect(ownerOf(subjectOf({ id: 'auth-2', status: 200, json: [], credential: 'refused' }))?.rule).toBe('AUTH-2');
  });

  it('gives the valid key refused to AUTH-3', () => {
    expect(ownerOf(subjectOf({ id: 'create-1', operation: spec.create, status: 401, json: errorBody(401) })))
      .toEqual({ rule: 'AUTH-3', why: 'the valid key was refused with 401 in create-1' });
  });

  it('gives a server error, a redirect, a status not documented and no answer to HTTP-1, with CREATE-1 or LIST-1 beside it for a valid create or the list', () => {
    expect(ownerOf(subjectOf({ id: 'create-2', operation: spec.create, status: 202, json: { id: 1, name: 'a' } })))
      .toEqual({ rule: 'HTTP-1', why: 'create-2 was answered 202, which is not documented for createCategory', coOwner: 'CREATE-1' });
    expect(ownerOf(subjectOf({ status: 503 }))).toMatchObject({ rule: 'HTTP-1', coOwner: 'LIST-1' });
    // An invalid body refused with FastAPI's 422: HTTP-1's alone (CREATE-2's checks skip over it).
    expect(ownerOf({ ...subjectOf({ operation: spec.create, status: 422, json: { detail: [] } }), refusal: 'body' })).toEqual(expect.not.objectContaining({ coOwner: expect.anything() }));
    // A redirect was sent elsewhere, not answered; no answer at all is no status: neither is CREATE-1's.
    expect(ownerOf(subjectOf({ operation: spec.create, status: 307 }))).toEqual(expect.not.objectContaining({ coOwner: expect.anything() }));
    expect(ownerOf(subjectOf({ id: 'create-3', operation: spec.create, transportError: TIMED_OUT })))
      .toEqual({ rule: 'HTTP-1', why: 'no complete response to create-3: TIMEOUT: no response headers within 10000 ms' });
  });

  it('owns no answer the contract documents', () => {
    expect(ownerOf(subjectOf({ status: 200, json: [] }))).toBeUndefined();
    expect(ownerOf(subjectOf({ operation: spec.create, status: 400, json: errorBody(400) }))).toBeUndefined();
    expect(ownerOf(subjectOf({ credential: 'none', status: 401, json: errorBody(401) }))).toBeUndefined();
  });
});

describe('strayOf', () => {
  it('names what a create that had to be refused and was served created, and records its id in the run', () => {
    const run = newRun();
    const served = subjectOf({ id: 'auth-61', operation: spec.create, status: 201, json: { id: 7, name: 'a' }, credential: 'refused', run });
    const stray = strayOf(served, ownerOf(served));
    expect(stray).toEqual({ rule: 'AUTH-2', why: 'auth-61 had to be refused for want of a valid credential, and was served' });
    recordStray(served, stray as NonNullable<typeof stray>);
    expect(run.strays.get('auth-61')).toBe(stray);
    expect(run.strayIds.get(7n)).toBe(stray);
    const invalid = { ...subjectOf({ id: 'create-9', operation: spec.create, status: 201, json: { id: 8, name: 1 } }), refusal: 'body' as const };
    expect(strayOf(invalid, ownerOf(invalid))).toEqual({ rule: 'CREATE-2', why: 'create-9 had to be refused for its invalid body, and was served' });
  });

  it('takes no refusal, no read and no valid create for a stray', () => {
    const refused = subjectOf({ operation: spec.create, status: 401, json: errorBody(401), credential: 'refused' });
    expect(strayOf(refused, ownerOf(refused))).toBeUndefined();
    const read = subjectOf({ status: 200, json: [], credential: 'refused' });
    expect(strayOf(read, ownerOf(read))).toBeUndefined();
    const valid = subjectOf({ operation: spec.create, status: 201, json: { id: 1, name: 'a' } });
    expect(strayOf(valid, ownerOf(valid))).toBeUndefined();
  });
});
