/**
 * `npm run bench`: how fast a run is, and where its time goes. Runs the CLI as users do (a new process per run,
 * reports written) against the bundled reference server, after a warm-up, several times per scenario, in rounds
 * of one run of each (so that a change in the machine's speed touches every scenario alike); prints and writes
 * medians with their spread to bench/RESULTS.md. Asserts no time: it fails only when a run does not
 * end conformant, since a benchmark of a broken run measures nothing.
 *
 *   npm run bench                 every scenario
 *   npm run bench -- --quick      one run per scenario, without the largest ones, printed only (a smoke test)
 *   npm run bench -- --against DIR [--only TEXT]
 *                                 this build and the one in DIR (another checkout, built), side by side: the
 *                                 scenario named TEXT, or those whose name holds it (default: all), in rounds
 *                                 of one run of each build, which goes first alternating; printed only, with
 *                                 each build's time over its latency floor where the target answers late
 *   npm run bench -- --help       this text
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { packageRoot, suiteVersion } from '../src/core/package-info.js';
import { plural } from '../src/core/plural.js';
import { referenceHandler } from '../src/reference/server.js';
import type { RunReport } from '../src/results/run-report.js';

const CLI = join(packageRoot, 'dist', 'src', 'cli', 'main.js');
const BARE_CLIENT = join(packageRoot, 'dist', 'bench', 'bare-client.js');
const RESULTS = join(packageRoot, 'bench', 'RESULTS.md');
const SEED = '20261122';

/** One way of running the suite, measured `runs` times after one warm-up run. */
interface Scenario {
  readonly name: string;
  /** Categories the target holds before the run; undefined: `--target reference`, the server inside the CLI. */
  readonly preload?: number;
  readonly args?: readonly string[];
  /**
   * Every answer this many milliseconds later, as a deployment's over a network: the bench's server holds each
   * request that long before the reference handles it, and counts the wait as the target's busy time.
   */
  readonly answerDelayMs?: number;
  /**
   * Run with the default profile (staging: 8 requests in flight) as users run against a deployment, not with the `ci`
   * profile the bench's other targets get: the latency scenarios measure a default run against its latency floor.
   */
  readonly defaultProfile?: boolean;
  /**
   * Measure the second run against the target, not the first: a long-lived target holds earlier runs' categories, whose
   * text goes beyond ASCII (its lists are then decoded as two bytes a character), where a new one holds the preload's.
   */
  readonly afterARun?: boolean;
  readonly runs: number;
}

/** What a bare client's whole process took against a target on loopback: the yardstick of a run's start and its client. */
interface BareLoopbackSample {
  readonly wallMs: number;
  readonly requests: number;
  readonly inFlight: number;
}

/** What one run showed. */
interface Sample {
  readonly wallMs: number;
  readonly requests: number;
  readonly checks: number;
  readonly maxRssBytes: number;
  /** Response body bytes the run read from the target. */
  readonly bytesReceived: number;
  readonly timings: NonNullable<RunReport['timings']>;
  /** Requests in flight at once the run was allowed (its --concurrency). */
  readonly concurrency: number;
  /** Time the target had at least one of the suites' requests open, seen from the server; undefined when it ran in the CLI. */
  readonly serverBusyMs?: number;
}

if (process.argv.includes('--help')) {
  // The usage is this file's opening comment; --help must not start a bench that takes many minutes.
  process.stdout.write('npm run bench [-- --quick | -- --against DIR [--only TEXT]]: see bench/bench.ts\n');
  process.exit(0);
}
const quick = process.argv.includes('--quick');
/** The value after an option of the command line, if given. */
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RUNS = quick ? 1 : 5;
/** How late the target answers for the bare client, and in the scenario its figures are set beside. */
const YARDSTICK_DELAY_MS = 20;
/** Requests the bare client sends per run: enough for a steady figure per request, at 20 ms each about 4 s. */
const BARE_REQUESTS = quick ? 20 : 200;
/** Runs each way of the npx comparison. */
const NPX_RUNS = quick ? 1 : 5;

