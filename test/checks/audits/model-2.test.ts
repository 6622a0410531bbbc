import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../../../src/checks/audits/audit.js';
import { model2 } from '../../../src/checks/audits/model-2.js';
import type { RunState } from '../../../src/runtime/run-state.js';
import { judged, newRun, spec } from '../../support/exchanges.js';

/** MODEL-2 on a 201 to the create in this run, whose body is `raw`. */
const created = (run: RunState, id: string, raw: string) => judged(model2, { operation: spec.create, status: 201, id, raw, run });
/** MODEL-2 on a 200 list whose body is `raw`. */
const listed = (raw: string) => judged(model2, { raw });

describe('MODEL-2 on 201s', () => {
  it('keeps ids no earlier 201 showed, huge, negative or zero, and remembers which exchange showed each', () => {
    const run = newRun();
    expect(created(run, 'create-1', '{"id":9007199254740993,"name":"a"}')).toEqual([]);
    // The same double as the one before, but another id.
    expect(created(run, 'create-2', '{"id":9007199254740992,"name":"b"}')).toEqual([]);
    expect(created(run, 'create-3', '{"id":-7,"name":"c","extra":true}')).toEqual([]);
    expect(created(run, 'create-4', '{"id":0,"name":"d"}')).toEqual([]);
    expect(run.idsGiven.get(9007199254740993n)).toBe('create-1');
    expect(run.idsGiven.get(-7n)).toBe('create-3');
  });

  it('fails a 201 that repeats an id, naming the exchange that gave it first', () => {
    const run = newRun();
    created(run, 'create-1', '{"id":42,"name":"a"}');
    expect(created(run, 'create-9', '{"id":42,"name":"b"}')).toEqual(['the 201 shows id 42, which create-1 already gave to a category']);
    expect(created(run, 'create-10', '{"id":42,"name":"c"}')).toEqual([expect.stringContaining('which create-1 already gave')]);
  });

  it('leaves a 201 without an integer id to MODEL-1', () => {
    const run = newRun();
    expect(created(run, 'create-1', '{"id":"42","name":"a"}')).toBe(NOT_APPLICABLE);
    expect(created(run, 'create-2', '{"name":"a"}')).toBe(NOT_APPLICABLE);
    expect(created(run, 'create-3', 'not json')).toBe(NOT_APPLICABLE);
    expect(run.idsGiven.size).toBe(0);
  });
});

describe('MODEL-2 on lists', () => {
  it('keeps a list whose ids are all different, in any order, exactly beyond 2^53', () => {
    expect(listed('[{"id":3,"name":"c"},{"id":1,"name":"a"},{"id":-2,"name":"b"}]')).toEqual([]);
    expect(listed('[{"id":9007199254740993,"name":"a"},{"id":9007199254740992,"name":"b"}]')).toEqual([]);
  });

  it('fails a list that shows an id twice, naming the ids', () => {
    expect(listed('[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":1,"name":"a"}]')).toEqual(['the list shows 1 ids more than once: 1']);
    expect(listed('[{"id":9223372036854775807,"name":"a"},{"id":9223372036854775807,"name":"b"},{"id":5},{"id":5}]'))
      .toEqual(['the list shows 2 ids more than once: 9223372036854775807, 5']);
  });

  it('judges nothing of a list with no ids, nor of other answers', () => {
    expect(listed('[]')).toBe(NOT_APPLICABLE);
    expect(listed('[{"id":"1"},{"id":"1"}]')).toBe(NOT_APPLICABLE);
    expect(judged(model2, { status: 401, raw: '[{"id":1},{"id":1}]' })).toBe(NOT_APPLICABLE);
    expect(judged(model2, { json: { items: [{ id: 1 }, { id: 1 }] } })).toBe(NOT_APPLICABLE);
  });
});
