import type { CheckResult } from '../results/run-report.js';

/** Progress of a run, for the console: told as suites start and end and as each check finishes. */
export interface RunListener {
  onSuiteStart?(suite: string, checks: number): void;
  onCheck?(result: CheckResult): void;
  /**
   * A test of the suite ended as no check at all (an audit with nothing to judge, a test a replay filtered out):
   * it was among the suite's tests at its start but is not among its results, so a count of them goes down by one.
   */
  onDropped?(suite: string): void;
  onSuiteEnd?(suite: string, results: readonly CheckResult[]): void;
  /** Something the person running the suite should know before it happens (a top-up of the list). */
  onNotice?(text: string): void;
}
