import { randomBytes } from 'node:crypto';
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
import { suiteNameOf } from '../protocol/suites.js';
import { replayedTitles } from '../protocol/titles.js';
import type { RunListener } from './listener.js';
import { SuiteOrder } from './order.js';

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
  /** Runs slice `index` of `count` of the suite files (see RunSettings.shard). */
  readonly shard?: { readonly index: number; readonly count: number };
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

  /**
   * Starts vitest: in one worker, file after file (checks within a file run concurrently). With `blobFile` (a shard
   * of a run), also leaves vitest's blob of the run there, for the merge command.
   */
  static async open(blobFile?: string): Promise<SuiteSession> {
    let session: SuiteSession | undefined;
    const forward: Reporter = {
      onTestModuleCollected: (m) => session?.current?.onTestModuleCollected(m),
      onTestCaseResult: (t) => session?.current?.onTestCaseResult(t),
      onTestCaseAnnotate: (t, annotation) => session?.current?.onTestCaseAnnotate(t, annotation),
      onTestModuleEnd: (m) => session?.current?.onTestModuleEnd(m),
      onTestRunEnd: (m, errors) => session?.current?.onTestRunEnd(m, errors),
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
        include: ['**/*.suite.js'],
        exclude: [],
        watch: false,
        reporters: blobFile ? [forward, ['blob', { outputFile: blobFile }]] : [forward],
        pool: 'threads',
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
        server: { deps: { external: [/[\\/]dist[\\/](src|suites)[\\/]/] } },
      });
      // Initialises the reporters (vitest's blob reporter needs it) without running anything yet.
      await vitest.standalone();
    } finally {
      process.off('newListener', dropSignalListener);
    }
    session = new SuiteSession(vitest);
    markPhase('vitest-ready');
    return session;
  }

  /**
   * Runs every suite against the target and returns what it recorded, for `judge` (results/assess.ts) to make the
   * report of. When the suite itself fails (a file does not load, a check crashes), the record still holds every
   * result, and the errors (the verdict is then `incomplete`).
   */
  async run(options: RunOptions): Promise<RunRecord> {
    markPhase('suites-start');
    const startedAt = new Date();
    const started = performance.now();
    const runId = randomBytes(4).toString('hex');
    let specifications = await this.vitest.globTestSpecifications();
    const settings = settingsOf(options, runId, options.shard ? await shardOf(this.vitest, specifications, options.shard) : undefined);
    // Interrupted, the run stops twice over: the checks' requests are aborted (in the worker), and vitest cancels
    // the tests not yet started. vitest forgets a cancellation that comes while a run is starting, so a suite that
    // starts after it is cancelled again; either way, its checks' requests end at once.
    const stop = () => {
      announceInterruption(runId);
      this.vitest.cancelCurrentRun('keyboard-input').catch(() => undefined);
    };
    const collector = new ResultCollector(options.redactor, options.listener, () => {
      if (options.signal?.aborted) stop();
    });
    this.current = collector;
    const cancel = () => {
      collector.errors.push({ where: 'the run', message: `stopped by ${String(options.signal?.reason)}`, interrupted: true });
      stop();
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    // Interrupted before the suites started (while vitest loaded): nothing runs, and the report says so.
    if (options.signal?.aborted) cancel();
    try {
      this.vitest.provide(SETTINGS_KEY, settings);
      const replay = options.replay;
      if (replay) {
        this.vitest.setGlobalTestNamePattern(replayedTitles(replay.title, replay.suite));
        specifications = specifications.filter((s) => suiteNameOf(s) === replay.suite);
      }
      if (!options.signal?.aborted) {
        await this.vitest.runTestSpecifications(specifications);
      }
      markPhase('suites-done');
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      this.vitest.resetGlobalTestNamePattern();
      this.current = undefined;
      // vitest marks failed tests through process.exitCode; the verdict decides the exit code, not vitest.
      process.exitCode = undefined;
    }
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
      suiteVersion,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      settings: reportedSettings(options.profile, options.settings),
      ...(options.settings.readOnly ? { readOnly: options.settings.readOnly } : {}),
      // The worker is a thread of this process: its memory counts here.
      resources: { maxRssBytes: process.resourceUsage().maxRSS * 1024, bytesReceived: collector.bytesReceived },
      timings: phaseTimings(collector.waitingOnTargetMs, collector.firstRequestAt),
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

  async close(): Promise<void> {
    await this.vitest.close();
  }
}

/**
 * The suites a shard runs: every `count`-th suite file in the run's order, from the `index`-th. Every shard loads
 * every file all the same, so that each plans the whole run's writes (see RunSettings.shard).
 */
async function shardOf(vitest: Vitest, specifications: readonly TestSpecification[], shard: { readonly index: number; readonly count: number }): Promise<NonNullable<RunSettings['shard']>> {
  const ordered = await new SuiteOrder(vitest).sort([...specifications]);
  const suites = ordered.map(suiteNameOf).filter((_, i) => i % shard.count === shard.index - 1);
  return { ...shard, suites };
}

/** What the suites get of a run's options: all but what only the runner uses, in the form suites take it. */
function settingsOf(options: RunOptions, runId: string, shard: RunSettings['shard']): RunSettings {
  const { settings, target, apiKey, redactor, seed, spec, replay } = options;
  return {
    ...settings, target, apiKey, secrets: redactor.secrets, seed, runId, spec: spec.model, prebuiltValidators: spec.fromBuild,
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

/** Runs the suites once against one target (or one shard of them, leaving vitest's blob at `blobFile`). */
export async function runSuites(options: RunOptions, blobFile?: string): Promise<RunRecord> {
  const session = await SuiteSession.open(blobFile);
  try {
    return await session.run(options);
  } finally {
    await session.close();
  }
}
