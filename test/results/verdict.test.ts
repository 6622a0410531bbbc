import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/results/run-report.js';
import { holdSkipsToTheirOwners, ruleOutcomes, verdictOf } from '../../src/results/verdict.js';
import { RULES } from '../../src/rules/catalogue.js';

/** A result with only what holding skips looks at. */
function result(rule: string, outcome: CheckResult['outcome'], dependsOn?: string): CheckResult {
  return {
    rule, level: 'MUST', suite: 'test', check: `${rule} ${outcome} ${dependsOn ?? ''}`, outcome, kind: 'check', durationMs: 0, exchanges: [], exchangeCount: 1,
    ...(dependsOn ? { dependsOn } : {}),
  };
}

describe('holdSkipsToTheirOwners', () => {
  it('keeps a skip whose owner failed, and fails one whose owner did not', () => {
    const held = holdSkipsToTheirOwners([result('MEDIA-1', 'failed'), result('CREATE-1', 'skipped', 'MEDIA-1'), result('LIST-2', 'skipped', 'MODEL-1'), result('MODEL-1', 'passed')]);
    expect(held.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'failed', 'passed']);
    expect(held[2]?.message).toMatch(/but MODEL-1 did not fail, so this check fails instead/);
  });

  it('keeps a skip whose owner was itself left unjudged by what failed, through any chain', () => {
    const held = holdSkipsToTheirOwners([
      result('AUTH-3', 'failed'),
      result('CREATE-1', 'skipped', 'AUTH-3'),
      result('MODEL-2', 'skipped', 'CREATE-1'),
      result('LIST-2', 'skipped', 'MODEL-2'),
    ]);
    expect(held.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'skipped', 'skipped']);
  });

  it('does not take an owner that passed a check as unjudged: a skip over it is held to a failure', () => {
    const held = holdSkipsToTheirOwners([
      result('AUTH-3', 'failed'),
      result('CREATE-1', 'skipped', 'AUTH-3'),
      result('CREATE-1', 'passed'),
      result('MODEL-2', 'skipped', 'CREATE-1'),
    ]);
    expect(held.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'passed', 'failed']);
  });

  it('leaves a skip over a rule that was not run at all (--only) a skip: nothing could hold it', () => {
    expect(holdSkipsToTheirOwners([result('CREATE-1', 'skipped', 'HTTP-1'), result('CREATE-1', 'passed')]).map((r) => r.outcome)).toEqual(['skipped', 'passed']);
  });
});

describe('verdictOf and ruleOutcomes, with rules the spec makes inapplicable', () => {
  const everyRuleJudged = (except: readonly string[]) => RULES.filter((r) => !except.includes(r.id)).map((r) => ({ ...result(r.id, 'passed'), level: r.level }));

  it('counts a rule with no check as unjudged (partial), unless the spec makes it inapplicable', () => {
    const results = everyRuleJudged(['CREATE-4']);
    expect(verdictOf(results)).toBe('partial');
    const inapplicable = [{ rule: 'CREATE-4', why: 'the spec forbids other properties' }];
    expect(verdictOf(results, [], false, inapplicable)).toBe('conformant');
    expect(ruleOutcomes(results, inapplicable).find((r) => r.id === 'CREATE-4')).toMatchObject({ outcome: 'not applicable', why: 'the spec forbids other properties' });
    expect(ruleOutcomes(results).find((r) => r.id === 'CREATE-4')?.outcome).toBe('not run');
  });

  it('judges a rule declared inapplicable that has checks after all by its checks', () => {
    const results = [...everyRuleJudged(['CREATE-4']), { ...result('CREATE-4', 'failed'), level: 'SHOULD' as const }];
    expect(ruleOutcomes(results, [{ rule: 'CREATE-4', why: 'x' }]).find((r) => r.id === 'CREATE-4')?.outcome).toBe('failed');
  });
});

describe('verdictOf', () => {
  // An exception inside a check or an audit is the suite's error, not the target's failure (the OCI conformance suite
  // keeps "error" apart from "fail" too): whatever else the run found, it claims no verdict.
  it('gives a run in which the suite failed itself no verdict, even beside real failures', () => {
    expect(verdictOf([result('LIST-1', 'error'), result('AUTH-3', 'passed')])).toBe('incomplete');
    expect(verdictOf([result('LIST-1', 'error'), result('AUTH-3', 'failed')])).toBe('incomplete');
    expect(verdictOf([result('AUTH-3', 'failed')], [{ where: 'suite list', message: 'SyntaxError: x' }])).toBe('incomplete');
    expect(verdictOf([result('AUTH-3', 'failed')])).toBe('non-conformant');
  });

  it('holds no skip over a rule the suite failed in to that rule: the skip stays one', () => {
    expect(holdSkipsToTheirOwners([result('LIST-1', 'error'), result('LIST-2', 'skipped', 'LIST-1')]).map((r) => r.outcome)).toEqual(['error', 'skipped']);
  });
});
