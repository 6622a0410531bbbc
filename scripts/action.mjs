// The GitHub Action's steps (action.yml), in Node rather than in the workflow's shell: each subcommand is one step.
//   node-ok   exit 0 when this Node (or the version given) keeps package.json's engines: the job's own is then kept
//   prepare   where the installed package is cached, its cache key, the report directory and the artifact's name (step outputs)
//   install   build the action's checkout once and install the package with its runtime dependencies only
//   run       run the check from the working directory, set the outputs (verdict, counts, report directory, certificate) and
//             write the step summary
// Plain JavaScript and no dependencies: it runs before anything is installed, on the job's own Node (one too old to
// load it at all fails node-ok, as it should).
import { execFileSync, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'fs';
import { join, resolve } from 'path';
import { fileURLToPath } from 'url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const env = process.env;

/** The report files a run writes: removed before a run, so that none of an earlier run's passes for this one's. */
const REPORT_FILES = ['report.json', 'report.har', 'junit.xml', 'report.html', 'summary.md', 'badge.svg', 'certificate.json'];
/** Options the action's inputs give: in `args` they would contradict the input (the later one wins, silently). */
const FROM_INPUTS = {
  '--target': 'target', '--profile': 'profile', '--report-dir': 'report-dir', '--fail-on-partial': 'fail-on-partial',
  '--client-cert': 'client-cert', '--client-key': 'client-key',
};

/** Appends `name=value` lines to the step's outputs. */
function output(values) {
  const lines = Object.keys(values).map(function (name) { return name + '=' + values[name] + '\n'; }).join('');
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, lines);
  else process.stdout.write(lines);
}

/** Stops the step with one line saying what is wrong, as the CLI does (exit 2: the run could not be carried out). */
function fail(message) {
  process.stderr.write('petstore-conformance action: ' + message + '\n');
  output({ verdict: 'incomplete' });
  process.exit(2);
}

/** Whether a version (`20.19.2`) is within a range of the forms engines uses: `^20.19.0 || ^22.12.0 || >=24.0.0`. */
function satisfies(version, range) {
  const number = function (text) { return text.split('.').map(Number); };
  const compare = function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; };
  const v = number(version);
  return range.split('||').some(function (part) {
    const match = /^\s*(\^|>=)\s*(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!match) return false;
    const floor = number(match[2]);
    return compare(v, floor) >= 0 && (match[1] === '>=' || v[0] === floor[0]);
  });
}

/** The words of `args` as a shell reads quotes and backslashes, but nothing else: no variable, command or glob. */
function words(text) {
  const out = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null; else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && /["\\$`]/.test(text[i + 1] || '')) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else {
      if (word === null) word = '';
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < text.length) word += text[++i];
      else word += c;
    }
  }
  if (quote) fail('the input args has an unclosed ' + quote + ': close it, as in a shell');
  if (word !== null) out.push(word);
  return out;
}

/**
 * The directory the tool runs from: the input working-directory (relative to the job's), where the files the options
 * name (--spec, --api-key-file, --ca, --client-cert, --expect-failures…) and the report directory are found.
 */
function workingDirectory() {
  return resolve(env.WORKING_DIRECTORY || '.');
}

/** The report directory, absolute: the input report-dir, relative to the working directory. */
function reportDirectory() {
  return resolve(workingDirectory(), env.REPORT_DIR || 'petstore-conformance-report');
}

function prepare() {
  // What the install is made of: the sources the build reads, and how this script installs them.
  const sources = execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--digest'], { encoding: 'utf8' }).trim();
  const digest = createHash('sha256').update(sources).update(readFileSync(fileURLToPath(import.meta.url))).digest('hex');
  const temp = env.RUNNER_TEMP || resolve('.petstore-conformance');
  const shard = /(?:^|\s)--shard[=\s]+(\d+)\/(\d+)/.exec(env.ARGS || '');
  // Unique within a workflow run: a matrix's jobs differ in their inputs (a shard, a target) or their runner.
  const identity = createHash('sha256').update([env.TARGET, env.PROFILE, env.ARGS, env.RUNNER_OS, env.RUNNER_ARCH].concat(env.WORKING_DIRECTORY ? [env.WORKING_DIRECTORY] : []).join('\0')).digest('hex').slice(0, 8);
  const artifact = env.ARTIFACT_NAME || ['petstore-conformance', env.GITHUB_JOB || 'job', shard ? 'shard-' + shard[1] + '-of-' + shard[2] : '', identity].filter(Boolean).join('-');
  output({
    'install-dir': join(temp, 'petstore-conformance-' + digest.slice(0, 16)),
    'cache-key': ['petstore-conformance', env.RUNNER_OS || process.platform, env.RUNNER_ARCH || process.arch, digest].join('-'),
    artifact: artifact,
    // Absolute: the upload finds it wherever the tool runs from.
    'report-dir': reportDirectory(),
  });
}

