import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createVitest, type Reporter, type TestSpecification, type Vitest } from 'vitest/node';
import { SETTINGS_KEY, type Replay, type RunSettings, type Settings } from '../protocol/settings.js';
import { packageRoot, suiteVersion } from '../core/package-info.js';
import { markPhase, phaseTimings } from '../core/phases.js';
import { announceInterruption } from '../protocol/interruption.js';
import type { Redactor } from '../core/secrets.js';
import { reportedSettings } from '../results/run-report.js';
import type { RunRecord, RunReport } from '../results/run-report.js';
import { holdSkipsToTheirOwners } from '../results/verdict.js';
import type { LoadedSpec } from '../spec/load.js';
import { ResultCollector } from './collect.js';
import { SUITE_ORDER } from '../protocol/suites.js';
import { replayedTitles } from '../protocol/titles.js';
import type { RunListener } from './listener.js';
import { SuiteOrder } from './order.js';
import { SuiteSlots, SLOTS_FOLDER_PREFIX } from './suite-slots.js';
import { slotOf } from '../protocol/slots.js';
import type { EarlyWorker } from './early-worker.js';
import { suitesPool } from './suites-pool.js';

/** What a run needs: how it checks, what it checks, and how it reports and stops. */
export interface RunOptions {
  /** How the run checks: handed to every suite as they are. */
  readonly settings: Settings;
  /** Base URL of the target, ending in the version segment. */
  readonly target: string;
  readonly apiKey: string;
  /** The run's redactor, built once by the command from the run's secrets (the key among them). */
  readonly redactor: Redactor;
  readonly seed: number;
  readonly spec: LoadedSpec;
  readonly targetKind: RunReport['targetKind'];
  /** The profile whose defaults the run took (see cli/profiles.ts), for the report. */
  readonly profile: string;
  /** Runs only this check (and the audits of its suite), replaying its recorded case. */
  readonly replay?: Replay & { readonly suite: string };
  /** Told about progress as checks finish. */
  readonly listener?: RunListener;
  /** Stops the run: checks under way are cancelled, and the report holds what ran, marked incomplete. */
  readonly signal?: AbortSignal;
  /** Runs slice `index` of `count` of the suites (see RunSettings.shard). */
  readonly shard?: { readonly index: number; readonly count: number };
}

/** Where the built suites are: vitest runs the compiled files, so the suite works as an installed package. */
const SUITES_DIR = join(packageRoot, 'dist', 'suites');
/** The one file vitest runs, which declares every suite (suites/run.ts). */
const RUN_FILE = 'run.js';

/**
 * A vitest instance that runs the suites in `suites/` against one target after another. Each vitest run gets fresh
 * workers (fresh module state) and its own settings; starting vitest once saves its start-up on every run after
 * the first (selftest runs dozens).
 */
export class SuiteSession {
  /** The collectors of the runs under way, by slot (protocol/slots.ts). */
  private current: readonly ResultCollector[] = [];
  /** The run file's and suite files' copies for batches, made on the first batch. */
  private slots?: SuiteSlots;

  private constructor(private readonly vitest: Vitest, private readonly early: EarlyWorker | undefined) {}

  /** The collector of the run whose slot a test module serves. */
  private collectorOf(moduleId: string): ResultCollector | undefined {
    return this.current[slotOf(moduleId)];
  }

