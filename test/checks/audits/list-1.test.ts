import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { list1 } from '../../../src/checks/audits/list-1.js';
import { errorBody, judged, replyOf, spec, TIMED_OUT } from '../../support/exchanges.js';

describe('LIST-1 audit', () => {
  it('keeps a 200 with a JSON array, empty or not, whatever its items and their order', () => {
    expect(judged(list1, { json: [] })).toEqual([]);
    expect(judged(list1, { raw: '[{"id":9223372036854775807,"name":"b"},{"id":-3,"name":"a","extra":1}]' })).toEqual([]);
    expect(judged(list1, { json: [], headers: { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'Express' } })).toEqual([]);
  });

  it('fails a list that is not a 200, naming the status', () => {
    expect(judged(list1, { status: 204 })).toEqual(['the list answered 204, not 200']);
    expect(judged(list1, { status: 500, json: errorBody(500) })).toEqual(['the list answered 500, not 200']);
  });

  it('fails a 200 that is not a JSON array, naming what it is', () => {
    expect(judged(list1, { json: { items: [] } })).toEqual(['the list is not a JSON array but object']);
    expect(judged(list1, { raw: 'null' })).toEqual(['the list is not a JSON array but null']);
    expect(judged(list1, { raw: '"[]"' })).toEqual(['the list is not a JSON array but string']);
  });

  it('leaves a body that is not JSON to MEDIA-1', () => {
    expect(judged(list1, { raw: '[{"id":1,' })).toEqual([]);
  });

  it('leaves a refused valid key to AUTH-3, lists with a query to INFO-4, and other requests to other rules', () => {
    expect(judged(list1, { status: 401, json: errorBody(401) })).toBe(NOT_APPLICABLE);
    expect(judged(list1, { query: '?limit=5', json: { items: [] } })).toBe(NOT_APPLICABLE);
    // A header parameter against its schema, or a required one left out: the check that sent it judges the 400.
    expect(judged(list1, { status: 400, json: errorBody(400), alsoAllowed: [400] })).toBe(NOT_APPLICABLE);
    expect(judged(list1, { credential: 'none', status: 200, json: {} })).toBe(NOT_APPLICABLE);
    expect(judged(list1, { credential: 'other', status: 200, json: {} })).toBe(NOT_APPLICABLE);
    expect(judged(list1, { operation: spec.create, status: 201, json: { id: 1, name: 'x' } })).toBe(NOT_APPLICABLE);
    expect(judged(list1, { transportError: TIMED_OUT })).toBe(NOT_APPLICABLE);
  });
});

describe('LIST-1 owns', () => {
  it('a list that is not one, with the problem as the check found it, and nothing else', () => {
    const reply = replyOf({ json: {} });
    expect(list1.owns?.({ kind: 'not a list', reply, problem: 'the list in list-4 is not a JSON array but object' }))
      .toBe('the list in list-4 is not a JSON array but object');
    expect(list1.owns?.({ kind: 'not JSON', reply, error: 'the body is empty' })).toBeUndefined();
  });
});
