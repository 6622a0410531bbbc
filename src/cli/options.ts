import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_KEY_ENV } from '../core/api-key-variable.js';
import { UsageError } from '../core/errors.js';
import { LONG_LIST } from '../rules/long-list.js';
import type { Settings } from '../protocol/settings.js';
import { unknownNames, type Selection } from '../rules/selection.js';
import { defaultProfile, PROFILES, type Profile, type ProfileName } from './profiles.js';
import { recordedRun } from './replay.js';
import { STRICT_OPTION } from '../results/verdict.js';

/** One command-line option: its flag, what its value looks like, what it does. The single source for --help. */
export interface OptionDef {
  readonly name: string;
  /** Its one-letter form (`-h`), if any. */
  readonly short?: string;
  /** Placeholder of its value (`<ms>`); absent for a switch. */
  readonly value?: string;
  readonly multiple?: boolean;
  /** A few words for --help's one line: the option at a glance. */
  readonly brief: string;
  /**
   * An option --help shows on the line of the option named here (`--only, --skip <rule|area>`), with that option's
   * brief: options used together take one line, so that --help fits a screen.
   */
  readonly sharesLineWith?: string;
  /** Whether --help's first screen lists it with its brief; the others it only names (all of them: `--help options`). */
  readonly common?: true;
  /** What it does in full, with its defaults: `--help <option>`. */
  readonly describe: string;
}

/** Defaults that are the same in every profile (see profiles.ts for the others), stated once. */
export const DEFAULTS = {
  /** Enough for a list of 100,000 categories with long descriptions. */
  maxResponseBytes: 64 * 1024 * 1024,
} as const;

/** A profile's default, for --help: `staging 100, ci none, certify none`. */
function byProfile(value: (p: Profile) => string | number | undefined): string {
  return Object.values(PROFILES).map((p) => `${p.name} ${value(p) ?? 'none'}`).join(', ');
}

/** Names of --env that mean production: the usual short forms too, so a habit does not lift the guard. */
export const PRODUCTION_NAMES: readonly string[] = ['production', 'prod', 'prd', 'live'];
/** The other names --env takes. Only known names: a misspelt "production" must not pass for another environment. */
const OTHER_ENVIRONMENTS: readonly string[] = ['staging', 'stage', 'preview', 'uat', 'qa', 'test', 'testing', 'development', 'dev', 'local', 'sandbox'];

export { API_KEY_ENV };

