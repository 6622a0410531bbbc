import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { packageRoot, suiteVersion } from '../../core/package-info.js';
import { markPhase } from '../../core/phases.js';
import { titleOf, type Invocation, type RunReport } from '../../results/run-report.js';
import { Redactor, redactedOnlyAsAWord, SHORTEST_FRAGMENT } from '../../core/secrets.js';
import type { ReferenceServer } from '../../reference/server.js';
import type { SuiteSession } from '../../runner/run.js';
import { EarlyWorker } from '../../runner/early-worker.js';
import { judge, judgeResult, type Assessment } from '../../results/assess.js';
import { EXIT, exitCodeOf } from '../../results/verdict.js';
import { githubAnnotations } from '../../report/summary-md.js';
import { prepareReportDir, redactJsonFile, writeReports } from '../../report/write.js';
import { ensureReachable } from '../../runner/preflight.js';
import { loadSpec } from '../../spec/load.js';
import { operationOf } from '../../spec/mapping.js';
import type { Output } from '../console/output.js';
import { progressListener } from '../console/progress.js';
import { printSummary } from '../console/summary.js';
import type { RunConfig } from '../options.js';
import { readBaseline, readExpectedFailures } from '../expected-failures.js';
import { apiKeyOf, keyFileExposure, networkOf, settingsFor, specFetcher } from '../run-setup.js';
import { bypassedBy, shownProxy } from '../../http/proxy.js';
import { API_KEY_ENV, targetArgsOf } from '../options.js';
import { LONG_LIST } from '../../rules/long-list.js';
import { selectReplay, type ReplaySelection } from '../replay.js';
import { shardSeed } from '../shard-seed.js';
import { defaultReportDir, keepNewestRuns } from '../reports-folder.js';

/**
 * Runs the suites against the target and writes the reports. Returns the exit code; problems that stop the run
 * before it starts are thrown as ConformanceErrors (exit 2).
 */
