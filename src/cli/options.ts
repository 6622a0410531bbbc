import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_KEY_ENV } from '../core/api-key-variable.js';
import { CLIENT_KEY_PASSPHRASE_ENV } from '../http/tls.js';
import { UsageError } from '../core/errors.js';
import { unsendableInHeader } from '../core/header-text.js';
import { OTHER_HEADERS } from '../core/key-headers.js';
import { REDACTED, SHORTEST_FRAGMENT } from '../core/secrets.js';
import { LONG_LIST } from '../rules/long-list.js';
import { isUrl } from '../spec/files.js';
import type { Settings } from '../protocol/settings.js';
import { selectsNone, unknownNames } from '../rules/selection.js';
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

/** How an option's text becomes its value; throws a {@link UsageError} that says what is wrong and how to fix it. */
type Parser<T> = (text: string) => T;

/** A row of the option table: the option but its name (the row's key), with the parser of its value if it takes one. */
interface OptionRow extends Omit<OptionDef, 'name'> {
  readonly parse?: Parser<unknown>;
  /**
   * What of one parsed value must never be printed or written (a header's value, not its name), for an option that
   * takes a secret: the run's secrets are gathered from the rows (see {@link RunConfig.secrets}), not listed by hand.
   * The option's own records and command lines must show it some other way (`[REDACTED]`).
   */
  secretsOf?(value: unknown): readonly string[];
}

