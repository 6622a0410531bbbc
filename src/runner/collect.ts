import type { TestAnnotation } from 'vitest';
import type { TestCase, TestModule, TestSuite } from 'vitest/node';
import { publishedTotals, recordedCheck, type CreatedRecord, type SuiteTotals, type SharedWrites, type TopUp } from '../protocol/check-meta.js';
import type { Redactor } from '../core/secrets.js';
import { isSuiteName } from '../protocol/suites.js';
import type { CheckResult, InapplicableRule, RunError } from '../results/run-report.js';
import type { RunListener } from './listener.js';
import { ruleById } from '../rules/catalogue.js';
import { followsText } from '../rules/cause.js';
import { fitFirstLine } from '../core/first-line.js';
import { CoverageTotals } from './coverage.js';

/** The suite a test belongs to: the describe block of the run file it is declared in (see suites/run.ts). */
function suiteOf(test: TestCase): string {
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) {
    if (isSuiteName(parent.name)) return parent.name;
  }
  return '';
}

/**
 * Turns one vitest test into a check result, or into nothing for an audit that had nothing to judge. A failure that is
 * not a rule failure (an exception in a check or an audit, a test past its time limit) is the suite's own error: the
 * check's outcome is `error`, never `failed`, and the run reports the crash.
 */
function toCheckResult(test: TestCase, redactor: Redactor, interrupted = false): { result?: CheckResult; crash?: RunError; inapplicable?: InapplicableRule } {
  const meta = recordedCheck(test);
  if (meta?.ruleNotApplicable) return { inapplicable: { rule: meta.rule, why: meta.ruleNotApplicable } };
  const state = test.result();
  if (!meta) {
    // A test a replay filtered out, or an interruption cancelled, never ran: it is no result at all.
    if (state.state === 'skipped' || interrupted) return {};
    return { crash: { where: test.fullName, message: 'the test reported no check metadata (every test in suites/ must be declared with defineSuite)' } };
  }
  if (meta.notApplicable) return {};
  const error = state.errors?.[0];
  const crashed = state.state === 'failed' && error !== undefined && error.name !== 'CheckFailure';
  // What an audit judged of its exchanges is the audit's result; the suite's own error in it is still the run's.
  if (meta.unreported) return crashed ? { crash: { where: `${meta.rule} ${meta.name}`, message: redactor.redact(`${error.name}: ${error.message}`) } } : {};
  const outcome = crashed ? 'error' : state.state === 'passed' ? 'passed' : state.state === 'failed' ? 'failed' : 'skipped';
  const message = crashed ? `${error.name}: ${error.message}` : outcome === 'failed' ? error?.message : 'note' in state ? state.note : undefined;
  const result: CheckResult = {
    rule: meta.rule,
    level: ruleById(meta.rule).level,
    suite: meta.suite,
    check: meta.name,
    outcome,
    kind: meta.kind ?? 'check',
    ...(meta.withheld ? { withheld: meta.withheld } : {}),
    ...(message !== undefined ? { message: redactor.redact(outcome === 'failed' ? fitFirstLine(message, meta.follows ? followsText(meta.follows) : '') : message) } : {}),
    ...(meta.observation !== undefined ? { observation: redactor.redact(meta.observation) } : {}),
    ...(meta.hazards ? { hazards: meta.hazards } : {}),
    durationMs: Math.round(test.diagnostic()?.duration ?? 0),
    ...(test.diagnostic() ? { startedAt: Math.round(test.diagnostic()?.startTime ?? 0) } : {}),
    exchanges: meta.exchanges,
    exchangeCount: meta.exchangeCount,
    ...(meta.writes !== undefined ? { writes: meta.writes } : {}),
    ...(meta.failedExchange !== undefined ? { failedExchange: meta.failedExchange } : {}),
    ...(meta.traceId !== undefined ? { traceId: meta.traceId } : {}),
    ...(meta.generated ? { generated: meta.generated } : {}),
    ...(outcome === 'skipped' && meta.dependsOn ? { dependsOn: meta.dependsOn } : {}),
    ...(outcome === 'failed' ? { cause: meta.follows ? { rule: meta.follows.rule, why: redactor.redact(meta.follows.why) } : { rule: meta.rule } } : {}),
  };
  return crashed ? { result, crash: { where: `${meta.rule} ${meta.name}`, message: result.message as string } } : { result };
}