export async function runCommand(config: RunConfig, out: Output, env: NodeJS.ProcessEnv): Promise<number> {
  markPhase('command');
  const apiKey = config.target.kind === 'url' ? await apiKeyOf(config, env) : undefined;
  const replay = config.replay ? await selectReplay(config.replay.report, config.replay.check) : undefined;
  // Shards must share a seed for merge to combine them: without --seed, a CI run's id gives every shard the same one.
  const shared = replay || config.seed !== undefined || !config.shard ? undefined : shardSeed(env);
  const expectations = config.expectFailures ? { file: config.expectFailures, entries: await readExpectedFailures(config.expectFailures) } : undefined;
  const baseline = config.baseline ? { file: config.baseline, report: await readBaseline(config.baseline) } : undefined;
  const network = await networkOf({ ...config, insecure: config.settings.insecure }, env);
  const spec = await loadSpec(config.specPath, { fetch: specFetcher(network, config.settings.timeoutMs) });
  markPhase('spec-loaded');
  const reportDir = config.reportDir ?? await defaultReportDir('run');
  const releaseReportDir = await prepareReportDir(reportDir);
  let reference: ReferenceServer | undefined;
  const interrupt = onInterrupt(out);
  const blobFile = config.shard ? join(reportDir, `blob-${config.shard.index}-${config.shard.count}.json`) : undefined;
  // vitest loads from here on, while the reference starts and the first contact is made: on a target far away they
  // take about as long. Not sooner: a run that stops on its input stops at once.
  const suites = loadSuites(blobFile);
  try {
    // The reference loads only for runs against it (an unknown --fault or --variant stops the run here, exit 2).
    const seed = replay?.seed ?? config.seed ?? shared?.seed ?? randomInt(0, 2 ** 31 - 1);
    if (config.target.kind === 'reference') {
      const { startReferenceServer, referenceKeyFor } = await import('../../reference/server.js');
      // Its key from the seed: generated credentials are mutations of the key, so the same seed sends the same ones.
      reference = await startReferenceServer({ faults: config.faults, variants: config.variants, apiKey: referenceKeyFor(seed) });
    }
    const target = reference?.url ?? (config.target as { url: string }).url;
    const key = reference?.apiKey ?? (apiKey as string);
    const redactor = new Redactor([key], [...config.secrets, ...network.secrets]);
    out.protect(redactor);
    const settings = settingsFor(config, spec, target, network);
    out.line(`${out.style.bold('petstore-conformance')} ${suiteVersion}: ${spec.title} ${spec.model.version} (spec sha256 ${spec.sha256.slice(0, 12)}…${spec.files.length > 1 ? ` over its ${spec.files.length} files` : ''})`);
    const patches = [...(reference?.faults ?? []), ...(reference?.variants ?? [])].map((p) => p.id);
    out.line(`target  ${target}${reference ? ` (bundled reference server${patches.length ? `: ${patches.join(', ')}` : ''})` : ''}`);
    if (config.implementation) out.line(`runs    ${config.implementation} (--implementation)`);
    out.line(`seed    ${seed}${shared ? ` (from ${shared.from}: every shard of this CI run takes it)` : ''}`);
    out.line(`profile ${profileLine(config)}`);
    if (settings.proxy) out.line(`proxy   ${shownProxy(settings.proxy)}`);
    const bypassed = config.target.kind === 'url' ? bypassedBy(target, network.proxyVariables) : undefined;
    if (bypassed) out.line(`proxy   none: ${bypassed} names ${new URL(target).host}`);
    if (settings.clientCertificate) out.line(`tls     client certificate ${settings.clientCertificate.shown}`);
    if (replay) out.line(`replay  "${replay.title}" from ${config.replay?.report}${replay.path ? `, case path ${replay.path}` : ''}`);
    if (replay?.specSha256 !== undefined && replay.specSha256 !== spec.sha256) {
      out.line(out.style.yellow(`the spec has changed since the report (sha256 ${replay.specSha256.slice(0, 12)}… then, ${spec.sha256.slice(0, 12)}… now): the check follows it as it is now`));
    }
    if (settings.readOnly) out.line(out.style.yellow(`read-only: ${settings.readOnly}; checks that would create categories are skipped`));
    if (settings.insecure) out.line(out.style.yellow('insecure: TLS certificates are not verified (--insecure)'));
    if (settings.assertFormats) out.line('formats asserted: a value that breaks a format of the spec\'s must be refused (--assert-formats)');
    for (const [flag, file] of [['--api-key-file', config.apiKeyFile], ['--client-key', config.clientKeyFile]] as const) {
      const exposure = file === undefined ? undefined : await keyFileExposure(file, flag);
      if (exposure) out.line(out.style.yellow(`warning: ${exposure}`));
    }
    if (apiKey !== undefined && redactedOnlyAsAWord(apiKey)) out.line(out.style.yellow(`warning: ${shortKeyWarning(apiKey)}`));
    // The bundled reference takes the key the run gave it: only a deployment's can be the wrong one.
    const keyToTry = apiKey === undefined ? undefined
      : { key: apiKey, source: config.apiKeyFile === undefined ? API_KEY_ENV : `the key in --api-key-file ${config.apiKeyFile}`, operations: spec.model.operations };
    await ensureReachable(target, settings, operationOf(spec.model.operations, 'list'), interrupt.signal, keyToTry);
    // Only now: a run that stops at the first contact writes no reports, and must not announce them.
    out.line(`reports ${reportDir}`);
    out.line();
    const assessment: Assessment = {
      ...(expectations ? { expectations } : {}), ...(baseline ? { baseline } : {}), strict: config.strict, failOn: config.failOn,
      // A replay judges one check by design: its exit code says how that check fared.
      failOnPartial: config.failOnPartial && !replay,
    };
    const session = await suites.session;
    // Closed as soon as the suites are done, before the reports: its worker's memory goes back.
    const raw = await session.run({
      // The replayed check runs as many cases as it did, whether they create or not.
      settings: replay ? { ...settings, numRuns: replay.numRuns ?? settings.numRuns, createRuns: replay.numRuns ?? settings.createRuns } : settings,
      spec, target, targetKind: reference ? 'reference' : 'url', apiKey: key, redactor, seed, profile: config.profile,
      ...(replay ? { replay: replayOf(replay) } : {}),
      ...(config.shard ? { shard: config.shard } : {}),
      listener: progressListener(out, (result) => judgeResult(result, assessment).effect),
      signal: interrupt.signal,
    }).finally(suites.close);
    if (blobFile) await redactJsonFile(blobFile, redactor);
    const report: RunReport = { ...judge(raw, assessment), ...(config.implementation ? { implementation: config.implementation } : {}), invocation: invocationOf(config, reportDir) };
    const code = await finish(out, report, reportDir, redactor, { certify: config.certify, env, ...(replay ? { replay } : {}) });
    if (config.reportDir === undefined) await keepNewestRuns(out, config.keepReports);
    return code;
  } finally {
    await suites.close();
    interrupt.dispose();
    await reference?.close();
    await releaseReportDir();
  }
}