export const OPTIONS: readonly OptionDef[] = [
  { name: 'target', common: true, value: '<url>', brief: 'base URL ending in /v1, or reference', describe: 'base URL of the deployment, ending in the version segment (https://host/v1); "reference" starts the bundled reference server' },
  { name: 'profile', common: true, value: '<name>', brief: 'staging (default), ci or certify', describe: `the defaults for how the run is used: ${Object.values(PROFILES).map((p) => `"${p.name}" for ${p.use}`).join('; ')} (default: staging, or ci with --target reference)` },
  { name: 'spec', value: '<file>', brief: 'your revision of the spec', describe: 'your revision of the spec (default: the bundled spec/openapi.yaml): the bodies sent, their bounds and the list\'s parameters follow it' },
  { name: 'report-dir', common: true, value: '<dir>', brief: 'where the reports go', describe: 'where report.json and the other reports go (default: reports/run-<date>-<time>-<id>); one another run is writing to is refused' },
  { name: 'seed', common: true, value: '<int>', brief: 'repeat a run\'s generated data', describe: 'seed for generated data, 0 to 2147483647 (default: random; printed and recorded)' },
  { name: 'runs', value: '<n>', brief: 'cases per generated property', describe: `cases per generated property (default: ${byProfile((p) => p.numRuns)})` },
  { name: 'create-runs', value: '<n>', sharesLineWith: 'runs', brief: '', describe: `cases per generated property whose cases create categories (default: ${byProfile((p) => p.createRuns ?? p.numRuns)}; --runs if given)` },
  { name: 'max-writes', value: '<n>', brief: 'most categories the run may create', describe: `most categories the run may create, besides the top-up (default: ${byProfile((p) => p.maxWrites)})` },
  { name: 'top-up', value: '<n>', brief: `most it may add to bring a short list to ${LONG_LIST}`, describe: `most categories the run may add to bring a list of ${LONG_LIST - 1} or fewer to ${LONG_LIST}, for the checks that need a long list; a later run finds it long enough (default: ${LONG_LIST}; 0: never)` },
  { name: 'timeout', value: '<ms>', brief: 'deadline of each request', describe: `deadline of each request, in milliseconds (default: ${byProfile((p) => p.timeoutMs)})` },
  { name: 'concurrency', value: '<n>', brief: 'requests in flight, started a second', describe: `requests in flight at once (default: ${byProfile((p) => p.concurrency)})` },
  { name: 'rate', value: '<n>', sharesLineWith: 'concurrency', brief: '', describe: 'requests started per second (default: no limit); a 429 is waited out (Retry-After up to 10 s) and retried' },
  { name: 'api-key-file', common: true, value: '<file>', brief: `the key from a file, not ${API_KEY_ENV}`, describe: `read the API key from a file instead of ${API_KEY_ENV} (one trailing line break is dropped, as from ${API_KEY_ENV}); a file other users can read is warned about` },
  { name: 'ca', common: true, value: '<file>', brief: 'trust a CA; or verify no certificate', describe: 'a CA certificate (PEM) to trust for an https target, besides the system\'s' },
  { name: 'insecure', common: true, sharesLineWith: 'ca', brief: '', describe: 'do not verify TLS certificates (said in the console and the report)' },
  { name: 'env', value: '<name>', brief: 'production (or prod…) makes the run read-only', describe: 'the environment the target is; "production" (or prod, prd, live) makes the run read-only unless --allow-writes' },
  { name: 'read-only', brief: 'create nothing; or lift the production guard', describe: 'create nothing on the target: checks that would are skipped, and the verdict is partial' },
  { name: 'allow-writes', sharesLineWith: 'read-only', brief: '', describe: 'let a run against the spec\'s production server (or --env production) create categories' },
  { name: 'max-response-bytes', value: '<n>', brief: 'larger responses fail HTTP-1', describe: `larger responses fail HTTP-1 (default: ${DEFAULTS.maxResponseBytes})` },
  { name: 'only', common: true, value: '<rule|area>', multiple: true, brief: 'check only / leave out these rules', describe: 'check only these rules (AUTH, CREATE-2; repeatable); the report says which were not run' },
  { name: 'skip', value: '<rule|area>', multiple: true, common: true, sharesLineWith: 'only', brief: '', describe: 'leave these rules out (AUTH, CREATE-2; repeatable)' },
  { name: 'expect-failures', value: '<file>', brief: 'failures that do not break the verdict', describe: 'JSON list of rule or check ids with reasons: those failures do not break the verdict; entries that pass are flagged stale' },
  { name: 'baseline', value: '<report.json>', brief: 'fail only on new failures', describe: 'compare with an earlier run: what newly fails, what was fixed' },
  { name: 'fail-on', value: '<any|new>', sharesLineWith: 'baseline', brief: '', describe: 'with --baseline, "new" fails the exit code only for regressions (default: any)' },
  { name: 'strict', ...STRICT_OPTION },
  { name: 'fail-on-partial', common: true, brief: 'a partial verdict exits 3, not 0', describe: 'a partial verdict (not every rule judged) exits 3 instead of 0, for CI gates (default in the certify profile; the GitHub Action sets it)' },
  { name: 'certify', brief: 'also write certificate.json', describe: 'also write certificate.json, for a conformant run and no other: the run, every rule\'s outcome and a sha256 of each report file (default in the certify profile); the verify command checks it' },
  { name: 'shard', common: true, value: '<i>/<n>', brief: 'run slice i of n; merge combines them', describe: 'run slice i of n of the suite files (every shard plans the whole run\'s writes) and leave a blob; combine with the merge command. The shards share a seed: in CI, from the run\'s id (GITHUB_RUN_ID…); elsewhere give each the same --seed' },
  { name: 'replay', common: true, value: '<report.json> <check>', brief: 'run one check of a report again', describe: 'run one check of an earlier report again, exactly its recorded case (with its seed), against the report\'s target with its profile (or --target, --profile)' },
  { name: 'fault', value: '<id>', multiple: true, brief: 'a broken or another reference', describe: 'with --target reference or selftest: switch on a reference fault, to see the suite catch it (repeatable; the faults command lists them)' },
  { name: 'variant', value: '<id>', multiple: true, sharesLineWith: 'fault', brief: '', describe: 'with --target reference or selftest: a reference that keeps the contract another way (repeatable; the faults command lists them)' },
  { name: 'json', brief: 'rules, faults: print JSON', describe: 'with the rules or faults command: print the list as JSON' },
  { name: 'integrity-only', brief: 'verify: exit 0 if the files hold', describe: 'with the verify command: exit 0 when the files are as certified, whatever verdict they certify (without it, only a conformant one exits 0)' },
  { name: 'help', short: 'h', brief: 'this help, and the version', describe: 'show the help; --help <option> (or a command: rules, faults, selftest, verify, merge) shows one in full' },
  { name: 'version', short: 'v', sharesLineWith: 'help', brief: '', describe: 'show the version' },
];