const SCENARIOS: readonly Scenario[] = [
  { name: 'default run, `--target reference`', runs: RUNS },
  { name: 'empty target', preload: 0, runs: RUNS },
  { name: '1,000 categories', preload: 1_000, runs: RUNS },
  { name: '10,000 categories', preload: 10_000, runs: RUNS },
  ...(quick ? [] : [
    { name: '100,000 categories', preload: 100_000, runs: RUNS },
    { name: '100,000 categories, after a run', preload: 100_000, afterARun: true, runs: RUNS },
  ]),
  { name: `empty target answering in ${YARDSTICK_DELAY_MS} ms`, preload: 0, answerDelayMs: YARDSTICK_DELAY_MS, defaultProfile: true, runs: RUNS },
  ...(quick ? [] : [
    { name: 'empty target answering in 100 ms', preload: 0, answerDelayMs: 100, defaultProfile: true, runs: Math.min(RUNS, 3) },
    { name: 'empty target answering in 120 ms', preload: 0, answerDelayMs: 120, defaultProfile: true, runs: Math.min(RUNS, 3) },
  ]),
  { name: 'empty target, `--runs 100`', preload: 0, args: ['--runs', '100'], runs: RUNS },
  ...(quick ? [] : [{ name: 'empty target, `--runs 1000`', preload: 0, args: ['--runs', '1000'], runs: Math.min(RUNS, 3) }]),
];