/** Defaults that are the same in every profile (see profiles.ts for the others), stated once. */
export const DEFAULTS = {
  /** Enough for a list of 100,000 categories with long descriptions. */
  maxResponseBytes: 64 * 1024 * 1024,
  /** The runs the default reports folder keeps: a few to compare, not a folder that grows with every run. */
  keepReports: 10,
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

/** The options that take the path of a PEM file, and what the file holds (see {@link pemFile}). */
const PEM_FILES = { ca: 'the CA\'s certificate', 'client-cert': 'the certificate', 'client-key': 'the key' } as const;

/**
 * The option table: each option's flag, what --help says of it and, for one that takes a value, how its text becomes
 * that value (or a usage error that says how to fix it). Adding an option is adding its row here.
 */
const TABLE = {
  target: { common: true, value: '<url>', brief: 'base URL ending in /v1, or reference', describe: 'base URL of the deployment, ending in the version segment (https://host/v1); "reference" starts the bundled reference server', parse: targetOf },
  profile: { common: true, value: '<name>', brief: 'staging (default), ci or certify', describe: `the defaults for how the run is used: ${Object.values(PROFILES).map((p) => `"${p.name}" for ${p.use}`).join('; ')} (default: staging, or ci with --target reference)`, parse: profileName },
  spec: { value: '<file|url>', brief: 'your revision of the spec', describe: 'your revision of the spec (default: the bundled spec/openapi.yaml): the bodies sent, their bounds and the list\'s parameters follow it. A spec split over files (YAML or JSON) is given by its root file: each $ref resolves against the file that holds it. An http(s) URL is fetched as the target is reached (--ca, --insecure, the client certificate, the proxy variables), with the files its $refs name there', parse: asWritten },
  'assert-formats': {
    brief: 'a value that breaks its format is invalid',
    describe: 'hold the target to the spec\'s string formats (date-time, email, uri, uuid, ipv4… those ajv-formats knows): a value ' +
      'that breaks one must get 400 and create nothing (CREATE-2), as a value past a bound must. Without it formats are ' +
      'annotations, as OpenAPI makes them: a server need not check them, and no value that breaks one is sent as invalid. With the rules ' +
      'command, what a run with it sends',
  },
  'report-dir': { common: true, value: '<dir>', brief: 'where reports go; runs reports/ keeps', describe: 'where report.json and the other reports go (default: reports/run-<date>-<time>-<id>); one another run is writing to is refused', parse: absolutePath },
  'keep-reports': {
    common: true, value: '<n>', sharesLineWith: 'report-dir', brief: '',
    describe: `how many runs the default reports folder keeps: once a run has written its reports in reports/, the oldest run directories ` +
      `there are removed but the newest n (default: ${DEFAULTS.keepReports}; 0: keep all). Only directories the runs made are removed (their ` +
      'name and report file); a reports/ the command makes gets a .gitignore, so that git leaves it alone. A --report-dir is never touched',
    parse: wholeNumber('--keep-reports', 0, 1_000_000),
  },
  seed: { common: true, value: '<int>', brief: 'repeat a run\'s generated data', describe: 'seed for generated data, 0 to 2147483647 (default: random; printed and recorded)', parse: wholeNumber('--seed', 0, 2 ** 31 - 1) },
  runs: { value: '<n>', brief: 'cases per generated property', describe: `cases per generated property (default: ${byProfile((p) => p.numRuns)})`, parse: wholeNumber('--runs', 1, 100_000) },
  'create-runs': { value: '<n>', sharesLineWith: 'runs', brief: '', describe: `cases per generated property whose cases create categories (default: ${byProfile((p) => p.createRuns ?? p.numRuns)}; --runs if given)`, parse: wholeNumber('--create-runs', 1, 100_000) },
  'max-writes': { value: '<n>', brief: 'most categories the run may create', describe: `most categories the run may create, besides the top-up (default: ${byProfile((p) => p.maxWrites)})`, parse: wholeNumber('--max-writes', 0, 10_000_000) },
  'top-up': { value: '<n>', brief: `most it may add to bring a short list to ${LONG_LIST}`, describe: `most categories the run may add to bring a list of ${LONG_LIST - 1} or fewer to ${LONG_LIST}, for the checks that need a long list; a later run finds it long enough (default: ${LONG_LIST}; 0: never)`, parse: wholeNumber('--top-up', 0, 10_000) },
  timeout: { value: '<ms>', brief: 'deadline of each request', describe: `deadline of each request, in milliseconds (default: ${byProfile((p) => p.timeoutMs)})`, parse: wholeNumber('--timeout', 1, 600_000) },
  concurrency: { value: '<n>', brief: 'requests in flight, started a second', describe: `requests in flight at once (default: ${byProfile((p) => p.concurrency)})`, parse: wholeNumber('--concurrency', 1, 1024) },
  rate: { value: '<n>', sharesLineWith: 'concurrency', brief: '', describe: 'requests started per second (default: no limit); a 429 is waited out (Retry-After up to 10 s) and retried', parse: wholeNumber('--rate', 1, 100_000) },
  'api-key-file': { common: true, value: '<file>', brief: `the key from a file, not ${API_KEY_ENV}`, describe: `read the API key from a file instead of ${API_KEY_ENV} (one trailing line break is dropped, as from ${API_KEY_ENV}); a file other users can read is warned about`, parse: asWritten },
  ca: { common: true, value: '<file>', brief: 'trust a CA; or verify no certificate', describe: 'a CA certificate (PEM) to trust for an https target, besides the system\'s (and those NODE_EXTRA_CA_CERTS names)', parse: pemFile('ca') },
  insecure: { common: true, sharesLineWith: 'ca', brief: '', describe: 'do not verify TLS certificates (said in the console and the report)' },
  'client-cert': {
    value: '<file>', brief: 'present a client certificate (mutual TLS)',
    describe: 'a client certificate (PEM) to present to a target that asks for one (mutual TLS), with --client-key; also to a spec given as a URL. ' +
      'Said in the console and the report by its file and subject',
    parse: pemFile('client-cert'),
  },
  'client-key': {
    value: '<file>', sharesLineWith: 'client-cert', brief: '',
    describe: `the private key (PEM) of --client-cert; an encrypted one takes its passphrase from ${CLIENT_KEY_PASSPHRASE_ENV}, never from the command ` +
      'line. Neither the key nor its passphrase is ever printed or written; a key file other users can read is warned about',
    parse: pemFile('client-key'),
  },
  header: {
    value: "'<name>: <value>'", multiple: true, brief: 'send a header with every request',
    describe: `send a header with every request, for a gateway's key or a tenant (repeatable): --header 'X-Tenant: acme'. Its value is ` +
      `a secret, as the key is: the console and the reports show it as ${REDACTED} (give it again to --replay). The headers the ` +
      'suite sets itself, Authorization, Content-Type, Accept, User-Agent and those the AUTH checks put the key in among them, are refused',
    parse: extraHeader, secretsOf: (header: ExtraHeader) => [header.value],
  },
  env: { value: '<name>', brief: 'production (or prod…) makes the run read-only', describe: 'the environment the target is; "production" (or prod, prd, live) makes the run read-only unless --allow-writes', parse: environment },
  'read-only': { brief: 'create nothing; or lift the production guard', describe: 'create nothing on the target: checks that would are skipped, and the verdict is partial' },
  'allow-writes': { sharesLineWith: 'read-only', brief: '', describe: 'let a run against the spec\'s production server (or --env production) create categories' },
  'max-response-bytes': { value: '<n>', brief: 'larger responses fail HTTP-1', describe: `larger responses fail HTTP-1 (default: ${DEFAULTS.maxResponseBytes})`, parse: wholeNumber('--max-response-bytes', 1024, 2 ** 31 - 1) },
  only: { common: true, value: '<rule|area>', multiple: true, brief: 'check only / leave out these rules', describe: 'check only these rules (AUTH, CREATE-2; repeatable); the report says which were not run. A rule judged over other rules\' checks (ERROR-1, MODEL-1, MEDIA-1, HTTP-1 over every check), named alone, runs them too, unreported', parse: ruleOrArea('--only') },
  skip: { value: '<rule|area>', multiple: true, common: true, sharesLineWith: 'only', brief: '', describe: 'leave these rules out (AUTH, CREATE-2; repeatable)', parse: ruleOrArea('--skip') },
  'expect-failures': { value: '<file>', brief: 'failures that do not break the verdict', describe: 'JSON list of rule or check ids with reasons: those failures do not break the verdict; entries that pass are flagged stale', parse: asWritten },
  baseline: { value: '<report.json>', brief: 'fail only on new failures', describe: 'compare with an earlier run: what newly fails, what was fixed', parse: asWritten },
  'fail-on': { value: '<any|new>', sharesLineWith: 'baseline', brief: '', describe: 'with --baseline, "new" fails the exit code only for regressions (default: any)', parse: failOn },
  strict: STRICT_OPTION,
  'fail-on-partial': { common: true, brief: 'a partial verdict exits 3, not 0', describe: 'a partial verdict (not every rule judged) exits 3 instead of 0, for CI gates (default in the certify profile; the GitHub Action sets it)' },
  implementation: {
    value: "'<name> <version>'", brief: 'name the implementation the target runs',
    describe: 'the implementation the target runs, by its name and version (--implementation \'acme-petstore 2.3.1\'): recorded in report.json, ' +
      'summary.md, report.html, junit.xml and certificate.json, and said in the console, so that a certificate names what it certifies, not only a URL',
    parse: implementationOf,
  },
  certify: { brief: 'also write certificate.json', describe: 'also write certificate.json, for a conformant run and no other: the run, every rule\'s outcome and a sha256 of each report file (default in the certify profile); the verify command checks it' },
  shard: { common: true, value: '<i>/<n>', brief: 'run slice i of n; merge combines them', describe: 'run slice i of n of the suite files (every shard plans the whole run\'s writes) and leave a blob; combine with the merge command. The shards share a seed: in CI, from the run\'s id (GITHUB_RUN_ID…); elsewhere give each the same --seed', parse: shard },
  replay: { common: true, value: '<report.json> <check>', brief: 'run one check of a report again', describe: 'run one check of an earlier report again, exactly its recorded case (with its seed), against the report\'s target with its profile (or --target, --profile)', parse: asWritten },
  fault: { value: '<id>', multiple: true, brief: 'a broken or another reference', describe: 'with --target reference or selftest: switch on a reference fault, to see the suite catch it (repeatable; the faults command lists them)', parse: asWritten },
  variant: { value: '<id>', multiple: true, sharesLineWith: 'fault', brief: '', describe: 'with --target reference or selftest: a reference that keeps the contract another way (repeatable; the faults command lists them); with selftest, a revision\'s id runs that revision of the spec against the reference that keeps it', parse: asWritten },
  json: { brief: 'rules, faults: print JSON', describe: 'with the rules or faults command: print the list as JSON' },
  'integrity-only': { brief: 'verify: exit 0 if the files hold', describe: 'with the verify command: exit 0 when the files are as certified, whatever verdict they certify (without it, only a conformant one exits 0)' },
  help: { short: 'h', brief: 'this help, and the version', describe: 'show the help; --help <option> (or a command: rules, faults, selftest, verify, merge) shows one in full' },
  version: { short: 'v', sharesLineWith: 'help', brief: '', describe: 'show the version' },
} as const satisfies Record<string, OptionRow>;

/** Every option, in the table's order: what --help shows. */
export const OPTIONS: readonly OptionDef[] = Object.entries(TABLE).map(([name, row]) => ({ name, ...row }));

/** An option's value once parsed: what its row's parser gives (a list of those for a repeatable option); a switch's, true. */
type ValueOf<Row> = Row extends { readonly parse: Parser<infer T> } ? (Row extends { readonly multiple: true } ? readonly T[] : T) : true;

/** A command line's options, each parsed by its row; an option not given is absent. */
export type Options = { readonly [Name in keyof typeof TABLE]?: ValueOf<(typeof TABLE)[Name]> };

/** A parsed command line, every value checked. */
export type Command =
  | { readonly kind: 'help'; readonly topic?: string }
  | { readonly kind: 'version' }
  | { readonly kind: 'rules'; readonly json: boolean; readonly specPath?: string; readonly assertFormats: boolean; readonly only: readonly string[]; readonly network: NetworkOptions }
  | { readonly kind: 'faults'; readonly json: boolean }
  | { readonly kind: 'run'; readonly config: RunConfig }
  | { readonly kind: 'selftest'; readonly config: RunConfig }
  | { readonly kind: 'verify'; readonly dir: string; readonly integrityOnly: boolean }
  | { readonly kind: 'merge'; readonly dirs: readonly string[]; readonly reportDir?: string; readonly keepReports: number; readonly strict: boolean };

/** What a run was asked to do: the profile's defaults, and what the command line set. */
export interface RunConfig {
  readonly target: { readonly kind: 'reference' } | { readonly kind: 'url'; readonly url: string };
  readonly profile: ProfileName;
  readonly specPath?: string;
  readonly reportDir?: string;
  /** How many runs the default reports folder keeps (0: all); without --report-dir only. */
  readonly keepReports: number;
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
  /** The client certificate and its key (mutual TLS), given together: read by cli/run-setup.ts. */
  readonly clientCertFile?: string;
  readonly clientKeyFile?: string;
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
  /** The implementation the target runs, as the user names it (--implementation): the reports and the certificate record it. */
  readonly implementation?: string;
  /**
   * What the command line gave that must never be printed or written, as the option rows declare it (`secretsOf`):
   * the run's redactor removes them where they appear whole (Redactor's `wholeSecrets`; the key, by fragments too).
   * See {@link secretsIn} for those it leaves out.
   */
  readonly secrets: readonly string[];
}

/**
 * What of the command line decides how the network is reached, for a run and for `rules --spec <url>`: the files of
 * the CA to trust and of the client certificate (read by cli/run-setup.ts), and whether certificates go unverified.
 */
export interface NetworkOptions extends Pick<RunConfig, 'caFile' | 'clientCertFile' | 'clientKeyFile'> {
  readonly insecure: boolean;
}

/** The settings the command line decides alone (see RunConfig.settings). */
export type ConfiguredSettings = Omit<Settings, 'ca' | 'readOnly'>;

/** The commands besides the default run. */
export const COMMANDS = ['rules', 'faults', 'selftest', 'verify', 'merge'] as const;

/** Flags that would change what selftest proves (a read-only selftest catches nothing) or concern only deployments. */
const SELFTEST_REFUSES: readonly (keyof Options)[] = ['read-only', 'allow-writes', 'env', 'ca', 'insecure', 'client-cert', 'client-key', 'header', 'api-key-file', 'baseline', 'shard', 'implementation'];

/** The option table as node:util's parseArgs takes it. */
const PARSED_OPTIONS = Object.fromEntries(OPTIONS.map((o) => [o.name, {
  type: o.value ? 'string' as const : 'boolean' as const, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}),
}]));