/** A parsed command line, every value checked. */
export type Command =
  | { readonly kind: 'help'; readonly topic?: string }
  | { readonly kind: 'version' }
  | { readonly kind: 'rules'; readonly json: boolean; readonly specPath?: string; readonly only: readonly string[] }
  | { readonly kind: 'faults'; readonly json: boolean }
  | { readonly kind: 'run'; readonly config: RunConfig }
  | { readonly kind: 'selftest'; readonly config: RunConfig }
  | { readonly kind: 'verify'; readonly dir: string; readonly integrityOnly: boolean }
  | { readonly kind: 'merge'; readonly dirs: readonly string[]; readonly reportDir?: string; readonly strict: boolean };

/** What a run was asked to do: the profile's defaults, and what the command line set. */
export interface RunConfig {
  readonly target: { readonly kind: 'reference' } | { readonly kind: 'url'; readonly url: string };
  readonly profile: ProfileName;
  readonly specPath?: string;
  readonly reportDir?: string;
  readonly seed?: number;
  /**
   * How the run checks: the options the runner and the worker take as they are (see Settings), but for the two the
   * command line cannot decide alone: the CA's certificate (read from `caFile`) and why the run is read-only (from
   * `readOnly`, `allowWrites`, `env` and the spec), which cli/run-setup.ts adds.
   */
  readonly settings: ConfiguredSettings;
  /** Whether --timeout was given (selftest has a shorter default of its own). */
  readonly timeoutGiven: boolean;
  readonly faults: readonly string[];
  readonly variants: readonly string[];
  /** Run one check of an earlier report again. */
  readonly replay?: { readonly report: string; readonly check: string };
  readonly apiKeyFile?: string;
  readonly caFile?: string;
  /** The environment named with --env. */
  readonly env?: string;
  readonly readOnly: boolean;
  readonly allowWrites: boolean;
  readonly expectFailures?: string;
  readonly baseline?: string;
  readonly failOn: 'any' | 'new';
  readonly strict: boolean;
  readonly failOnPartial: boolean;
  readonly certify: boolean;
  readonly shard?: { readonly index: number; readonly count: number };
}

/** The settings the command line decides alone (see RunConfig.settings). */
export type ConfiguredSettings = Omit<Settings, 'ca' | 'readOnly'>;

/** The commands besides the default run. */
export const COMMANDS = ['rules', 'faults', 'selftest', 'verify', 'merge'] as const;

/** Flags that would change what selftest proves (a read-only selftest catches nothing) or concern only deployments. */
const SELFTEST_REFUSES = ['read-only', 'allow-writes', 'env', 'ca', 'insecure', 'api-key-file', 'baseline', 'shard'];

