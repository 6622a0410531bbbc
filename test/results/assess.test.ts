import { describe, expect, it } from 'vitest';
import { judge, judgeResult, recordOf as recordOfReport } from '../../src/results/assess.js';
import { checkOf, everyRulePassed, POLICY, recordOf, reportOf } from '../support/run-record.js';

describe('judge', () => {
  it('gives the verdict, summary and policy of the record\'s results, and drops its request count into the summary', () => {
    const report = judge(recordOf([...everyRulePassed(), checkOf('ERROR-2', 'failed')], { requests: 42 }), { ...POLICY, strict: true });
    expect(report.verdict).toBe('non-conformant');
    expect(report.summary).toMatchObject({ requests: 42, checks: report.results.length, expectedFailures: 0 });
    expect(report.summary.byLevel.MUST.failed).toBe(1);
    expect(report.policy).toEqual({ strict: true, failOn: 'any', failOnPartial: false });
    expect(report).not.toHaveProperty('requests');
    expect(report).not.toHaveProperty('expectations');
    expect(report).not.toHaveProperty('baseline');
  });

  it('marks a listed failure expected, by rule or by title, and leaves the verdict whole', () => {
    const entries = [{ id: 'ERROR-2', reason: 'by rule' }, { id: 'LIST-3 LIST-3 failed check', reason: 'by title' }];
    const report = reportOf([...everyRulePassed(), checkOf('ERROR-2', 'failed'), checkOf('LIST-3', 'failed')], { expectations: { file: 'x.json', entries } });
    expect(report.verdict).toBe('conformant');
    expect(report.results.filter((r) => r.expected).map((r) => [r.rule, r.expected, r.effect])).toEqual([
      ['ERROR-2', { reason: 'by rule', entry: 'ERROR-2' }, 'expected'],
      ['LIST-3', { reason: 'by title', entry: 'LIST-3 LIST-3 failed check' }, 'expected'],
    ]);
    expect(report.summary.expectedFailures).toBe(2);
    expect(report.expectations).toEqual({ file: 'x.json', stale: [] });
  });

  it('reports listed entries that match no failure as stale, saying why', () => {
    const entries = [{ id: 'ERROR-1', reason: 'fixed since' }, { id: 'NOPE-9', reason: 'typo' }];
    const report = reportOf([checkOf('ERROR-1', 'passed')], { expectations: { file: 'x.json', entries } });
    expect(report.expectations?.stale).toEqual([
      { entry: 'ERROR-1', reason: 'fixed since', why: 'now passes' },
      { entry: 'NOPE-9', reason: 'typo', why: 'matches no check' },
    ]);
  });

  it('splits failures against a baseline into new, fixed and still failing', () => {
    const run = (o1: 'passed' | 'failed', o2: 'passed' | 'failed', o3: 'passed' | 'failed') =>
      [checkOf('ERROR-1', o1, { check: 'one' }), checkOf('ERROR-2', o2, { check: 'two' }), checkOf('ERROR-3', o3, { check: 'three' })];
    const baseline = { file: 'before.json', report: reportOf(run('failed', 'failed', 'passed')) };
    const report = reportOf(run('passed', 'failed', 'failed'), { baseline });
    expect(report.baseline).toEqual({
      report: 'before.json', startedAt: '2026-01-01T00:00:00.000Z',
      newFailures: ['ERROR-3 three'], fixed: ['ERROR-1 one'], stillFailing: ['ERROR-2 two'],
    });
  });
});

describe('judgeResult', () => {
  it('gives each result the effect the policy gives it, and marks only a failure expected', () => {
    const expectations = { file: 'x.json', entries: [{ id: 'AUTH-6', reason: 'r' }] };
    expect(judgeResult(checkOf('AUTH-6', 'failed'), POLICY).effect).toBe('warns');
    expect(judgeResult(checkOf('AUTH-6', 'failed'), { ...POLICY, strict: true }).effect).toBe('breaks-verdict');
    expect(judgeResult(checkOf('AUTH-6', 'failed'), { ...POLICY, strict: true, expectations }).effect).toBe('expected');
    expect(judgeResult(checkOf('AUTH-6', 'passed'), { ...POLICY, expectations })).not.toHaveProperty('expected');
  });
});

describe('recordOf', () => {
  it('gives back the record a report was judged from, so that judging it again gives the same report', () => {
    const record = recordOf([...everyRulePassed(), checkOf('ERROR-2', 'failed')], { requests: 7 });
    const report = judge(record, POLICY);
    const again = recordOfReport(report);
    expect(again.requests).toBe(7);
    expect(again).not.toHaveProperty('verdict');
    expect(again).not.toHaveProperty('policy');
    expect(judge(again, POLICY)).toEqual(report);
  });
});