/** Parses argv; every problem is a {@link UsageError} with a one-line fix. */
export function parseCommand(argv: readonly string[]): Command {
  refuseKeyOnCommandLine(argv);
  const [first, topic] = argv;
  // `--help --ca`: the option asked about, not an option given without its value.
  if (argv.length === 2 && (first === '--help' || first === '-h') && topic !== undefined) return { kind: 'help', topic };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, tokens: true, options: PARSED_OPTIONS });
  } catch (error) {
    const message = (error as Error).message;
    const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(message)?.[1];
    if (ambiguous !== undefined && ambiguous.slice(2) in PEM_FILES) {
      throw new UsageError(`${ambiguous} takes the path of a file, not what it holds (a value that starts with "-" reads as PEM text): give the file's path (./<name> for a name that starts with "-")`);
    }
    if (ambiguous) throw new UsageError(`${ambiguous} takes a value; write a value that starts with "-" as ${ambiguous}=<value>`);
    const unknown = /^Unknown option '(-[^']*)'/.exec(message)?.[1];
    if (unknown !== undefined && /^--(no-)?proxy$/i.test(unknown)) throw new UsageError(`${unknown} is not an option: ${PROXY_FROM_ENVIRONMENT}`);
    const meant = unknown === undefined ? undefined : optionMeant(unknown, argv);
    if (meant) throw new UsageError(`unknown option ${meant.written}: did you mean ${meant.option}? (see --help)`);
    throw new UsageError(`${message.replace(/\.? To specify .*$/s, '').split('\n')[0]}; see --help`);
  }
  refuseConflicting(parsed.tokens);
  // Help and the version are shown whatever else the command line holds.
  if (parsed.values['help']) return parsed.positionals[0] === undefined ? { kind: 'help' } : { kind: 'help', topic: parsed.positionals[0] };
  if (parsed.values['version']) return { kind: 'version' };
  const v = optionsOf(parsed.values);
  if (v.replay !== undefined) return { kind: 'run', config: replayConfig(v.replay, v, parsed.positionals) };
  const [command, ...extra] = parsed.positionals;
  if (command === 'verify') {
    const [dir] = extra;
    if (dir === undefined || extra.length !== 1) throw new UsageError('verify takes one report directory: petstore-conformance verify <dir>');
    return { kind: 'verify', dir, integrityOnly: v['integrity-only'] === true };
  }
  if (command === 'merge') {
    if (extra.length === 0) throw new UsageError('merge takes the report directories of every shard: petstore-conformance merge <dir>... [--report-dir <dir>]');
    return { kind: 'merge', dirs: extra.map((dir) => resolve(dir)), ...(v['report-dir'] !== undefined ? { reportDir: v['report-dir'] } : {}), keepReports: keepReportsOf(v), strict: v.strict === true };
  }
  if (command === 'rules') {
    return { kind: 'rules', json: v.json === true, ...(v.spec !== undefined ? { specPath: v.spec } : {}), assertFormats: v['assert-formats'] === true, only: ruleNames(extra), network: networkOptionsOf(v) };
  }
  const unknownCommand = command !== undefined && !(COMMANDS as readonly string[]).includes(command);
  const argument = unknownCommand ? command : extra[0];
  if (argument !== undefined) {
    const meant = unknownCommand ? closest(argument.toLowerCase(), COMMANDS) : undefined;
    throw new UsageError(`unexpected argument "${argument}"; ${meant ? `did you mean "${meant}"? ` : ''}` +
      `the commands are the default run, ${COMMANDS.map((c) => `"${c}"`).join(', ').replace(/, ([^,]*)$/, ' and $1')} (see --help)`);
  }
  if (command === 'faults') return { kind: 'faults', json: v.json === true };
  if (command === 'selftest') {
    if (v.target !== undefined) throw new UsageError('selftest always runs against the bundled reference server; drop --target');
    const foreign = SELFTEST_REFUSES.find((name) => v[name] !== undefined);
    if (foreign) throw new UsageError(`--${foreign} is for runs against a deployment; selftest runs against the bundled reference server, so drop it`);
    return { kind: 'selftest', config: runConfig({ ...v, target: { kind: 'reference' } }) };
  }
  return { kind: 'run', config: runConfig(v) };
}

