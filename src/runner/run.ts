import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createVitest, type Reporter, type TestCase, type TestModule, type Vitest } from 'vitest/node';
import type { CreatedRecord } from '../checks/meta.js';
import type { Replay, RunSettings } from '../checks/settings.js';
import { packageRoot, suiteVersion } from '../core/package-info.js';
import { Redactor } from '../core/secrets.js';
import type { CheckResult, RunError, RunReport } from '../results/model.js';
import { holdSkipsToTheirOwners, ruleOutcomes, summaryOf, verdictOf } from '../results/summarize.js';
import type { LoadedSpec } from '../spec/load.js';
import { suiteNameOf, toCheckResult } from './collect.js';
import { SuiteOrder } from './order.js';

/** What a run needs. */
export interface RunOptions {
  readonly spec: LoadedSpec;
  readonly target: string;
  readonly targetKind: RunReport['targetKind'];
  readonly apiKey: string;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly numRuns: number;
  /** The write budget; absent: no limit. */
  readonly maxWrites?: number;
  /** Runs only this check (and the audits of its suite), replaying its recorded case. */
  readonly replay?: Replay & { readonly suite: string };
  /** Told about progress as checks finish. */
  readonly listener?: RunListener;
}

/** Progress of a run, for the console. */
export interface RunListener {
  onSuiteStart?(suite: string, checks: number): void;
  onCheck?(result: CheckResult): void;
  onSuiteEnd?(suite: string, results: readonly CheckResult[]): void;
}

/** Where the built suites are: vitest runs the compiled files, so the suite works as an installed package. */
const SUITES_DIR = join(packageRoot, 'dist', 'suites');

/**
 * A vitest instance that runs the suites in `suites/` against one target after another. Each run gets fresh
 * workers (fresh module state) and its own settings; starting vitest once saves its start-up on every run after
 * the first (selftest runs dozens).
 */
export class SuiteSession {
  private current?: ResultCollector;

  private constructor(private readonly vitest: Vitest) {}

  /** Starts vitest: in one worker, file after file (checks within a file run concurrently). */
  static async open(): Promise<SuiteSession> {
    let session: SuiteSession | undefined;
    const forward: Reporter = {
      onTestModuleCollected: (m) => session?.current?.onTestModuleCollected(m),
      onTestCaseResult: (t) => session?.current?.onTestCaseResult(t),
      onTestModuleEnd: (m) => session?.current?.onTestModuleEnd(m),
      onTestRunEnd: (m, errors) => session?.current?.onTestRunEnd(m, errors),
    };
    const vitest = await createVitest('test', {
      config: false,
      root: packageRoot,
      dir: SUITES_DIR,
      include: ['**/*.suite.js'],
      exclude: [],
      watch: false,
      reporters: [forward],
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      fileParallelism: false,
      maxConcurrency: 8,
      sequence: { sequencer: SuiteOrder },
      cache: false,
      // The suites' own modules are built JavaScript: Node loads them as they are, without vite's transform.
      server: { deps: { external: [/[\\/]dist[\\/]src[\\/]/] } },
    });
    session = new SuiteSession(vitest);
    return session;
  }

  /**
   * Runs every suite against the target and returns the report. When the suite itself fails (a file does not
   * load, a check crashes), the report still holds every result, with the verdict `incomplete` and the errors.
   */
  async run(options: RunOptions): Promise<RunReport> {
    const startedAt = new Date();
    const started = performance.now();
    const runId = randomBytes(4).toString('hex');
    const settings: RunSettings = {
      target: options.target,
      apiKey: options.apiKey,
      seed: options.seed,
      runId,
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      numRuns: options.numRuns,
      ...(options.maxWrites !== undefined ? { maxWrites: options.maxWrites } : {}),
      ...(options.replay ? { replay: { title: options.replay.title, ...(options.replay.path !== undefined ? { path: options.replay.path } : {}) } } : {}),
      spec: options.spec.model,
    };
    const collector = new ResultCollector(new Redactor([options.apiKey]), options.listener);
    this.current = collector;
    try {
      this.vitest.provide('settings', settings);
      let specifications = await this.vitest.globTestSpecifications();
      const replay = options.replay;
      if (replay) {
        // The replayed check, and the audits of its suite to judge what it sends.
        const suite = escapeRegExp(replay.suite);
        this.vitest.setGlobalTestNamePattern(new RegExp(`^(?:${escapeRegExp(replay.title)}|[A-Z]+-\\d+ all .* of the ${suite} suite)$`));
        specifications = specifications.filter((s) => suiteNameOf(s) === replay.suite);
      }
      await this.vitest.runTestSpecifications(specifications);
    } finally {
      this.vitest.resetGlobalTestNamePattern();
      this.current = undefined;
      // vitest marks failed tests through process.exitCode; the verdict decides the exit code, not vitest.
      process.exitCode = undefined;
    }
    const { errors } = collector;
    const results = holdSkipsToTheirOwners(collector.results);
    return {
      verdict: verdictOf(results, errors),
      target: options.target,
      targetKind: options.targetKind,
      seed: options.seed,
      runId,
      specVersion: options.spec.model.version,
      specSha256: options.spec.sha256,
      specPath: options.spec.path,
      suiteVersion,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      settings: {
        timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes, numRuns: options.numRuns,
        maxWrites: options.maxWrites ?? null,
      },
      writes: collector.writes,
      created: collector.created,
      summary: summaryOf(results, collector.requests),
      rules: ruleOutcomes(results),
      results,
      ...(errors.length ? { errors } : {}),
    };
  }

  async close(): Promise<void> {
    await this.vitest.close();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Runs the suites once against one target. */
export async function runSuites(options: RunOptions): Promise<RunReport> {
  const session = await SuiteSession.open();
  try {
    return await session.run(options);
  } finally {
    await session.close();
  }
}

/** A vitest reporter that turns tests into check results as they finish. */
class ResultCollector {
  readonly results: CheckResult[] = [];
  readonly created: CreatedRecord[] = [];
  requests = 0;
  writes = 0;
  readonly errors: RunError[] = [];
  private readonly bySuite = new Map<string, CheckResult[]>();

  constructor(private readonly redactor: Redactor, private readonly listener: RunListener | undefined) {}

  onTestModuleCollected(module: TestModule): void {
    this.listener?.onSuiteStart?.(suiteNameOf(module), [...module.children.allTests()].length);
  }

  onTestCaseResult(test: TestCase): void {
    const { result, crash } = toCheckResult(test, this.redactor);
    if (crash) this.errors.push(crash);
    if (!result) return;
    this.results.push(result);
    const suite = this.bySuite.get(result.suite) ?? [];
    suite.push(result);
    this.bySuite.set(result.suite, suite);
    this.listener?.onCheck?.(result);
  }

  onTestModuleEnd(module: TestModule): void {
    const suite = suiteNameOf(module);
    const meta = module.meta();
    this.requests += meta.requests ?? 0;
    this.writes = Math.max(this.writes, meta.writesUsed ?? 0);
    this.created.push(...(meta.created ?? []));
    for (const error of module.errors()) this.errors.push({ where: `suite ${suite}`, message: this.redactor.redact(`${error.name}: ${error.message}`) });
    this.listener?.onSuiteEnd?.(suite, this.bySuite.get(suite) ?? []);
  }

  onTestRunEnd(_modules: readonly TestModule[], errors: readonly { name?: string; message?: string }[]): void {
    for (const error of errors) this.errors.push({ where: 'the run', message: this.redactor.redact(`${error.name}: ${error.message}`) });
  }
}