/** The option table as node:util's parseArgs takes it. */
const PARSED_OPTIONS = Object.fromEntries(OPTIONS.map((o) => [o.name, {
  type: o.value ? 'string' as const : 'boolean' as const, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}),
}]));

/** Parses argv; every problem is a {@link UsageError} with a one-line fix. */
export function parseCommand(argv: readonly string[]): Command {
  refuseKeyOnCommandLine(argv);
  // `--help --ca`: the option asked about, not an option given without its value.
  if (argv.length === 2 && ['--help', '-h'].includes(argv[0] as string)) return { kind: 'help', topic: argv[1] as string };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, tokens: true, options: PARSED_OPTIONS });
  } catch (error) {
    const message = (error as Error).message;
    const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(message);
    if (ambiguous) throw new UsageError(`${ambiguous[1]} takes a value; write a value that starts with "-" as ${ambiguous[1]}=<value>`);
    const unknown = /^Unknown option '(-[^']*)'/.exec(message);
    const meant = unknown ? optionMeant(unknown[1] as string, argv) : undefined;
    if (meant) throw new UsageError(`unknown option ${meant.written}: did you mean ${meant.option}? (see --help)`);
    throw new UsageError(`${message.replace(/\.? To specify .*$/s, '').split('\n')[0]}; see --help`);
  }
  refuseConflicting(parsed.tokens);
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (v['help']) return parsed.positionals[0] === undefined ? { kind: 'help' } : { kind: 'help', topic: parsed.positionals[0] };
  if (v['version']) return { kind: 'version' };
  if (typeof v['replay'] === 'string') return { kind: 'run', config: replayConfig(v, parsed.positionals) };
  const [command, ...extra] = parsed.positionals;
  if (command === 'verify') {
    if (extra.length !== 1) throw new UsageError('verify takes one report directory: petstore-conformance verify <dir>');
    return { kind: 'verify', dir: extra[0] as string, integrityOnly: v['integrity-only'] === true };
  }
  if (command === 'merge') {
    if (extra.length === 0) throw new UsageError('merge takes the report directories of every shard: petstore-conformance merge <dir>... [--report-dir <dir>]');
    return { kind: 'merge', dirs: extra.map((dir) => resolve(dir)), ...reportDir(v), strict: v['strict'] === true };
  }
  if (command === 'rules') return { kind: 'rules', json: v['json'] === true, ...(typeof v['spec'] === 'string' ? { specPath: v['spec'] } : {}), only: ruleNames(extra) };
  const unknownCommand = command !== undefined && !(COMMANDS as readonly string[]).includes(command);
  if (unknownCommand || extra.length) {
    const argument = (unknownCommand ? command : extra[0]) as string;
    const meant = unknownCommand ? closest(argument.toLowerCase(), COMMANDS) : undefined;
    throw new UsageError(`unexpected argument "${argument}"; ${meant ? `did you mean "${meant}"? ` : ''}` +
      `the commands are the default run, ${COMMANDS.map((c) => `"${c}"`).join(', ').replace(/, ([^,]*)$/, ' and $1')} (see --help)`);
  }
  if (command === 'faults') return { kind: 'faults', json: v['json'] === true };
  if (command === 'selftest') {
    if (v['target'] !== undefined) throw new UsageError('selftest always runs against the bundled reference server; drop --target');
    const foreign = SELFTEST_REFUSES.find((name) => v[name] !== undefined);
    if (foreign) throw new UsageError(`--${foreign} is for runs against a deployment; selftest runs against the bundled reference server, so drop it`);
    return { kind: 'selftest', config: runConfig({ ...v, target: 'reference' }) };
  }
  return { kind: 'run', config: runConfig(v) };
}

/**
 * --report-dir as an absolute path: the suites run with the package as their root, and a shard's blob written
 * relative to it would land there instead of beside the reports.
 */
function reportDir(v: Record<string, string | boolean | string[] | undefined>): { reportDir?: string } {
  return typeof v['report-dir'] === 'string' ? { reportDir: resolve(v['report-dir']) } : {};
}