/**
 * Each given option parsed by its row, in the table's order: the one place the table's parsers meet parseArgs' record
 * of text, which knows no option's type.
 */
function optionsOf(written: { readonly [name: string]: string | boolean | (string | boolean)[] | undefined }): Options {
  const options: Record<string, unknown> = {};
  for (const [name, row] of Object.entries<OptionRow>(TABLE)) {
    const given = written[name];
    if (given === undefined) continue;
    const parse = row.parse;
    options[name] = typeof given === 'boolean' || parse === undefined ? true : Array.isArray(given) ? given.map((g) => parse(String(g))) : parse(given);
  }
  // Each value is what its own row's parser gave, which is what Options says of it.
  return options as Options;
}

function runConfig(v: Options): RunConfig {
  const target = v.target;
  if (target === undefined) throw new UsageError('--target is required: the base URL of the deployment (https://host/v1), or "reference"');
  const faults = v.fault ?? [];
  const variants = v.variant ?? [];
  if ((faults.length || variants.length) && target.kind !== 'reference') throw new UsageError('--fault and --variant only work with --target reference');
  const profile = PROFILES[v.profile ?? defaultProfile(target.kind === 'reference')];
  const numRuns = v.runs;
  const maxWrites = v['max-writes'] ?? profile.maxWrites;
  if (v['fail-on'] === 'new' && v.baseline === undefined) throw new UsageError('--fail-on new needs --baseline <report.json>: without a baseline nothing is new');
  const selection = v.only || v.skip ? { only: v.only ?? [], skip: v.skip ?? [] } : undefined;
  // Else a run that checks nothing: 0 checks, an incomplete verdict and exit 2, with no word of why.
  if (selection && selectsNone(selection)) {
    const named = [...selection.only.length ? [`--only ${selection.only.join(', ')}`] : [], `--skip ${selection.skip.join(', ')}`].join(' with ');
    throw new UsageError(`${named} leaves no rule to check: skip fewer rules`);
  }
  const { insecure, ...files } = networkOptionsOf(v);
  return {
    target,
    profile: profile.name,
    ...(v.spec !== undefined ? { specPath: v.spec } : {}),
    ...(v['report-dir'] !== undefined ? { reportDir: v['report-dir'] } : {}),
    keepReports: keepReportsOf(v),
    ...(v.seed !== undefined ? { seed: v.seed } : {}),
    settings: {
      numRuns: numRuns ?? profile.numRuns,
      createRuns: v['create-runs'] ?? numRuns ?? profile.createRuns ?? profile.numRuns,
      ...(maxWrites !== undefined ? { maxWrites } : {}),
      topUp: v['top-up'] ?? profile.topUp,
      timeoutMs: v.timeout ?? profile.timeoutMs,
      maxResponseBytes: v['max-response-bytes'] ?? DEFAULTS.maxResponseBytes,
      concurrency: v.concurrency ?? profile.concurrency,
      ...(v.rate !== undefined ? { rate: v.rate } : {}),
      insecure,
      assertFormats: v['assert-formats'] === true,
      ...(v.header !== undefined ? { headers: headersOf(v.header) } : {}),
      ...(selection ? { selection } : {}),
    },
    timeoutGiven: v.timeout !== undefined,
    faults,
    variants,
    ...(v['expect-failures'] !== undefined ? { expectFailures: v['expect-failures'] } : {}),
    ...(v.baseline !== undefined ? { baseline: v.baseline } : {}),
    failOn: v['fail-on'] ?? 'any',
    strict: v.strict === true,
    failOnPartial: v['fail-on-partial'] === true || profile.failOnPartial,
    certify: v.certify === true || profile.certify,
    ...(v['api-key-file'] !== undefined ? { apiKeyFile: v['api-key-file'] } : {}),
    ...files,
    ...(v.env !== undefined ? { env: v.env } : {}),
    readOnly: v['read-only'] === true,
    allowWrites: v['allow-writes'] === true,
    ...(v.shard !== undefined ? { shard: v.shard } : {}),
    ...(v.implementation !== undefined ? { implementation: v.implementation } : {}),
    secrets: secretsIn(v),
  };
}

