import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import { Redactor } from '../../src/core/secrets.js';
import type { CheckMeta } from '../../src/protocol/check-meta.js';
import { ResultCollector } from '../../src/runner/collect.js';

/** A finished vitest test as the collector sees it: its check's meta and how it ended. */
function test(meta: CheckMeta, state: 'passed' | 'failed', error?: { name: string; message: string }): TestCase {
  return {
    meta: () => ({ check: meta }),
    result: () => ({ state, ...(error ? { errors: [error] } : {}) }),
    diagnostic: () => ({ duration: 1 }),
    module: { moduleId: '/x/dist/suites/list.suite.js' },
  } as unknown as TestCase;
}

describe('ResultCollector', () => {
  const meta: CheckMeta = { rule: 'LIST-1', suite: 'list', name: 'list requests with the valid key in the list suite', exchanges: [], exchangeCount: 3, kind: 'audit' };

  it('takes an exception in a check or an audit for the suite\'s error, never the target\'s failure, with the key removed', () => {
    const collector = new ResultCollector(new Redactor(['psk_CollectKey7Qw9Zx3Lm']), undefined);
    collector.onTestCaseResult(test(meta, 'failed', { name: 'TypeError', message: 'Invalid URL: http://psk_CollectKey7Qw9/v1' }));
    expect(collector.results[0]).toMatchObject({ rule: 'LIST-1', outcome: 'error', message: 'TypeError: Invalid URL: http://[REDACTED]/v1' });
    expect(collector.errors).toEqual([{ where: `LIST-1 ${meta.name}`, message: 'TypeError: Invalid URL: http://[REDACTED]/v1' }]);
  });

  it('takes a rule failure for a failure', () => {
    const collector = new ResultCollector(new Redactor([]), undefined);
    collector.onTestCaseResult(test(meta, 'failed', { name: 'CheckFailure', message: 'the list answered 500, not 200' }));
    expect(collector.results[0]).toMatchObject({ outcome: 'failed', message: 'the list answered 500, not 200' });
    expect(collector.errors).toEqual([]);
  });

  it('makes no result of a check run only for an audit --only names (unreported), and keeps its crash as the run\'s error', () => {
    const collector = new ResultCollector(new Redactor(['psk_CollectKey7Qw9Zx3Lm']), undefined);
    const check: CheckMeta = { rule: 'CREATE-2', suite: 'create', name: 'name missing gets 400', exchanges: [], exchangeCount: 1, kind: 'check', unreported: true };
    collector.onTestCaseResult(test(check, 'passed'));
    collector.onTestCaseResult(test(check, 'failed', { name: 'CheckFailure', message: 'answered 201, not 400' }));
    expect(collector.results).toEqual([]);
    expect(collector.errors).toEqual([]);
    collector.onTestCaseResult(test(check, 'failed', { name: 'TypeError', message: 'Invalid URL: http://psk_CollectKey7Qw9/v1' }));
    expect(collector.results).toEqual([]);
    expect(collector.errors).toEqual([{ where: `CREATE-2 ${check.name}`, message: 'TypeError: Invalid URL: http://[REDACTED]/v1' }]);
  });
});