/**
 * The suites' vitest session, loading from the call on (vitest's modules, then vitest itself), and its closing, once,
 * whether or not the run came to use it: a run stopped before the suites waits for the load to end, then closes it.
 */
function loadSuites(blobFile: string | undefined): { readonly session: Promise<SuiteSession>; readonly close: () => Promise<void> } {
  markPhase('vitest-loading');
  // The suites' worker loads on the other core while vitest loads here (see EarlyWorker).
  const early = EarlyWorker.start();
  const session = import('../../runner/run.js').then(({ SuiteSession }) => SuiteSession.open(blobFile, early));
  // Awaited only once the target is ready: a failure to load before then is the run's error from there, not unhandled.
  session.catch(() => undefined);
  let closed: Promise<void> | undefined;
  // The early worker closes at once: a run that stops before its suites does not leave it loading on the other core.
  return { session, close: () => (closed ??= Promise.all([early.close(), session.then((s) => s.close(), () => undefined)]).then(() => undefined)) };
}

/**
 * What a key too short to be told apart from ordinary text (core/secrets.ts) means for the output: hidden where it
 * stands alone, not where it is part of a longer word, as a target that echoes an altered key writes it.
 */
function shortKeyWarning(key: string): string {
  return `the API key is ${key.length} character${key.length === 1 ? '' : 's'} long, too short to be told apart from ordinary words: ` +
    'the console and the reports hide it where it stands alone ("Bearer <key>", a JSON string, a word of a message), not inside ' +
    `longer words, nor the altered keys the suite sends if the target echoes them; a key of ${SHORTEST_FRAGMENT} characters or more is hidden ` +
    'wherever half of it appears';
}

/** The profile and what it sets, on one line: what the run may cost the target is the first thing to know. */
function profileLine(config: RunConfig): string {
  const { maxWrites, topUp, numRuns, createRuns, concurrency, timeoutMs } = config.settings;
  const writes = maxWrites === undefined ? 'no write budget' : `at most ${maxWrites} new categories`;
  const toppedUp = topUp > 0 ? `, and a list shorter than ${LONG_LIST} topped up to it once` : '';
  return `${config.profile}: ${writes}${toppedUp}; ${numRuns} cases a generated property (${createRuns} where each creates); ` +
    `${concurrency} requests at once, ${timeoutMs / 1000} s each${config.failOnPartial ? '; a partial verdict fails' : ''}`;
}

/**
 * How this run was started, for the reports' replay commands: the CLI as it is started in its own clone or from an
 * installed package (never a bare `npx`, which could fetch another package of the name), the options that chose the
 * target and how it is reached, and its report.json, by its absolute path, as every file the options name: a replay
 * command runs from any directory the CLI runs from.
 */
function invocationOf(config: RunConfig, reportDir: string): Invocation {
  const program = process.cwd() === packageRoot ? 'node dist/src/cli/main.js' : 'npx --no-install petstore-conformance';
  return { program, targetArgs: targetArgsOf(config), reportJson: resolve(reportDir, 'report.json') };
}

/**
 * The first SIGINT or SIGTERM stops the run: checks under way are cancelled, and the reports of what ran are
 * written, marked incomplete (exit 2). A second one exits at once, without reports.
 */