/** How many runs the default reports folder keeps: --keep-reports is about that folder, which --report-dir replaces. */
function keepReportsOf(v: Options): number {
  if (v['keep-reports'] !== undefined && v['report-dir'] !== undefined) {
    throw new UsageError('--keep-reports is for the default reports folder, and --report-dir is never cleared: drop one of them');
  }
  return v['keep-reports'] ?? DEFAULTS.keepReports;
}

/** The options that decide how the network is reached; a client certificate comes with its key. */
function networkOptionsOf(v: Options): NetworkOptions {
  if ((v['client-cert'] === undefined) !== (v['client-key'] === undefined)) {
    throw new UsageError(v['client-cert'] === undefined
      ? '--client-key needs --client-cert <file>: the certificate it is the key of'
      : '--client-cert needs --client-key <file>: the certificate\'s private key, in PEM');
  }
  return {
    ...(v.ca !== undefined ? { caFile: v.ca } : {}),
    ...(v['client-cert'] !== undefined ? { clientCertFile: v['client-cert'] } : {}),
    ...(v['client-key'] !== undefined ? { clientKeyFile: v['client-key'] } : {}),
    insecure: v.insecure === true,
  };
}

/**
 * The secrets the options hold, as their rows declare them. Not one shorter than SHORTEST_FRAGMENT: that is an
 * ordinary word or number ("acme", "1"), which the redactor would take out of every report wherever it appears
 * ("1" out of every number, report.json's syntax with them). The suite never writes one itself (its row shows it as
 * `[REDACTED]`); only a target's echo of it could show it.
 */
function secretsIn(v: Options): string[] {
  return Object.entries<OptionRow>(TABLE).flatMap(([name, row]) => {
    const given: unknown = v[name as keyof Options];
    if (given === undefined || row.secretsOf === undefined) return [];
    return (Array.isArray(given) ? given : [given]).flatMap((value) => row.secretsOf?.(value) ?? []);
  }).filter((secret) => secret.length >= SHORTEST_FRAGMENT);
}

/** The longest --implementation: a name and a version, not a document. */
const MOST_IMPLEMENTATION_LENGTH = 200;