  /**
   * Starts vitest: in one worker, the run file's suites side by side (see suites/run.ts); the first run's worker is
   * `early`, where it was started as vitest asks (see EarlyWorker). With `blobFile` (a shard of a run), also leaves
   * vitest's blob of the run there, for the merge command.
   */
  static async open(blobFile?: string, early?: EarlyWorker): Promise<SuiteSession> {
    let session: SuiteSession | undefined;
    const forward: Reporter = {
      onTestModuleCollected: (m) => session?.collectorOf(m.moduleId)?.onTestModuleCollected(m),
      onTestCaseResult: (t) => session?.collectorOf(t.module.moduleId)?.onTestCaseResult(t),
      onTestCaseAnnotate: (t, annotation) => session?.collectorOf(t.module.moduleId)?.onTestCaseAnnotate(t, annotation),
      onTestSuiteResult: (s) => session?.collectorOf(s.module.moduleId)?.onTestSuiteResult(s),
      onTestModuleEnd: (m) => session?.collectorOf(m.moduleId)?.onTestModuleEnd(m),
      onTestRunEnd: (m, errors) => session?.current.forEach((collector, slot) => collector.onTestRunEnd(m, errorsOfSlot(errors, slot))),
    };
    // vitest's logger exits the process on SIGINT and SIGTERM; the CLI handles them itself (it cancels the run and
    // still writes the reports), so the listeners vitest adds go again at once, before any signal can reach them.
    const dropSignalListener = (event: string | symbol, listener: (...args: unknown[]) => void) => {
      if (event === 'SIGINT' || event === 'SIGTERM') queueMicrotask(() => process.off(event, listener));
    };
    process.on('newListener', dropSignalListener);
    let vitest: Vitest;
    try {
      vitest = await createVitest('test', {
        config: false,
        root: packageRoot,
        dir: SUITES_DIR,
        include: [RUN_FILE],
        exclude: [],
        watch: false,
        reporters: blobFile ? [forward, ['blob', { outputFile: blobFile }]] : [forward],
        pool: suitesPool(early),
        maxWorkers: 1,
        isolate: false,
        fileParallelism: false,
        maxConcurrency: 8,
        sequence: { sequencer: SuiteOrder },
        cache: false,
        // The suites and everything they import are built JavaScript: vite's module runner hands them to Node to import
        // as they are, with no transform in this thread and no source fetched over the worker's channel. (Importing
        // them without vite's runner, vitest's experimental viteModuleRunner: false, gives each worker a loader
        // thread of vitest's on Node 20, which costs more time and memory than it saves.)
        server: { deps: { external: [/[\\/]dist[\\/](src|suites)[\\/]/, new RegExp(SLOTS_FOLDER_PREFIX)] } },
      });
      // Initialises the reporters (vitest's blob reporter needs it) without running anything yet.
      await vitest.standalone();
    } finally {
      process.off('newListener', dropSignalListener);
    }
    session = new SuiteSession(vitest, early);
    markPhase('vitest-ready');
    return session;
  }

  /**
   * Runs every suite against the target and returns what it recorded, for `judge` (results/assess.ts) to make the
   * report of. When the suite itself fails (a file does not load, a check crashes), the record still holds every
   * result, and the errors (the verdict is then `incomplete`).
   */
  async run(options: RunOptions): Promise<RunRecord> {
    return (await this.runAll([options]))[0] as RunRecord;
  }