function install() {
  const dir = env.INSTALL_DIR;
  if (!dir) fail('INSTALL_DIR is not set: the prepare step names it');
  const npm = function (args, cwd) {
    const result = spawnSync('npm', args.concat(['--no-audit', '--no-fund']), { cwd: cwd, stdio: 'inherit' });
    if (result.status !== 0) fail('npm ' + args.join(' ') + ' failed (exit ' + result.status + ')');
  };
  const started = Date.now();
  // The checkout is the development tree: built once here (the compiler is a development dependency, so it is
  // installed whatever NODE_ENV says), then the development dependencies are pruned, and the package's own files are
  // copied with what is left: its runtime dependencies, at the versions its lock file pins. That directory is what the
  // cache keeps and the check runs.
  console.log('petstore-conformance action: building this version once; later jobs restore it from the cache');
  npm(['ci', '--include=dev', '--ignore-scripts'], root);
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed (exit ' + build.status + ')');
  npm(['prune', '--omit=dev'], root);
  const pkg = join(dir, 'package');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(pkg, { recursive: true });
  // npm-shrinkwrap.json is written as the package is packed (npm pack's prepack): this install has the lock file.
  const packed = manifest.files.filter(function (entry) { return entry !== 'npm-shrinkwrap.json'; });
  packed.concat(['package.json', 'package-lock.json', 'node_modules']).forEach(function (entry) {
    cpSync(join(root, entry), join(pkg, entry), { recursive: true, verbatimSymlinks: true });
  });
  console.log('petstore-conformance action: installed in ' + ((Date.now() - started) / 1000).toFixed(1) + ' s');
}

function run() {
  const cwd = workingDirectory();
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) fail('the input working-directory names ' + cwd + ', which is not a directory: check it out first, or name another');
  const reportDir = reportDirectory();
  const extra = words(env.ARGS || '');
  extra.forEach(function (word) {
    const name = word.split('=')[0];
    if (FROM_INPUTS[name]) fail('args gives ' + name + ', which the input ' + FROM_INPUTS[name] + ' sets: give it there');
  });
  REPORT_FILES.forEach(function (file) { rmSync(join(reportDir, file), { force: true }); });
  const cli = join(env.INSTALL_DIR || '', 'package', manifest.bin['petstore-conformance']);
  if (!existsSync(cli)) fail('petstore-conformance is not installed in ' + env.INSTALL_DIR + ': the install step did not run');
  // The files' names only: the key's passphrase stays in the environment (PETSTORE_CLIENT_KEY_PASSPHRASE), where the
  // step put it, as the API key does; so do the job's proxy variables, which the tool reads as curl does. A secret
  // given as the input itself (its PEM text) would go on the tool's command line: refused, never repeated.
  [['CLIENT_CERT', 'client-cert'], ['CLIENT_KEY', 'client-key']].forEach(function (input) {
    if (/-----BEGIN|[\r\n]/.test(env[input[0]] || '')) {
      fail('the input ' + input[1] + ' holds PEM text (the ' + (input[1] === 'client-key' ? 'key' : 'certificate') + ' itself), not the name of a file: ' +
        'write the secret to a file in an earlier step, and give that file\'s name (the text is not repeated here)');
    }
  });
  const client = (env.CLIENT_CERT ? ['--client-cert', env.CLIENT_CERT] : []).concat(env.CLIENT_KEY ? ['--client-key', env.CLIENT_KEY] : []);
  const argv = [cli, '--target', env.TARGET || '', '--profile', env.PROFILE || 'staging', '--report-dir', reportDir]
    .concat(env.FAIL_ON_PARTIAL === 'false' ? [] : ['--fail-on-partial'], client, extra);
  // From the working directory: relative paths the options name resolve there, as they would in a shell run from it.
  const child = spawnSync(process.execPath, argv, { stdio: 'inherit', cwd: cwd });
  const code = child.status === null ? 2 : child.status;
  const reportJson = join(reportDir, 'report.json');
  // The files were removed before the run: a report.json or a certificate.json here is this run's.
  const certificate = join(reportDir, 'certificate.json');
  const certified = existsSync(certificate) ? certificate : '';
  if (existsSync(reportJson)) {
    const report = JSON.parse(readFileSync(reportJson, 'utf8'));
    const outcomes = report.summary.byOutcome;
    output({ verdict: report.verdict, checks: report.summary.checks, passed: outcomes.passed, failed: outcomes.failed, skipped: outcomes.skipped, 'report-dir': reportDir, certificate: certified });
  } else {
    output({ verdict: 'incomplete', 'report-dir': reportDir, certificate: '' });
  }
  if (env.ATTEST === 'true' && !certified) {
    console.log('petstore-conformance action: attest is true, but the run wrote no certificate to attest (only a conformant run with --certify or profile certify gets one)');
  }
  const summary = join(reportDir, 'summary.md');
  if (env.GITHUB_STEP_SUMMARY && existsSync(summary)) appendFileSync(env.GITHUB_STEP_SUMMARY, readFileSync(summary, 'utf8'));
  process.exit(code);
}

const command = process.argv[2];
if (command === 'node-ok') process.exit(satisfies(process.argv[3] || process.versions.node, manifest.engines.node) ? 0 : 1);
else if (command === 'prepare') prepare();
else if (command === 'install') install();
else if (command === 'run') run();
else fail('unknown step "' + command + '": node-ok, prepare, install or run');