/**
 * --implementation: a name and a version (`acme-petstore 2.3.1`), its white space folded: one line of visible
 * characters, which every report and the certificate show as given.
 */
function implementationOf(text: string): string {
  const folded = text.trim().replace(/\s+/g, ' ');
  if (!/^\S.* \S+$/.test(folded) || folded.length > MOST_IMPLEMENTATION_LENGTH || /\p{Cc}|\p{Cf}/u.test(folded)) {
    throw new UsageError(`--implementation takes the implementation's name and version, in at most ${MOST_IMPLEMENTATION_LENGTH} visible characters: ` +
      `--implementation 'acme-petstore 2.3.1'`);
  }
  return folded;
}

/** An option's text as it is: a path, an id. */
function asWritten(text: string): string {
  return text;
}

/**
 * The value of an option that names a PEM file, which must be a path: PEM text (`--client-key="$(cat key.pem)"`), or
 * any value with a line break, is what a file holds, not its name, and is refused without being repeated (a key given
 * so would be printed in the message that it names no file).
 */
function pemFile(name: keyof typeof PEM_FILES): Parser<string> {
  const option = `--${name}`;
  const what = PEM_FILES[name];
  return (text) => {
    if (/-----BEGIN|[\r\n]/.test(text)) {
      throw new UsageError(`${option} was given ${/-----BEGIN/.test(text) ? `PEM text (${what} itself)` : 'text with line breaks'}, not the path of a file: ` +
        `give the path of a file that holds ${what} (the text is not repeated here)`);
    }
    return text;
  };
}

/**
 * --report-dir as an absolute path: the suites run with the package as their root, and a shard's blob written
 * relative to it would land there instead of beside the reports.
 */
function absolutePath(path: string): string {
  return resolve(path);
}

/** `--target`: the bundled reference, or a deployment's base URL. */
function targetOf(text: string): RunConfig['target'] {
  return text === 'reference' ? { kind: 'reference' } : { kind: 'url', url: targetUrl(text) };
}

/** --profile: one of the profiles' names. */
function profileName(text: string): ProfileName {
  const name = Object.values(PROFILES).find((p) => p.name === text)?.name;
  if (name === undefined) throw new UsageError(`--profile is one of ${Object.keys(PROFILES).join(', ')}, not "${text}"`);
  return name;
}

function environment(name: string): string {
  const known = name.toLowerCase();
  if (![...PRODUCTION_NAMES, ...OTHER_ENVIRONMENTS].includes(known)) {
    throw new UsageError(`--env takes production (or ${PRODUCTION_NAMES.slice(1).join(', ')}) or one of ${OTHER_ENVIRONMENTS.join(', ')}, not "${name}"`);
  }
  return known;
}

/** A header `--header` sends with every request: its name as given, and its value, a secret. */
export interface ExtraHeader {
  readonly name: string;
  readonly value: string;
}

/** The characters of a header name besides letters and digits (an HTTP token, RFC 9110 §5.6.2). */
const TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

/**
 * Headers `--header` may not set, by name in lower case, with why. The checks set these themselves, and vary some to
 * judge the contract (a run's header would hide or undo what they sent); the HTTP client sets the others from the
 * connection and the body (undici refuses some outright).
 */
const SUITE_HEADERS: Readonly<Record<string, string>> = {
  authorization: `the suite sends its own Authorization header (the key comes from ${API_KEY_ENV} or --api-key-file)`,
  // Where the AUTH checks send the valid key, to see that the target does not take it there (generators/credentials.ts).
  ...Object.fromEntries(['Cookie', ...OTHER_HEADERS].map((name) => [
    name.toLowerCase(), `the AUTH checks send the key in ${name} themselves, to see that the target does not take it there`,
  ])),
  'content-type': 'the checks send their own Content-Type, and wrong ones on purpose, to judge how the target answers them',
  accept: 'the checks send their own Accept (the JSON media types the spec documents for the operation\'s responses)',
  'accept-encoding': 'the checks send their own Accept-Encoding (identity: they read bodies as the target sent them)',
  'user-agent': 'the suite names itself in User-Agent, so that the target\'s operators can tell its requests',
  traceparent: 'the suite sends a traceparent of its own with each request, so that the target\'s operators can find it in their logs',
  ...Object.fromEntries(['Host', 'Connection', 'Keep-Alive', 'Content-Length', 'Transfer-Encoding', 'Upgrade', 'Expect'].map((name) => [
    name.toLowerCase(), `the HTTP client manages ${name} itself, with the connection and the body`,
  ])),
};

/**
 * `--header 'NAME: VALUE'`, or NAME:VALUE: a header every request carries, its value without the white space around it
 * (not part of a value: RFC 9110 §5.5). A message about it never holds its value, nor a name it could not tell from one.
 */