function runConfig(v: Record<string, string | boolean | string[] | undefined>): RunConfig {
  const target = v['target'];
  if (typeof target !== 'string') throw new UsageError('--target is required: the base URL of the deployment (https://host/v1), or "reference"');
  const faults = (v['fault'] as string[] | undefined) ?? [];
  const variants = (v['variant'] as string[] | undefined) ?? [];
  if ((faults.length || variants.length) && target !== 'reference') throw new UsageError('--fault and --variant only work with --target reference');
  const seed = v['seed'] === undefined ? undefined : integer('--seed', v['seed'] as string, 0, 2 ** 31 - 1);
  const profile = PROFILES[profileName(v['profile'] as string | undefined, target === 'reference')];
  const given = (name: string, min: number, max: number) => (v[name] === undefined ? undefined : integer(`--${name}`, v[name] as string, min, max));
  const numRuns = given('runs', 1, 100_000);
  const maxWrites = given('max-writes', 0, 10_000_000) ?? profile.maxWrites;
  return {
    target: target === 'reference' ? { kind: 'reference' } : { kind: 'url', url: targetUrl(target) },
    profile: profile.name,
    ...(typeof v['spec'] === 'string' ? { specPath: v['spec'] } : {}),
    ...reportDir(v),
    ...(seed !== undefined ? { seed } : {}),
    settings: {
      numRuns: numRuns ?? profile.numRuns,
      createRuns: given('create-runs', 1, 100_000) ?? numRuns ?? profile.createRuns ?? profile.numRuns,
      ...(maxWrites !== undefined ? { maxWrites } : {}),
      topUp: given('top-up', 0, 10_000) ?? profile.topUp,
      timeoutMs: given('timeout', 1, 600_000) ?? profile.timeoutMs,
      maxResponseBytes: given('max-response-bytes', 1024, 2 ** 31 - 1) ?? DEFAULTS.maxResponseBytes,
      concurrency: given('concurrency', 1, 1024) ?? profile.concurrency,
      ...(v['rate'] === undefined ? {} : { rate: integer('--rate', v['rate'] as string, 1, 100_000) }),
      insecure: v['insecure'] === true,
      ...selection(v),
    },
    timeoutGiven: v['timeout'] !== undefined,
    faults,
    variants,
    ...(typeof v['expect-failures'] === 'string' ? { expectFailures: v['expect-failures'] } : {}),
    ...(typeof v['baseline'] === 'string' ? { baseline: v['baseline'] } : {}),
    failOn: failOn(v['fail-on'] as string | undefined, v['baseline'] !== undefined),
    strict: v['strict'] === true,
    failOnPartial: v['fail-on-partial'] === true || profile.failOnPartial,
    certify: v['certify'] === true || profile.certify,
    ...(typeof v['api-key-file'] === 'string' ? { apiKeyFile: v['api-key-file'] } : {}),
    ...(typeof v['ca'] === 'string' ? { caFile: v['ca'] } : {}),
    ...(typeof v['env'] === 'string' ? { env: environment(v['env']) } : {}),
    readOnly: v['read-only'] === true,
    allowWrites: v['allow-writes'] === true,
    ...(typeof v['shard'] === 'string' ? { shard: shard(v['shard']) } : {}),
  };
}

/** --profile, or the default for the target. */
function profileName(text: string | undefined, reference: boolean): ProfileName {
  if (text === undefined) return defaultProfile(reference);
  const known = Object.keys(PROFILES);
  if (!known.includes(text)) throw new UsageError(`--profile is one of ${known.join(', ')}, not "${text}"`);
  return text as ProfileName;
}

function environment(name: string): string {
  const known = name.toLowerCase();
  if (![...PRODUCTION_NAMES, ...OTHER_ENVIRONMENTS].includes(known)) {
    throw new UsageError(`--env takes production (or ${PRODUCTION_NAMES.slice(1).join(', ')}) or one of ${OTHER_ENVIRONMENTS.join(', ')}, not "${name}"`);
  }
  return known;
}