  /**
   * Runs every suite against each of several targets in one vitest run, and returns what each run recorded, in order
   * (see {@link run}). The runs go one after another in one worker, each from a slot of its own (protocol/slots.ts):
   * the worker's start and the loading of the suites' modules, most of what a run against the reference costs, are
   * paid once for all of them. A replay and a shard run alone.
   */
  async runAll(runs: readonly RunOptions[]): Promise<RunRecord[]> {
    if (runs.length > 1 && runs.some((options) => options.replay || options.shard)) throw new Error('a replay or a shard runs alone');
    markPhase('suites-start');
    // Only a session's first run can take the early worker (see EarlyWorker).
    const earlyBefore = this.early?.state;
    const startedAt = new Date();
    const started = performance.now();
    const files = await this.vitest.globTestSpecifications();
    const specifications = runs.length === 1 ? files : await this.slotSpecifications(files, runs.length);
    const planned = await Promise.all(runs.map(async (options) => {
      const runId = randomBytes(4).toString('hex');
      const shard = options.shard ? shardOf(options.shard) : undefined;
      return { options, runId, settings: settingsOf(options, runId, shard) };
    }));
    // Interrupted, the run stops twice over: the checks' requests are aborted (in the worker), and vitest cancels
    // the tests not yet started. vitest forgets a cancellation that comes while a run is starting, so a suite that
    // starts after it is cancelled again; either way, its checks' requests end at once.
    const stop = () => {
      for (const { runId } of planned) announceInterruption(runId);
      this.vitest.cancelCurrentRun('keyboard-input').catch(() => undefined);
    };
    const collectors = planned.map(({ options }) => new ResultCollector(options.redactor, options.listener, () => {
      if (options.signal?.aborted) stop();
    }));
    this.current = collectors;
    const cancels = planned.map(({ options }, i) => {
      const cancel = () => {
        collectors[i]?.errors.push({ where: 'the run', message: `stopped by ${String(options.signal?.reason)}`, interrupted: true });
        stop();
      };
      options.signal?.addEventListener('abort', cancel, { once: true });
      return cancel;
    });
    // Interrupted before the suites started (while vitest loaded): nothing runs, and the report says so.
    planned.forEach(({ options }, i) => {
      if (options.signal?.aborted) cancels[i]?.();
    });
    try {
      this.vitest.provide(SETTINGS_KEY, planned.map((run) => run.settings));
      const replay = runs.length === 1 ? runs[0]?.replay : undefined;
      if (replay) {
        this.vitest.setGlobalTestNamePattern(replayedTitles(replay.title, replay.suite));
      }
      if (!runs.some((options) => options.signal?.aborted)) {
        await this.vitest.runTestSpecifications(specifications);
      }
      markPhase('suites-done');
    } finally {
      planned.forEach(({ options }, i) => options.signal?.removeEventListener('abort', cancels[i] as () => void));
      this.vitest.resetGlobalTestNamePattern();
      this.current = [];
      // vitest marks failed tests through process.exitCode; the verdict decides the exit code, not vitest.
      process.exitCode = undefined;
    }
    const durationMs = Math.round(performance.now() - started);
    const earlyAfter = this.early?.state;
    // Said only where vitest asked for the run's worker: a run stopped before its suites asked for none.
    const earlyWorker = earlyBefore === 'waiting' && (earlyAfter === 'taken' || earlyAfter === 'refused') ? earlyAfter === 'taken' : undefined;
    return planned.map(({ options, runId }, i) => recordOf(options, runId, collectors[i] as ResultCollector, startedAt,
      runs.length === 1 ? durationMs : (collectors[i] as ResultCollector).durationMs, earlyWorker));
  }

  /** The run file's copies, with the suite files it imports, for `count` runs at once (SuiteOrder runs them in order). */
  private async slotSpecifications(files: readonly TestSpecification[], count: number): Promise<TestSpecification[]> {
    this.slots ??= await SuiteSlots.open();
    const suiteFiles = (await readdir(SUITES_DIR)).filter((name) => name.endsWith('.suite.js')).map((name) => join(SUITES_DIR, name));
    const copies = await this.slots.copies([...files.map((f) => f.moduleId), ...suiteFiles], count);
    const project = this.vitest.getRootProject();
    return copies.map(([run]) => project.createSpecification(run as string));
  }

  async close(): Promise<void> {
    await this.vitest.close();
    await this.slots?.close();
  }
}

/**
 * The errors vitest caught outside any test (an unhandled rejection) that are the run's of this slot: those it tagged
 * with a suite file of that slot, and those it could not place, which are every run's.
 */
export function errorsOfSlot<E>(errors: readonly E[], slot: number): E[] {
  return errors.filter((error) => {
    const path = (error as { VITEST_TEST_PATH?: unknown }).VITEST_TEST_PATH;
    return typeof path !== 'string' || slotOf(path) === slot;
  });
}