function extraHeader(text: string): ExtraHeader {
  const colon = text.indexOf(':');
  const form = "write it as --header 'NAME: VALUE'";
  if (colon < 0) throw new UsageError(`--header takes NAME: VALUE, and the one given has no colon; ${form}`);
  const name = text.slice(0, colon);
  if (name === '') throw new UsageError(`--header takes NAME: VALUE, and the one given has no name before its colon; ${form}`);
  const characters = [...name];
  const bad = characters.findIndex((c) => !/^[A-Za-z0-9]$/.test(c) && !TOKEN_SYMBOLS.includes(c));
  if (bad >= 0) {
    throw new UsageError(`--header: a header name is letters, digits and ${TOKEN_SYMBOLS} only, and the one given holds ` +
      `${characterIn(characters[bad] as string)} at character ${bad + 1} of ${characters.length}; ${form}`);
  }
  const why = SUITE_HEADERS[name.toLowerCase()];
  if (why !== undefined) throw new UsageError(`--header ${name}: ${why}`);
  const value = text.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
  if (value === '') throw new UsageError(`--header ${name} has no value: give it after the colon, in quotes, so that the shell keeps it with its name (--header '${name}: <value>')`);
  if (value === REDACTED) throw new UsageError(`--header ${name}: ${REDACTED} stands for a value the reports do not show; give the header's value (--header '${name}: <value>')`);
  const unsendable = unsendableInHeader(value);
  if (unsendable) {
    throw new UsageError(`--header ${name}: its value holds ${unsendable.kind} (${unsendable.codePoint}, character ${unsendable.position} of ${unsendable.length}), ` +
      'which an HTTP header cannot carry: check how the value was written, and remove it');
  }
  return { name, value };
}

/** A character of a header name that a name cannot hold, for a message: itself when it is visible ASCII, else its code point. */
function characterIn(character: string): string {
  const code = character.codePointAt(0) as number;
  if (code > 0x20 && code < 0x7f) return `"${character}"`;
  return `${code === 0x20 ? 'a space ' : ''}U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The `--header`s given, as the headers every request carries: a name given twice, in any letter case, is refused. */
function headersOf(given: readonly ExtraHeader[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of given) {
    const earlier = Object.keys(headers).find((n) => n.toLowerCase() === name.toLowerCase());
    if (earlier !== undefined) {
      throw new UsageError(`--header ${name} is given twice${earlier === name ? '' : ` (as ${earlier} and ${name}: a header's name is the same in any letter case)`}; give each header once`);
    }
    headers[name] = value;
  }
  return headers;
}

/** `rules AUTH-2 CREATE`: the rules the rules command shows, by id or area (all of them when none is named). */
function ruleNames(names: readonly string[]): string[] {
  const chosen = names.map((n) => n.toUpperCase());
  const unknown = unknownNames({ only: chosen, skip: [] });
  if (unknown.length) throw new UsageError(`rules takes rule ids or areas (AUTH, CREATE-2; petstore-conformance rules lists them), not "${unknown.join('", "')}"`);
  return chosen;
}

/** `--only` and `--skip` (`flag`): a rule id or an area, in any letter case. */
function ruleOrArea(flag: string): Parser<string> {
  return (text) => {
    const name = text.toUpperCase();
    if (unknownNames({ only: [name], skip: [] }).length) throw new UsageError(`${flag} takes rule ids or areas (AUTH, CREATE-2; see the rules command), not "${name}"`);
    return name;
  };
}

/** `--fail-on`: whether any failure fails the exit code, or only a new one (with --baseline: see runConfig). */
function failOn(text: string): 'any' | 'new' {
  if (text !== 'any' && text !== 'new') throw new UsageError(`--fail-on is "any" or "new", not "${text}"`);
  return text;
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
function replayConfig(report: string, given: Options, positionals: readonly string[]): RunConfig {
  const recorded = recordedRun(report);
  const fromReport = given.target === undefined && recorded.targetArgs ? recordedOptions(recorded.targetArgs, given) : {};
  const profile = given.profile ?? (recorded.profile === undefined ? undefined : profileName(recorded.profile));
  const v: Options = { ...fromReport, ...given, ...(profile !== undefined ? { profile } : {}) };
  const [check] = positionals;
  if (check === undefined || positionals.length !== 1) {
    throw new UsageError('--replay takes the report and the check to run again: --replay <report.json> "<check>"');
  }
  if (v.seed !== undefined) throw new UsageError('--replay runs with the seed of the report it replays; drop --seed');
  for (const flag of ['runs', 'create-runs'] as const) {
    if (v[flag] !== undefined) throw new UsageError(`--replay runs as many cases as the report it replays; drop --${flag}`);
  }
  return { ...runConfig(v), replay: { report, check } };
}

/**
 * The options that chose a run's target and how it is reached, as its reports record them for the commands that run
 * a check again (`--replay`), and as {@link recordedOptions} reads them back.
 */
export function targetArgsOf(config: RunConfig): string[] {
  const option = (flag: string, value: string | undefined) => (value === undefined ? [] : [flag, value]);
  // A file as an absolute path: the command runs again from any directory. A spec's URL as it is.
  const file = (flag: string, path: string | undefined) => option(flag, path === undefined || isUrl(path) ? path : resolve(path));
  return [
    '--target', config.target.kind === 'url' ? config.target.url : 'reference',
    ...config.faults.flatMap((id) => ['--fault', id]), ...config.variants.flatMap((id) => ['--variant', id]),
    ...file('--spec', config.specPath), ...file('--api-key-file', config.apiKeyFile), ...file('--ca', config.caFile),
    ...(config.settings.insecure ? ['--insecure'] : []),
    // It decides, as the spec does, which checks there are: a replay of one of its format checks needs it.
    ...(config.settings.assertFormats ? ['--assert-formats'] : []),
    // The key's passphrase, if any, is read from the environment again.
    ...file('--client-cert', config.clientCertFile), ...file('--client-key', config.clientKeyFile),
    // A header's value is the run's secret: a replay is given it again.
    ...Object.keys(config.settings.headers ?? {}).flatMap((name) => ['--header', `${name}: ${REDACTED}`]),
    ...option('--env', config.env),
  ];
}

/**
 * The options a report recorded its run was started with, but those `given` again, which replace them unread; none
 * when they do not parse (a report edited by hand). The headers it sent are recorded by name only (their values as
 * [REDACTED]): each must be given again, all of them named at once when some are not.
 */
function recordedOptions(args: readonly string[], given: Options): Options {
  let written;
  try {
    written = parseArgs({ args: [...args], strict: true, options: PARSED_OPTIONS }).values;
  } catch {
    return {};
  }
  const { header: headers = [], ...rest } = written;
  const givenNames = new Set((given.header ?? []).map((h) => h.name.toLowerCase()));
  const missing = (headers as string[]).map((text) => text.slice(0, Math.max(0, text.indexOf(':')))).filter((name) => !givenNames.has(name.toLowerCase()));
  if (missing.length > 0) {
    throw new UsageError(`--replay: the report's run sent ${missing.length === 1 ? 'a header' : 'headers'} whose value it does not record (${missing.join(', ')}): ` +
      `give ${missing.length === 1 ? 'it' : 'each'} again, as --header '${missing[0] as string}: <value>'`);
  }
  return optionsOf(Object.fromEntries(Object.entries(rest).filter(([name]) => given[name as keyof Options] === undefined)));
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

