import { describe, expect, it } from 'vitest';
import { causeOf, oneOfEachKind, rootCauses, followingText } from '../../src/results/causes.js';
import { checkOf, everyRulePassed, reportOf } from '../support/run-record.js';

const follows = (rule: string) => ({ cause: { rule, why: 'auth-61 had to be refused for want of a valid credential, and was served' } });

// Before: a newcomer's three bugs made 39 MUST failures, most under AUTH-4, MODEL-1 and MODEL-2, and read as bugs of their own.
describe('rootCauses', () => {
  it('counts each failure under its cause, its rule\'s own first, in the catalogue\'s order', () => {
    const report = reportOf([
      ...everyRulePassed(),
      checkOf('MODEL-2', 'failed', { ...follows('AUTH-2'), check: 'ids' }),
      checkOf('AUTH-2', 'failed', { cause: { rule: 'AUTH-2' }, check: 'wrong key' }),
      checkOf('AUTH-4', 'failed', follows('AUTH-2')),
      checkOf('MODEL-1', 'failed'),
      checkOf('MODEL-2', 'failed', follows('AUTH-2')),
    ]);
    const causes = rootCauses(report.results);
    expect(causes.map((c) => [c.rule, c.failures.length])).toEqual([['AUTH-2', 4], ['MODEL-1', 1]]);
    expect(causes[0]?.failures[0]?.check).toBe('wrong key');
    expect(followingText(causes[0] as (typeof causes)[number])).toBe('MODEL-2 ×2, AUTH-4 ×1');
    expect(causeOf({ rule: 'MODEL-1' })).toBe('MODEL-1');
  });

  it('leaves out what does not count: passes, skips and expected failures', () => {
    const report = reportOf([...everyRulePassed(), checkOf('CREATE-1', 'skipped', { dependsOn: 'HTTP-1' }), checkOf('ERROR-2', 'failed', { expected: { reason: 'tracked', entry: 'ERROR-2' } })]);
    expect(rootCauses(report.results)).toEqual([]);
  });
});

// Before: the console showed a rule's first three failed checks, all 422s, and hid the `description: null` and NaN ones
// behind "63 more".
describe('oneOfEachKind', () => {
  it('keeps the first failure of each kind, with how many are alike; an audit is one kind whatever its suite', () => {
    const failures = [
      checkOf('CREATE-2', 'failed', { message: 'expected 400, got 422 — POST /v1/categories → 422 (create-4)' }),
      checkOf('CREATE-2', 'failed', { message: 'expected 400, got 422 — POST /v1/categories → 422 (create-9)' }),
      checkOf('CREATE-2', 'failed', { message: 'counterexample {"name":1} (after 3 shrinks; seed 1, path "0"): expected 400, got 201 — POST /v1/categories → 201 (create.generated-2)' }),
      checkOf('CREATE-2', 'failed', { message: 'the rejected request create-5 created category 4 {"name":"x"}' }),
      checkOf('MODEL-1', 'failed', { kind: 'audit', message: '2 of 9 Categories in responses: …' }),
      checkOf('MODEL-1', 'failed', { kind: 'audit', message: '1 of 3 Categories in responses: …' }),
    ];
    expect(oneOfEachKind(failures).map(({ result, alike }) => [result.message?.slice(0, 30), alike])).toEqual([
      ['expected 400, got 422 — POST /', 2],
      ['counterexample {"name":1} (aft', 1],
      ['the rejected request create-5 ', 1],
      ['2 of 9 Categories in responses', 2],
    ]);
  });
});