/** A vitest reporter that turns tests into check results as they finish. */
export class ResultCollector {
  readonly results: CheckResult[] = [];
  readonly created: CreatedRecord[] = [];
  requests = 0;
  /** The time the run had at least one request open on the target (the client counts it for the whole run). */
  waitingOnTargetMs = 0;
  /** When the run's first request was sent (ms since the Unix epoch); undefined while none was. */
  firstRequestAt?: number;
  /** The response body bytes the run read (the client counts them for the whole run). */
  bytesReceived = 0;
  /** The run's writes, less the budget (which the runner knows). */
  readonly writes: { spent: number; posts: number; shared: SharedWrites[]; topUp: TopUp | null } = { spent: 0, posts: 0, shared: [], topUp: null };
  readonly errors: RunError[] = [];
  /** Rules the spec makes inapplicable, as the suites declared them. */
  readonly inapplicable: InapplicableRule[] = [];
  /** What of the spec the suite files' requests exercised, added up. */
  readonly coverage = new CoverageTotals();
  private readonly bySuite = new Map<string, CheckResult[]>();
  /** When its first suite file was collected, and its last one ended (performance.now()): its span in a batch. */
  private firstCollected?: number;
  private lastEnded?: number;

  constructor(
    private readonly redactor: Redactor,
    private readonly listener: RunListener | undefined,
    /** Called as each suite file is collected, before its checks run. */
    private readonly onSuiteCollected?: () => void,
  ) {}

  /** Whether the run was interrupted (its errors say so). */
  get interrupted(): boolean {
    return this.errors.some((e) => e.interrupted);
  }

  /** Whether the run was cut short, interrupted or left by its target: what it did not send, it did not judge. */
  get cutShort(): boolean {
    return this.errors.some((e) => e.interrupted || e.targetGone);
  }

  /** How long the run took, from its first suite file's collection to its last one's end (see SuiteSession.runAll). */
  get durationMs(): number {
    return Math.round((this.lastEnded ?? 0) - (this.firstCollected ?? this.lastEnded ?? 0));
  }

  /** The run file is collected: every suite (a describe block of it, see suites/run.ts) starts. */
  onTestModuleCollected(module: TestModule): void {
    this.firstCollected ??= performance.now();
    this.onSuiteCollected?.();
    for (const suite of module.children.allSuites()) {
      if (isSuiteName(suite.name)) this.listener?.onSuiteStart?.(suite.name, [...suite.children.allTests()].length);
    }
  }

  onTestCaseResult(test: TestCase): void {
    const { result, crash, inapplicable } = toCheckResult(test, this.redactor, this.interrupted);
    if (crash) this.errors.push(crash);
    if (inapplicable && !this.inapplicable.some((i) => i.rule === inapplicable.rule)) this.inapplicable.push(inapplicable);
    if (!result) {
      this.listener?.onDropped?.(suiteOf(test));
      return;
    }
    this.results.push(result);
    const suite = this.bySuite.get(result.suite) ?? [];
    suite.push(result);
    this.bySuite.set(result.suite, suite);
    this.listener?.onCheck?.(result);
  }

  /** A notice a check gives as the run goes (see CheckRequests.topUp): for the console, before what it announces. */
  onTestCaseAnnotate(_test: TestCase, annotation: TestAnnotation): void {
    if (annotation.type === 'notice') this.listener?.onNotice?.(this.redactor.redact(annotation.message));
  }

  /** A suite's describe block has ended: its totals, and the errors outside its checks. */
  onTestSuiteResult(suite: TestSuite): void {
    if (!isSuiteName(suite.name)) return;
    const totals = publishedTotals(suite);
    if (totals) this.add(totals);
    for (const error of suite.errors()) this.errors.push({ where: `suite ${suite.name}`, message: this.redactor.redact(`${error.name}: ${error.message}`) });
    this.listener?.onSuiteEnd?.(suite.name, this.bySuite.get(suite.name) ?? []);
  }

  onTestModuleEnd(module: TestModule): void {
    this.lastEnded = performance.now();
    for (const error of module.errors()) this.errors.push({ where: 'the suites', message: this.redactor.redact(`${error.name}: ${error.message}`) });
  }

  /** A suite's totals: its own requests and creations, and the run's counters as they stood at its end. */
  private add(totals: SuiteTotals): void {
    this.requests += totals.requests;
    this.waitingOnTargetMs = Math.max(this.waitingOnTargetMs, totals.waitingOnTargetMs);
    this.firstRequestAt ??= totals.firstRequestAt;
    this.bytesReceived = Math.max(this.bytesReceived, totals.bytesReceived);
    this.writes.spent = Math.max(this.writes.spent, totals.writesUsed);
    this.writes.posts = Math.max(this.writes.posts, totals.posts);
    this.writes.shared.push(...totals.sharedWrites);
    this.writes.topUp = totals.topUp ?? this.writes.topUp;
    this.created.push(...totals.created);
    this.coverage.add(totals.coverage);
    if (totals.targetGone !== undefined && !this.errors.some((e) => e.targetGone)) {
      this.errors.push({ where: 'the target', message: this.redactor.redact(totals.targetGone), targetGone: true });
    }
  }

  onTestRunEnd(_modules: readonly TestModule[], errors: readonly { name?: string; message?: string }[]): void {
    for (const error of errors) this.errors.push({ where: 'the run', message: this.redactor.redact(`${error.name}: ${error.message}`) });
  }
}
