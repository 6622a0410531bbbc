import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { auth4 } from '../../../src/checks/audits/auth-4.js';
import { errorBody, judged, spec, TIMED_OUT } from '../../support/exchanges.js';

describe('AUTH-4 audit', () => {
  it('keeps a create without a valid credential that is refused', () => {
    expect(judged(auth4, { operation: spec.create, credential: 'none', status: 401, json: errorBody(401) })).toEqual([]);
    expect(judged(auth4, { operation: spec.create, credential: 'refused', status: 401, json: errorBody(401) })).toEqual([]);
  });

  it('fails a 2xx to it: the target says it created what it had to refuse', () => {
    expect(judged(auth4, { operation: spec.create, credential: 'none', status: 201, json: { id: 1, name: 'x' } }))
      .toEqual(['answered 201 to a request without a credential: the target says it created what it had to refuse']);
    expect(judged(auth4, { operation: spec.create, credential: 'refused', status: 200, json: {} }))
      .toEqual([expect.stringMatching(/^answered 200 to a request with a credential the contract refuses: the target says it created/)]);
  });

  it('judges a create at a path the spec does not list too', () => {
    expect(auth4.judgesPathVariants).toBe(true);
    expect(judged(auth4, { operation: spec.createVariant, credential: 'none', status: 201, json: { id: 1, name: 'x' } })).toHaveLength(1);
  });

  it('leaves safe methods, the valid key, and requests with no response, to others', () => {
    expect(judged(auth4, { operation: spec.list, credential: 'none', status: 200, json: [] })).toBe(NOT_APPLICABLE);
    expect(judged(auth4, { operation: spec.create, credential: 'documented', status: 201, json: { id: 1, name: 'x' } })).toBe(NOT_APPLICABLE);
    expect(judged(auth4, { operation: spec.create, credential: 'other', status: 201, json: { id: 1, name: 'x' } })).toBe(NOT_APPLICABLE);
    expect(judged(auth4, { operation: spec.create, credential: 'none', transportError: TIMED_OUT })).toBe(NOT_APPLICABLE);
  });

  it('owns no answer: a bypass is AUTH-1\'s or AUTH-2\'s to report wherever a check meets it', () => {
    expect(auth4.owns).toBeUndefined();
  });
});