/** What one run recorded, for `judge` (results/assess.ts). */
function recordOf(options: RunOptions, runId: string, collector: ResultCollector, startedAt: Date, durationMs: number,
  earlyWorker: boolean | undefined): RunRecord {
  const { errors } = collector;
  // Cut short, a run's audits may not have judged what its checks skipped over: the skips stay skips.
  const results = collector.cutShort ? collector.results : holdSkipsToTheirOwners(collector.results);
  return {
    target: options.target,
    targetKind: options.targetKind,
    seed: options.seed,
    runId,
    specVersion: options.spec.model.version,
    specSha256: options.spec.sha256,
    specPath: options.spec.path,
    specFiles: options.spec.files,
    suiteVersion,
    startedAt: startedAt.toISOString(),
    durationMs,
    settings: reportedSettings(options.profile, options.settings),
    ...(options.settings.readOnly ? { readOnly: options.settings.readOnly } : {}),
    // The worker is a thread of this process: its memory counts here.
    resources: { maxRssBytes: process.resourceUsage().maxRSS * 1024, bytesReceived: collector.bytesReceived },
    timings: { ...phaseTimings(collector.waitingOnTargetMs, collector.firstRequestAt), ...(earlyWorker !== undefined ? { earlyWorker } : {}) },
    writes: { budget: options.settings.maxWrites ?? null, ...collector.writes },
    created: collector.created,
    // A replay sends one check's requests: no measure of what a run exercises.
    ...(options.replay ? {} : { coverage: collector.coverage.of(options.spec.model) }),
    ...(collector.inapplicable.length ? { inapplicable: collector.inapplicable } : {}),
    requests: collector.requests,
    results,
    ...(errors.length ? { errors } : {}),
    ...(options.settings.selection ? { selection: options.settings.selection } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
  };
}

/**
 * The suites a shard runs: every `count`-th suite in the run's order, from the `index`-th. Every shard declares
 * every suite all the same, so that each plans the whole run's writes (see RunSettings.shard).
 */
function shardOf(shard: { readonly index: number; readonly count: number }): NonNullable<RunSettings['shard']> {
  return { ...shard, suites: SUITE_ORDER.filter((_, i) => i % shard.count === shard.index - 1) };
}

/** What the suites get of a run's options: all but what only the runner uses, in the form suites take it. */
function settingsOf(options: RunOptions, runId: string, shard: RunSettings['shard']): RunSettings {
  const { settings, target, targetKind, apiKey, redactor, seed, spec, replay } = options;
  return {
    ...settings, target, targetKind, apiKey, secrets: redactor.secrets, wholeSecrets: redactor.wholeSecrets, seed, runId, spec: spec.model, prebuiltValidators: spec.fromBuild,
    ...(replay ? { replay: replayedCheck(replay) } : {}), ...(shard ? { shard } : {}),
  };
}

/** A replay as the suites take it: the check and its recorded case, without the suite the runner selects by. */
function replayedCheck({ suite, ...check }: Replay & { readonly suite: string }): Replay {
  return check;
}

/** What the blobs of a sharded run hold, read back through vitest's merge. */
export interface MergedShards {
  readonly results: ReturnType<typeof holdSkipsToTheirOwners>;
  readonly errors: ResultCollector['errors'];
  readonly requests: number;
  readonly writes: ResultCollector['writes'];
  readonly created: ResultCollector['created'];
}

/** Reads the blobs every shard left in a directory, with vitest's own merge, into results as one run has them. */
export async function mergeShards(blobDir: string, redactor: Redactor): Promise<MergedShards> {
  const collector = new ResultCollector(redactor, undefined);
  const forward: Reporter = {
    onTestCaseResult: (t) => collector.onTestCaseResult(t),
    onTestModuleEnd: (m) => collector.onTestModuleEnd(m),
    onTestRunEnd: (m, errors) => collector.onTestRunEnd(m, errors),
  };
  const vitest = await createVitest('test', { config: false, root: packageRoot, watch: false, reporters: [forward], cache: false, mergeReports: blobDir });
  try {
    await vitest.mergeReports(blobDir);
  } finally {
    await vitest.close();
    process.exitCode = undefined;
  }
  return { results: holdSkipsToTheirOwners(collector.results), errors: collector.errors, requests: collector.requests, writes: collector.writes, created: collector.created };
}