function onInterrupt(out: Output): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      out.error(`petstore-conformance: ${signal} again: stopped without writing reports`);
      process.exit(EXIT.notCarriedOut);
    }
    out.error(`petstore-conformance: ${signal}: stopping; the reports will hold what ran, marked incomplete (${signal} again to stop at once)`);
    controller.abort(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

/**
 * Writes a finished run's reports, prints its summary (and GitHub annotations where GITHUB_ACTIONS is set), and
 * returns the exit code its verdict and policy give; 2 when a report could not be written, after the verdict all the
 * same (a full disk must not cost the run's verdict). Shared by runs and merges.
 */
export async function finish(out: Output, report: RunReport, reportDir: string, redactor: Redactor,
  options: { certify: boolean; env: NodeJS.ProcessEnv; replay?: ReplaySelection }): Promise<number> {
  const { paths, missing } = await writeReports(reportDir, report, redactor, options.certify);
  printSummary(out, report, paths);
  if (options.certify && report.verdict !== 'conformant') out.line(`No certificate: only a conformant run is certified, and this one is ${report.verdict}.`);
  if (options.replay) out.line(replayOutcome(options.replay, report));
  if (options.env['GITHUB_ACTIONS'] === 'true') for (const line of githubAnnotations(report)) out.line(line);
  const errors = report.errors ?? [];
  const interrupted = errors.find((e) => e.interrupted);
  const gone = errors.find((e) => e.targetGone);
  const bug = errors.find((e) => !e.interrupted && !e.targetGone);
  if (interrupted) {
    out.error(`petstore-conformance: the run was interrupted (${interrupted.message}); the reports hold what ran before, marked incomplete`);
  } else if (gone) {
    out.error(`petstore-conformance: the target ${gone.message}; the reports hold what ran before, marked incomplete`);
  }
  if (bug) {
    out.error(`petstore-conformance: the run is incomplete: ${bug.where}: ${bug.message}; this is a bug in petstore-conformance, please report it with ${paths[0] ?? 'this output'}`);
  }
  out.sayIfStdoutLost(`the reports in ${reportDir} hold what it would have shown`);
  if (missing.length > 0) {
    out.error(`petstore-conformance: not written to ${reportDir}: ${missing.map((m) => `${m.name} (${m.why})`).join(', ')}; ` +
      'the verdict above stands without them: free space there, or choose another --report-dir');
    return EXIT.notCarriedOut;
  }
  const code = exitCodeOf(report);
  if (code === EXIT.partial) out.error('petstore-conformance: the verdict is partial (see what was not judged above) and --fail-on-partial is set: exit 3');
  return code;
}

/** What the runner needs of a replay: the check, its suite, and its case as recorded. */
function replayOf({ title, suite, checkSeed, path }: ReplaySelection) {
  return { title, suite, ...(checkSeed !== undefined ? { checkSeed } : {}), ...(path !== undefined ? { path } : {}) };
}

/**
 * Whether the replayed check did again what the report recorded; and what else failed in the replay (the audits
 * and closing checks of its suite judge what it sent), since that fails the replay's verdict too.
 */
function replayOutcome(replay: ReplaySelection, report: RunReport): string {
  const now = report.results.find((r) => titleOf(r) === replay.title);
  const then = replay.recorded.outcome;
  if (!now) return `Replay: "${replay.title}" did not run`;
  const others = report.results.filter((r) => r !== now && r.outcome === 'failed').map(titleOf);
  const alsoFailed = others.length ? `; the replay's other checks of what it sent failed too: ${others.join('; ')}` : '';
  if (now.outcome === 'skipped') return `Replay: could not replay "${replay.title}": ${now.message ?? 'it was skipped'}${alsoFailed}`;
  const same = now.outcome === then ? 'reproduced' : then === 'failed' && now.outcome === 'passed' ? 'passes now' : 'not reproduced';
  return `Replay: ${same}: the check ${then} in the report and ${now.outcome} now${now.message ? `: ${now.message}` : ''}${alsoFailed}`;
}