/** `rules AUTH-2 CREATE`: the rules the rules command shows, by id or area (all of them when none is named). */
function ruleNames(names: readonly string[]): string[] {
  const chosen = names.map((n) => n.toUpperCase());
  const unknown = unknownNames({ only: chosen, skip: [] });
  if (unknown.length) throw new UsageError(`rules takes rule ids or areas (AUTH, CREATE-2; petstore-conformance rules lists them), not "${unknown.join('", "')}"`);
  return chosen;
}

function selection(v: Record<string, string | boolean | string[] | undefined>): { selection?: Selection } {
  const only = (v['only'] as string[] | undefined) ?? [];
  const skip = (v['skip'] as string[] | undefined) ?? [];
  if (only.length === 0 && skip.length === 0) return {};
  const chosen = { only: only.map((n) => n.toUpperCase()), skip: skip.map((n) => n.toUpperCase()) };
  const unknown = unknownNames(chosen);
  if (unknown.length) throw new UsageError(`--only and --skip take rule ids or areas (AUTH, CREATE-2; see the rules command), not "${unknown.join('", "')}"`);
  return { selection: chosen };
}

function failOn(text: string | undefined, baseline: boolean): 'any' | 'new' {
  if (text === undefined || text === 'any') return 'any';
  if (text !== 'new') throw new UsageError(`--fail-on is "any" or "new", not "${text}"`);
  if (!baseline) throw new UsageError('--fail-on new needs --baseline <report.json>: without a baseline nothing is new');
  return 'new';
}

function shard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new UsageError(`--shard is <i>/<n> with 1 ≤ i ≤ n, e.g. 1/2, not "${text}"`);
  return { index, count };
}

/**
 * `--replay <report.json> <check>`: the check is the one argument after the options. Without --target, the target and
 * how it was reached come from the report (the options its run was started with), and without --profile, its profile.
 */