/** A reference server in this process, timing how long it has requests open. */
async function target(preload: number, answerDelayMs = 0): Promise<{ url: string; apiKey: string; busyMs(): number; close(): Promise<void> }> {
  const reference = await referenceHandler({ preload });
  let open = 0;
  let since = 0;
  let busy = 0;
  let requests = 0;
  const server: Server = createServer((request, response) => {
    // The first request is the CLI's first contact, before the suites start: its time is not theirs to cover.
    if (requests++ > 0) {
      if (open++ === 0) since = performance.now();
      response.on('close', () => {
        if (--open === 0) busy += performance.now() - since;
      });
    }
    if (answerDelayMs > 0) setTimeout(() => reference.handle(request, response), answerDelayMs);
    else reference.handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    apiKey: reference.apiKey,
    busyMs: () => busy,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** What the bare client took, from its first measured request to its last answer, and the target's busy time meanwhile. */
interface BareSample {
  readonly spanMs: number;
  readonly serverBusyMs: number;
}

/**
 * Runs bench/bare-client.ts once against an empty target answering in {@link YARDSTICK_DELAY_MS} ms: what a client
 * that only sends and reads adds over the target's busy time, the yardstick for the suites' HTTP client and checks
 * against that target.
 */
async function runBareClient(): Promise<BareSample> {
  const { run, busyMs } = await bareClient(YARDSTICK_DELAY_MS, BARE_REQUESTS, 1);
  return { spanMs: (JSON.parse(run.stdout) as { spanMs: number }).spanMs, serverBusyMs: busyMs };
}

/**
 * Runs bench/bare-client.ts once against an empty target on loopback, as many requests as a run against such a target
 * sent, as many at once as it had in flight: its process from start to exit, beside the run's (see loopbackLines).
 */
async function runBareLoopback(requests: number, inFlight: number): Promise<BareLoopbackSample> {
  const { run } = await bareClient(0, requests, inFlight);
  return { wallMs: run.wallMs, requests, inFlight };
}

/** The bare client's process against a new empty target answering `delayMs` late; it must succeed. */
async function bareClient(delayMs: number, requests: number, inFlight: number): Promise<{ run: ChildRun; busyMs: number }> {
  const server = await target(0, delayMs);
  try {
    const run = await runNode([BARE_CLIENT, server.url, String(requests), String(inFlight)], { ...process.env, PETSTORE_API_KEY: server.apiKey });
    if (run.code !== 0) throw new Error(`the bare client exited ${run.code}: ${run.stderr.trim()}`);
    return { run, busyMs: server.busyMs() };
  } finally {
    await server.close();
  }
}

/** What a Node process did: its exit code, what it wrote, and its time from start to exit. */
interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
}

/** Runs `node <args>` and waits until it has exited and everything it wrote has been read. */
function runNode(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ChildRun> {
  return runCommand(process.execPath, args, env);
}

/** Runs a command and waits until it has exited and everything it wrote has been read. */
async function runCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<ChildRun> {
  const started = performance.now();
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
  let stdout = '';
  let stderr = '';
  let wallMs = 0;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.on('exit', () => (wallMs = performance.now() - started));
  // 'close', not 'exit': the output may still be arriving when the process exits.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, wallMs };
}

/** Runs the CLI once, from process start to exit. */
async function runOnce(scenario: Scenario, cli = CLI): Promise<Sample> {
  const server = scenario.preload === undefined ? undefined : await target(scenario.preload, scenario.answerDelayMs);
  const dir = await mkdtemp(join(tmpdir(), 'petstore-bench-'));
  try {
    // The bench's own servers are thrown away after the run, like the bundled reference: the same (ci) profile.
    const targetArgs = server ? ['--target', server.url, ...(scenario.defaultProfile ? [] : ['--profile', 'ci'])] : ['--target', 'reference'];
    const args = [cli, ...targetArgs, '--seed', SEED, '--report-dir', dir, ...(scenario.args ?? [])];
    const env = { ...process.env, NO_COLOR: '1', ...(server ? { PETSTORE_API_KEY: server.apiKey } : {}) };
    if (scenario.afterARun) {
      const before = await runNode(args, env);
      if (before.code !== 0) throw new Error(`${scenario.name}: the run before the measured one exited ${before.code}. ${before.stderr.trim()}`);
    }
    const busyBefore = server?.busyMs() ?? 0;
    const { code, stderr, wallMs } = await runNode(args, env);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    if (code !== 0 || report.verdict !== 'conformant' || !report.timings) {
      throw new Error(`${scenario.name}: the run ended ${report.verdict} with exit ${code}; a benchmark of it would measure nothing. ${stderr.trim()}`);
    }
    return {
      wallMs, requests: report.summary.requests, checks: report.summary.checks, maxRssBytes: report.resources?.maxRssBytes ?? 0,
      bytesReceived: report.resources?.bytesReceived ?? 0, concurrency: report.settings.concurrency,
      timings: report.timings, ...(server ? { serverBusyMs: server.busyMs() - busyBefore } : {}),
    };
  } finally {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a command that must succeed (exit 0). */
async function runOk(command: string, args: readonly string[], cwd: string): Promise<ChildRun> {
  const run = await runCommand(command, args, { ...process.env, NO_COLOR: '1' }, cwd);
  if (run.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${run.code}: ${run.stderr.trim()}`);
  return run;
}

/** What `npx` added to starting the same installed CLI with `node`, and to starting a package that does nothing. */
interface NpxSample {
  /** A default run against the bundled reference, started with `npx --no-install petstore-conformance`. */
  readonly npxMs: number;
  /** The same run, started with `node node_modules/petstore-conformance/dist/src/cli/main.js`. */
  readonly nodeMs: number;
  /** `npx --no-install` of a package whose command does nothing, installed the same way: npm's own part. */
  readonly emptyNpxMs: number;
  /** `node` running that command. */
  readonly emptyNodeMs: number;
}

/**
 * What starting the suite with `npx` costs beyond `node`, as users install it: the package packed and installed into an
 * empty project from npm's cache (not timed), beside a package whose command does nothing, installed alike; then default
 * runs against the bundled reference both ways, and the empty command both ways, alternating.
 */
async function measureNpx(runs: number): Promise<NpxSample[]> {
  const work = await mkdtemp(join(tmpdir(), 'petstore-bench-npx-'));
  try {
    const project = join(work, 'project');
    const empty = join(work, 'empty-command');
    await mkdir(project);
    await mkdir(empty);
    await writeFile(join(empty, 'package.json'), JSON.stringify({ name: 'empty-command', version: '1.0.0', bin: { 'empty-command': 'main.js' } }));
    await writeFile(join(empty, 'main.js'), '#!/usr/bin/env node\n');
    await runOk('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], packageRoot);
    await runOk('npm', ['pack', '--silent', '--pack-destination', work], empty);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'a-project', private: true }));
    await runOk('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund',
      join(work, `petstore-conformance-${suiteVersion}.tgz`), join(work, 'empty-command-1.0.0.tgz')], project);
    const cli = ['--target', 'reference', '--seed', SEED, '--report-dir', join(work, 'reports')];
    const installed = join(project, 'node_modules', 'petstore-conformance', 'dist', 'src', 'cli', 'main.js');
    const samples: NpxSample[] = [];
    for (let run = 0; run < runs; run++) {
      samples.push({
        npxMs: (await runOk('npx', ['--no-install', 'petstore-conformance', ...cli], project)).wallMs,
        nodeMs: (await runOk(process.execPath, [installed, ...cli], project)).wallMs,
        emptyNpxMs: (await runOk('npx', ['--no-install', 'empty-command'], project)).wallMs,
        emptyNodeMs: (await runOk(process.execPath, [join(project, 'node_modules', 'empty-command', 'main.js')], project)).wallMs,
      });
    }
    return samples;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] as number : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `median (min–max)` of a figure over the samples. */
function spread(samples: readonly Sample[], figure: (s: Sample) => number, unit: (n: number) => string): string {
  const values = samples.map(figure);
  return samples.length === 1 ? unit(values[0] as number) : `${unit(median(values))} (${unit(Math.min(...values))}–${unit(Math.max(...values))})`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/**
 * A run's latency floor against a target answering `delayMs` late: its requests, `concurrency` at a time, each
 * waiting that long (requests × latency ÷ concurrency). No run of that many requests can end sooner.
 */
const floorMs = (s: Sample, delayMs: number) => (s.requests * delayMs) / s.concurrency;
/** `ratio× (floor s)`: the median over the runs of the wall time over the latency floor, and the floor. */
const overFloor = (samples: readonly Sample[], delayMs: number) =>
  `${median(samples.map((s) => s.wallMs / floorMs(s, delayMs))).toFixed(2)}× (floor ${seconds(median(samples.map((s) => floorMs(s, delayMs))))} s)`;
const millis = (ms: number) => ms.toFixed(0);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/**
 * `--against DIR`: each chosen scenario run by this build and by DIR's, in rounds of one run of each (the machine's
 * speed drifts: what is compared ran at the same moment), the first of the pair alternating; prints the medians of
 * each build and the median, over the rounds, of this build's run against the other's.
 */
async function sideBySide(root: string, only = ''): Promise<void> {
  const other = join(root, 'dist', 'src', 'cli', 'main.js');
  const row = (samples: readonly Sample[]) => `${spread(samples, (s) => s.wallMs, seconds)} s, ${spread(samples, (s) => s.maxRssBytes, megabytes)} MB`;
  // A name given whole picks that scenario alone ('empty target' is also the start of the latency scenarios' names).
  const exact = SCENARIOS.filter((s) => s.name === only);
  for (const scenario of exact.length ? exact : SCENARIOS.filter((s) => s.name.includes(only))) {
    const mine: Sample[] = [];
    const theirs: Sample[] = [];
    await runOnce(scenario);
    await runOnce(scenario, other);
    const bare: BareLoopbackSample[] = [];
    for (let round = 0; round < scenario.runs; round++) {
      for (const first of round % 2 ? [false, true] : [true, false]) (first ? mine : theirs).push(await runOnce(scenario, first ? CLI : other));
      const last = mine.at(-1) as Sample;
      if (isEmptyTarget(scenario)) bare.push(await runBareLoopback(last.requests, last.concurrency));
    }
    const ratio = (figure: (s: Sample) => number) => median(mine.map((s, i) => figure(s) / figure(theirs[i] as Sample))).toFixed(2);
    const delay = scenario.answerDelayMs;
    const floors = delay ? `; over the latency floor: this build ${overFloor(mine, delay)}, ${root} ${overFloor(theirs, delay)}` : '';
    const overBare = (samples: readonly Sample[]) => median(samples.map((s, i) => s.wallMs / (bare[i] as BareLoopbackSample).wallMs)).toFixed(2);
    const bareLine = bare.length ? `; over a bare client's process (${seconds(median(bare.map((b) => b.wallMs)))} s): this build ${overBare(mine)}×, ${root} ${overBare(theirs)}×` : '';
    process.stdout.write(`${scenario.name}, ${plural(scenario.runs, 'round')}: this build ${row(mine)}; ${root} ${row(theirs)}; ` +
      `this build against that one, per round: time ${ratio((s) => s.wallMs)}×, peak memory ${ratio((s) => s.maxRssBytes)}×${floors}${bareLine}\n`);
  }
}

async function main(): Promise<void> {
  const against = option('--against');
  if (against) return sideBySide(against, option('--only'));
  const measured = SCENARIOS.map((scenario) => ({ scenario, samples: [] as Sample[] }));
  const bare: BareSample[] = [];
  const bareLoopback: BareLoopbackSample[] = [];
  const empty = measured.find(({ scenario }) => isEmptyTarget(scenario));
  process.stdout.write('warm-up:');
  for (const { scenario } of measured) process.stdout.write(` ${seconds((await runOnce(scenario)).wallMs)} s`);
  process.stdout.write(`, bare client ${seconds((await runBareClient()).spanMs)} s\n`);
  const rounds = Math.max(...SCENARIOS.map((s) => s.runs));
  for (let round = 1; round <= rounds; round++) {
    process.stdout.write(`round ${round}:`);
    for (const { scenario, samples } of measured) {
      if (round > scenario.runs) continue;
      samples.push(await runOnce(scenario));
      process.stdout.write(` ${seconds(samples.at(-1)?.wallMs ?? 0)} s`);
    }
    bare.push(await runBareClient());
    process.stdout.write(`, bare client ${seconds(bare.at(-1)?.spanMs ?? 0)} s`);
    const emptyRun = empty?.samples.at(-1);
    if (emptyRun) bareLoopback.push(await runBareLoopback(emptyRun.requests, emptyRun.concurrency));
    process.stdout.write(`, bare client on loopback ${seconds(bareLoopback.at(-1)?.wallMs ?? 0)} s\n`);
  }
  process.stdout.write('npx against node:');
  const npx = await measureNpx(NPX_RUNS);
  process.stdout.write(` ${npx.map((n) => `${seconds(n.npxMs)}/${seconds(n.nodeMs)} s`).join(' ')}\n`);
  const markdown = resultsMarkdown(measured, bare, bareLoopback, npx);
  process.stdout.write(`\n${markdown}\n`);
  if (quick) return;
  await writeFile(RESULTS, markdown);
  process.stdout.write(`Written to ${RESULTS}\n`);
}

const t = (s: Sample) => s.timings;
/** The suites after their first request: the HTTP client, checks, validation and vitest's work between checks. */
const checking = (s: Sample) => t(s).suitesMs - t(s).firstRequestMs;
/** Of that, the time with no request open on the target: checks, validation, bookkeeping and vitest. */
const noneOpen = (s: Sample) => checking(s) - t(s).waitingOnTargetMs;

/** The empty target on loopback: the scenario the preloaded ones and the bare client are set beside. */
const isEmptyTarget = (scenario: Scenario) => scenario.preload === 0 && !scenario.args && !scenario.answerDelayMs;

function resultsMarkdown(measured: readonly { scenario: Scenario; samples: Sample[] }[], bare: readonly BareSample[], bareLoopback: readonly BareLoopbackSample[], npx: readonly NpxSample[]): string {
  const cpu = cpus();
  const empty = measured.find((m) => isEmptyTarget(m.scenario));
  // A run's wall time against the empty target's run of the same round (the machine was as fast for both), per round.
  const againstEmpty = (samples: readonly Sample[], compare: (wallMs: number, emptyWallMs: number) => number) =>
    samples.slice(0, empty?.samples.length ?? 0).map((s, i) => compare(s.wallMs, (empty?.samples[i] as Sample).wallMs));
  const rows = measured.map(({ scenario, samples }) => {
    const ratios = againstEmpty(samples, (wall, emptyWall) => wall / emptyWall);
    const growth = ratios.length && scenario.preload ? ` (${median(ratios).toFixed(2)}×)` : '';
    return `| ${scenario.name} | ${samples.length} | ${spread(samples, (s) => s.wallMs, seconds)}${growth} | ${median(samples.map((s) => s.requests))} | ` +
      `${median(samples.map((s) => s.checks))} | ${millis(median(samples.map((s) => s.requests / (s.wallMs / 1000))))} | ` +
      `${(median(samples.map((s) => s.bytesReceived)) / 1024 / 1024).toFixed(1)} | ${spread(samples, (s) => s.maxRssBytes, megabytes)} |`;
  });
  // How the cost grows with the target's data: the time each scenario adds to the empty target's, per MB it reads more.
  const emptyRead = empty ? median(empty.samples.map((s) => s.bytesReceived)) : undefined;
  const perMegabyte = measured.filter(({ scenario }) => (scenario.preload ?? 0) > 0 && !scenario.args && !scenario.answerDelayMs).map(({ scenario, samples }) => {
    const extraMs = median(againstEmpty(samples, (wall, emptyWall) => wall - emptyWall));
    const extraMb = (median(samples.map((s) => s.bytesReceived)) - (emptyRead ?? 0)) / 1024 / 1024;
    return `${scenario.name}: ${millis(extraMs / extraMb)} ms per MB`;
  });
  const phases = measured.map(({ scenario, samples }) => {
    const m = (f: (s: Sample) => number) => millis(median(samples.map(f)));
    const other = (s: Sample) => s.wallMs - t(s).startupMs - t(s).specMs - t(s).vitestStartMs - t(s).suitesMs;
    const measuredServer = samples.every((s) => s.serverBusyMs !== undefined);
    const server = measuredServer ? m((s) => s.serverBusyMs ?? 0) : 'in the CLI';
    // What a span adds over the time the target spent answering, as a share of that time.
    const over = (span: (s: Sample) => number) => measuredServer
      ? `${(median(samples.map((s) => (span(s) - (s.serverBusyMs ?? 0)) / (s.serverBusyMs ?? 1))) * 100).toFixed(0)}%` : '';
    return `| ${scenario.name} | ${m((s) => t(s).toFirstRequestMs ?? NaN)} | ${m((s) => t(s).startupMs)} | ${m((s) => t(s).specMs)} | ${m((s) => t(s).vitestStartMs)} | ${m((s) => t(s).suitesMs)} | ` +
      `${m((s) => t(s).firstRequestMs)} | ${m((s) => t(s).waitingOnTargetMs)} | ${m(noneOpen)} | ${server} | ` +
      `${over(checking)} | ${over((s) => t(s).suitesMs)} | ${m(other)} |`;
  });
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}, ${process.platform}/${process.arch}. Seed ${SEED}; every scenario ran once to warm up, then as often as the table says, in rounds of one run of each.`,
    'The CLI runs as users run it: a new process per run, every report written. Figures are medians, with the range in brackets.',
    'The target is the bundled reference server: inside the CLI for `--target reference`, otherwise in the benchmark\'s own process',
    '(so that its time can be measured), preloaded with the categories the scenario names.',
    '',
    '| scenario | runs | wall time, s | requests | checks | requests/s | read from the target, MB | peak memory, MB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'The factor after a preloaded target\'s time is the median, over the rounds, of its run\'s time over the empty target\'s run of the same round.',
    `Growth with the target's data, as time added to the empty target's run per extra MB of lists read: ${perMegabyte.join('; ')}.`,
    'A constant figure means the cost grows with the size of the lists the suite must read, and no faster.',
    '',
    'Where the time goes (medians, ms): process start to the suites\' first request (the CLI\'s first contact, which only checks that',
    'the target can be reached, comes before it); process start to the first line of the CLI; the spec read, validated, dereferenced and its',
    'schemas compiled (for the bundled spec, the build\'s snapshot of that read); vitest loaded, alongside the reference\'s start and the first contact; the suites, split into their',
    'start-up (vitest\'s worker starting, the suites\' modules loading and the validators made, up to the first request), the',
    'time with at least one request open on the target (seen from the client) and the rest (checks, validation, bookkeeping,',
    'vitest, between requests); the target\'s own busy time',
    'with the suites\' requests, seen from the server; what the suites took beyond that busy time, as a share of it: from the first request on (the HTTP',
    'client and the checks), and in all (with the start-up); and the remainder (the first contact\'s time beyond vitest\'s load, reports, exit).',
    '',
    '| scenario | first request | start | spec | vitest start | suites | suites\' start-up | waiting on target | checks between requests | server busy | ' +
      'HTTP client and checks over server busy | suites over server busy | other |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...phases,
    '',
    ...latencyLines(measured),
    ...loopbackLines(empty?.samples ?? [], bareLoopback),
    ...yardstick(measured.find(({ scenario }) => scenario.answerDelayMs === YARDSTICK_DELAY_MS)?.samples ?? [], bare),
    ...npxLines(npx),
  ].join('\n');
}

/**
 * Against the target answering in {@link YARDSTICK_DELAY_MS} ms, the suites' time over the target's busy time (from their first request
 * on) in its two parts, beside the bare client's: with a request open, where the HTTP client's cost lies (with
 * loopback's, which any client pays); and with none open, which is the checks' and vitest's own.
 */
function yardstick(slow: readonly Sample[], bare: readonly BareSample[]): string[] {
  if (!slow.length || !bare.length) return [];
  const busy = (s: Sample) => s.serverBusyMs ?? 1;
  const openBeyondBusy = median(slow.map((s) => (t(s).waitingOnTargetMs - busy(s)) / busy(s))) * 100;
  const noneOpenShare = median(slow.map((s) => noneOpen(s) / busy(s))) * 100;
  const bareOver = median(bare.map((b) => (b.spanMs - b.serverBusyMs) / b.serverBusyMs)) * 100;
  const barePerRequest = median(bare.map((b) => (b.spanMs - b.serverBusyMs) / BARE_REQUESTS));
  return [
    `Against the target answering in ${YARDSTICK_DELAY_MS} ms, the suites' time beyond the target's busy time, from their first request on, in two`,
    `parts (separate medians): ${openBeyondBusy.toFixed(1)}% of that busy time with a request open while the target was not busy (loopback,`,
    'the HTTP client, the target\'s HTTP parsing outside its handler, and answers waiting while the one worker runs other checks),',
    `and ${noneOpenShare.toFixed(1)}% with no request open (checks, validation and vitest, most of it where one wave of suites ends and the next`,
    'starts). For scale, a bare undici client (bench/bare-client.ts: no checks, no test runner), in a process of its own,',
    `sending ${BARE_REQUESTS} requests one at a time (a create, then a list read) to the same kind of target, took ${bareOver.toFixed(1)}% longer`,
    `than that target was busy: ${barePerRequest.toFixed(2)} ms an exchange (${bare.length === 1 ? 'one run' : `median of ${bare.length} runs`}). The suites send`,
    'some requests side by side, which hides part of that cost, so the two shares are a scale, not a like-for-like comparison.',
    '',
  ];
}

/**
 * Each scenario whose target answers late against its latency floor (requests × latency ÷ concurrency, see floorMs): a
 * run that kept the target busy at its concurrency from start to end would take its floor and a little start-up.
 */
function latencyLines(measured: readonly { scenario: Scenario; samples: Sample[] }[]): string[] {
  const late = measured.filter(({ scenario, samples }) => scenario.answerDelayMs && samples.length);
  if (!late.length) return [];
  return [
    'Against a target answering every request late, as a deployment across a network does, a default run (8 requests in flight) beside',
    'its latency floor: its requests × the latency ÷ the requests in flight, the time no run of those requests can beat.',
    'The ratio is the median, over the runs, of the run\'s wall time (process start to exit) over its floor.',
    '',
    '| scenario | requests | in flight | floor, s | wall time, s | over the floor |',
    '|---|---|---|---|---|---|',
    ...late.map(({ scenario, samples }) => {
      const delay = scenario.answerDelayMs as number;
      return `| ${scenario.name} | ${median(samples.map((s) => s.requests))} | ${median(samples.map((s) => s.concurrency))} | ` +
        `${seconds(median(samples.map((s) => floorMs(s, delay))))} | ${spread(samples, (s) => s.wallMs, seconds)} | ` +
        `${median(samples.map((s) => s.wallMs / floorMs(s, delay))).toFixed(2)}× |`;
    }),
    '',
  ];
}

/**
 * The empty target's run on loopback beside a bare client's process (bench/bare-client.ts) sending as many requests, as
 * many at once: what the CLI's start, vitest, the checks and the reports cost over any client's process.
 */
function loopbackLines(empty: readonly Sample[], bare: readonly BareLoopbackSample[]): string[] {
  if (!empty.length || !bare.length) return [];
  const ratios = bare.map((b, i) => (empty[i] as Sample).wallMs / b.wallMs);
  return [
    `On loopback, the empty target's run took ${seconds(median(empty.map((s) => s.wallMs)))} s from process start to exit; a bare undici client's`,
    `process sending its ${median(bare.map((b) => b.requests))} requests, ${median(bare.map((b) => b.inFlight))} at once, took ${seconds(median(bare.map((b) => b.wallMs)))} s:`,
    `the run is ${median(ratios).toFixed(2)}× the bare client (median over the rounds of the two, run one after the other).`,
    '',
  ];
}

/** What `npx` adds, against what it adds to a command that does nothing. */
function npxLines(npx: readonly NpxSample[]): string[] {
  if (!npx.length) return [];
  const m = (f: (n: NpxSample) => number) => millis(median(npx.map(f)));
  return [
    `Started with \`npx --no-install petstore-conformance\` in a project that installed the packed package, a default run against the`,
    `bundled reference took ${seconds(median(npx.map((n) => n.npxMs)))} s, against ${seconds(median(npx.map((n) => n.nodeMs)))} s started with \`node\` (medians of ${npx.length}, alternating): npx added`,
    `${m((n) => n.npxMs - n.nodeMs)} ms. For a package whose command does nothing, installed beside it, npx added ${m((n) => n.emptyNpxMs - n.emptyNodeMs)} ms: npm's own start`,
    '(loading npm, reading the project\'s lockfile, a shell), which any package started with npx pays.',
    '',
  ];
}

await main();