/** The parser of a whole number from `min` to `max` given with `flag`. */
function wholeNumber(flag: string, min: number, max: number): Parser<number> {
  return (text) => {
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not "${text}"`);
    }
    return n;
  };
}

/**
 * Options of which a later value would silently replace an earlier one: one that guards more (`--env production --env
 * staging` must not run with writes), or decides what is judged (a second `--target` or `--spec`, from a shell
 * alias or a CI template, would judge another target or spec than the one the first names). Given twice with
 * different values, they are refused; each with how its values are told apart (an environment's name in any case).
 */
const GIVEN_ONCE: Readonly<Record<string, (value: string) => string>> = { env: (value) => value.toLowerCase(), target: (value) => value, spec: (value) => value };

function refuseConflicting(tokens: readonly { readonly kind: string; readonly name?: string; readonly value?: string | undefined }[]): void {
  for (const [name, same] of Object.entries(GIVEN_ONCE)) {
    const values = [...new Set(tokens.filter((t) => t.kind === 'option' && t.name === name).map((t) => same(String(t.value))))];
    // Only an environment's names are shown: a URL could carry credentials, which no message repeats.
    if (values.length > 1) throw new UsageError(`--${name} is given twice, ${name === 'env' ? `as ${values.join(' and ')}` : 'with different values'}: give it once`);
  }
}

/**
 * A key given as a flag would show in process lists and shell history: refuse it before anything else. `--key` that
 * is probably a TLS client key (beside a certificate option, or naming a .pem or .key file), as curl's `--key` is,
 * is pointed to --client-key; its value is never repeated.
 */
function refuseKeyOnCommandLine(argv: readonly string[]): void {
  const at = argv.findIndex((a) => /^--api-?key(=|$)|^--key(=|$)|^--token(=|$)/.test(a));
  if (at < 0) return;
  const written = argv[at] as string;
  const value = written.includes('=') ? written.slice(written.indexOf('=') + 1) : argv[at + 1];
  if (/^--key(=|$)/.test(written) && (argv.some((a) => /^--(client-)?cert(=|$)/.test(a)) || /\.(pem|key)$/i.test(value ?? ''))) {
    throw new UsageError('--key is not an option: give a TLS client certificate\'s private key with --client-key <file>, and the certificate with --client-cert <file>');
  }
  throw new UsageError(`the API key is not accepted on the command line, where process lists and shell history would show it; set ${API_KEY_ENV} or use --api-key-file <file>`);
}

/**
 * What other tools call some of the options (curl's `--cert`, `--cacert`), by name without its dashes: the option
 * meant, which a near name (`--cert`: `--certify`) must not hide. `--proxy` names no option: see {@link PROXY_FROM_ENVIRONMENT}.
 */
const OTHER_TOOLS_NAMES: Readonly<Record<string, string>> = { cert: 'client-cert', 'client-certificate': 'client-cert', cacert: 'ca', 'ca-cert': 'ca' };

/** What `--proxy` (curl's) is told: the proxy comes from the environment, as curl's and most tools' do. */
const PROXY_FROM_ENVIRONMENT = 'the proxy comes from the environment, as curl reads it: export HTTPS_PROXY=http://proxy.example:3128 ' +
  '(HTTP_PROXY for an http target; NO_PROXY names the hosts to reach directly)';

/**
 * The option an unknown one was probably meant to be (`--targt`: `--target`), or undefined. A single dash before a
 * long name (`-target`) reads as the short option `-t`: the argument as written is looked at for that.
 */
function optionMeant(unknown: string, argv: readonly string[]): { written: string; option: string } | undefined {
  const names = OPTIONS.map((o) => o.name);
  const written = unknown.startsWith('--') ? unknown : argv.find((a) => /^-[^-]{2,}/.test(a) && a.split('=')[0]?.includes(unknown.slice(1)))?.split('=')[0];
  if (written === undefined) return undefined;
  const word = written.replace(/^--?/, '').toLowerCase();
  const name = OTHER_TOOLS_NAMES[word] ?? closest(word, names);
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