function replayConfig(given: Record<string, string | boolean | string[] | undefined>, positionals: readonly string[]): RunConfig {
  const recorded = recordedRun(given['replay'] as string);
  const fromReport = given['target'] === undefined && recorded.targetArgs ? recordedOptions(recorded.targetArgs) : {};
  const v = { ...fromReport, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
  if (v['profile'] === undefined && recorded.profile !== undefined) v['profile'] = recorded.profile;
  if (positionals.length !== 1) {
    throw new UsageError('--replay takes the report and the check to run again: --replay <report.json> "<check>"');
  }
  if (v['seed'] !== undefined) throw new UsageError('--replay runs with the seed of the report it replays; drop --seed');
  for (const flag of ['runs', 'create-runs']) {
    if (v[flag] !== undefined) throw new UsageError(`--replay runs as many cases as the report it replays; drop --${flag}`);
  }
  return { ...runConfig(v), replay: { report: v['replay'] as string, check: positionals[0] as string } };
}

/** The options a report recorded its run was started with; none when they do not parse (a report edited by hand). */
function recordedOptions(args: readonly string[]): Record<string, string | boolean | string[] | undefined> {
  try {
    return parseArgs({ args: [...args], strict: true, options: PARSED_OPTIONS }).values as Record<string, string | boolean | string[] | undefined>;
  } catch {
    return {};
  }
}

/**
 * A base URL: http or https, without a query, a fragment or credentials; a trailing slash is dropped. Whether it must
 * end in a version segment is the spec's to say (its servers' addresses): see run-setup.ts.
 */
function targetUrl(text: string): string {
  const schemeless = withScheme(text);
  if (schemeless) throw new UsageError(`--target "${withoutUserinfo(text)}" has no scheme: give it with one, e.g. ${schemeless}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--target "${withoutUserinfo(text)}" is not a URL; give the base URL, e.g. https://petstore.example.com/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--target must be an http or https URL, not ${url.protocol}`);
  if (url.search || url.hash) throw new UsageError('--target must not have a query or fragment: give the base URL, e.g. https://petstore.example.com/v1');
  if (url.username || url.password) throw new UsageError('--target must not carry credentials; the key comes from PETSTORE_API_KEY');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The URL a target written without its scheme (`127.0.0.1:18080/v1`, `staging.example.com/v1`) was meant to be, or
 * undefined when it has one: `localhost:18080/v1` parses as a URL of the scheme "localhost:". Plain http for this
 * machine and addresses of private networks, where a test server most often runs; https elsewhere.
 */
function withScheme(text: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return undefined;
  const host = /^(?:[^/?#@\s]*@)?(\[[^\]]*\]|[^/:?#\s]+)(?::\d+)?(?:[/?#]|$)/.exec(text)?.[1];
  if (host === undefined || !(/\./.test(host) || host.startsWith('[') || /^localhost$/i.test(host))) return undefined;
  const local = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[::1\])/i.test(host) || /\.(local|internal|test)$/i.test(host);
  return `${local ? 'http' : 'https'}://${withoutUserinfo(text).replace(/\/+$/, '')}`;
}

/**
 * A --target as given, but for what may be credentials (`user:password@`, a key pasted there): a URL too broken to
 * parse still shows where it went wrong, never them.
 */
function withoutUserinfo(text: string): string {
  return text.replace(/^((?:[a-z][a-z0-9+.-]*:)?\/\/)?[^/?#\s]*@/i, (_, scheme: string | undefined) => `${scheme ?? ''}<credentials>@`);
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return n;
}

/**
 * Options of which a later value would silently replace an earlier one that guards more: `--env production --env
 * staging` must not run with writes. Given twice with different values, they are refused.
 */
const GIVEN_ONCE = ['env'];

function refuseConflicting(tokens: readonly { readonly kind: string; readonly name?: string; readonly value?: string | undefined }[]): void {
  for (const name of GIVEN_ONCE) {
    const values = [...new Set(tokens.filter((t) => t.kind === 'option' && t.name === name).map((t) => String(t.value).toLowerCase()))];
    if (values.length > 1) throw new UsageError(`--${name} is given twice, as ${values.join(' and ')}: give it once`);
  }
}

/** A key given as a flag would show in process lists and shell history: refuse it before anything else. */
function refuseKeyOnCommandLine(argv: readonly string[]): void {
  if (argv.some((a) => /^--api-?key(=|$)|^--key(=|$)|^--token(=|$)/.test(a))) {
    throw new UsageError(`the API key is not accepted on the command line, where process lists and shell history would show it; set ${API_KEY_ENV} or use --api-key-file <file>`);
  }
}

/**
 * The option an unknown one was probably meant to be (`--targt`: `--target`), or undefined. A single dash before a
 * long name (`-target`) reads as the short option `-t`: the argument as written is looked at for that.
 */
function optionMeant(unknown: string, argv: readonly string[]): { written: string; option: string } | undefined {
  const names = OPTIONS.map((o) => o.name);
  const written = unknown.startsWith('--') ? unknown : argv.find((a) => /^-[^-]{2,}/.test(a) && a.split('=')[0]?.includes(unknown.slice(1)))?.split('=')[0];
  if (written === undefined) return undefined;
  const name = closest(written.replace(/^--?/, '').toLowerCase(), names);
  return name === undefined ? undefined : { written, option: `--${name}` };
}

/**
 * The known word closest to one mistyped: at most two edits away (one for a word of four letters or fewer; a swap
 * of neighbours is one edit), or one it begins with at least three letters. Undefined when none is close enough.
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  if (known.includes(word)) return word;
  const allowed = word.length <= 4 ? 1 : 2;
  const scored = known.map((k) => ({ k, d: editDistance(word, k) })).filter(({ d }) => d <= allowed).sort((a, b) => a.d - b.d);
  if (scored[0]) return scored[0].k;
  return word.length >= 3 ? known.find((k) => k.startsWith(word)) : undefined;
}

/** Edits (insert, delete, replace, swap of neighbours) that turn a into b: the optimal string alignment distance. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
