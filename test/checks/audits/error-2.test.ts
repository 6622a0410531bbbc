import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { error2 } from '../../../src/checks/audits/error-2.js';
import { errorBody, judged, spec } from '../../support/exchanges.js';

describe('ERROR-2 audit', () => {
  it('keeps an Error whose status repeats the HTTP status, written as any JSON number of that value', () => {
    expect(judged(error2, { status: 401, json: errorBody(401) })).toEqual([]);
    expect(judged(error2, { operation: spec.create, status: 400, raw: '{"code":"x","message":"y","status":400.0,"extra":true}' })).toEqual([]);
  });

  it('fails an Error whose status is another, naming both', () => {
    expect(judged(error2, { status: 401, json: errorBody(403) })).toEqual(['Error.status is 403 in a 401 response']);
    // A framework that always writes 400, whatever it answers.
    expect(judged(error2, { operation: spec.create, status: 415, json: errorBody(400) })).toEqual(['Error.status is 400 in a 415 response']);
  });

  it('leaves Errors without a numeric status to ERROR-1, and statuses that are no client error', () => {
    expect(judged(error2, { status: 401, json: errorBody(401, { status: '401' }) })).toBe(NOT_APPLICABLE);
    expect(judged(error2, { status: 401, json: { code: 'x', message: 'y' } })).toBe(NOT_APPLICABLE);
    expect(judged(error2, { status: 401, json: [401] })).toBe(NOT_APPLICABLE);
    expect(judged(error2, { status: 401, raw: 'null' })).toBe(NOT_APPLICABLE);
    expect(judged(error2, { status: 401, raw: 'not json' })).toBe(NOT_APPLICABLE);
    expect(judged(error2, { status: 500, json: errorBody(400) })).toBe(NOT_APPLICABLE);
    expect(judged(error2, { status: 200, json: { status: 201 } })).toBe(NOT_APPLICABLE);
  });
});
