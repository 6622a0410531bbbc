import { afterEach, expect, it, vi } from 'vitest';
import { progressListener } from '../../../src/cli/console/progress.js';
import { Output } from '../../../src/cli/console/output.js';
import type { CheckResult } from '../../../src/results/run-report.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A listener writing to a string, without colour or a live line. */
function listening() {
  let text = '';
  const stream = { isTTY: false, write: (chunk: string) => (text += chunk, true), on: () => stream } as unknown as NodeJS.WriteStream;
  return { listener: progressListener(new Output(stream, stream, {}), () => 'none'), text: () => text };
}

function passed(suite: string, startedAt?: number): CheckResult {
  return { rule: 'LIST-1', level: 'MUST', suite, check: 'a check', outcome: 'passed', kind: 'check', durationMs: 100, exchanges: [], exchangeCount: 1, ...(startedAt === undefined ? {} : { startedAt }) } as unknown as CheckResult;
}

it('gives each suite the time from its first check\'s start, not from the run\'s: suites of later waves start later', () => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'performance'] });
  const { listener, text } = listening();
  listener.onSuiteStart?.('auth', 1);
  listener.onSuiteStart?.('list', 1);
  vi.advanceTimersByTime(1_500);
  listener.onSuiteEnd?.('auth', [passed('auth', 1_000_000)]);
  vi.advanceTimersByTime(8_000);
  // The list suite was told of with the others, and started once the waves before it had ended.
  listener.onSuiteEnd?.('list', [passed('list', 1_000_000 + 9_000), passed('list', 1_000_000 + 9_200)]);
  expect(text()).toMatch(/ auth +1 check, 1 passed \(1\.5 s\)/);
  expect(text()).toMatch(/ list +2 checks, 2 passed \(0\.5 s\)/);
});

it('counts from the run\'s start for a suite whose checks recorded no start', () => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'performance'] });
  const { listener, text } = listening();
  listener.onSuiteStart?.('info', 1);
  vi.advanceTimersByTime(2_000);
  listener.onSuiteEnd?.('info', [passed('info')]);
  expect(text()).toMatch(/ info +1 check, 1 passed \(2\.0 s\)/);
});
