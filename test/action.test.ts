import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import yaml from 'js-yaml';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/core/package-info.js';
import type { RunReport } from '../src/results/run-report.js';
import { runAction, type Job } from './support/action-runner.js';
import { authority, hasOpenssl } from './support/certificates.js';
import { tempDir } from './support/cli.js';
import { startProxy } from './support/proxy.js';
import { reference } from './support/reference.js';

const run = promisify(execFile);
const KEY = 'psk_action_test_key_0123456789';

describe('action.yml', async () => {
  const action = await readFile(join(packageRoot, 'action.yml'), 'utf8');

  it('passes the key through the environment only, and inputs reach scripts only as environment variables', () => {
    expect(action).toMatch(/PETSTORE_API_KEY: \$\{\{ inputs\.api-key \}\}/);
    expect(action.match(/api-key/g)?.length).toBe(2); // the input, and the one env line that passes it
    // Inputs reach scripts as environment variables, not spliced into them (no script injection).
    for (const line of action.split('\n').filter((l) => /^\s+(run:|node |echo |if )/.test(l))) expect(line).not.toMatch(/\$\{\{/);
  });

  it('passes a client key\'s passphrase through the environment only', () => {
    expect(action).toMatch(/PETSTORE_CLIENT_KEY_PASSPHRASE: \$\{\{ inputs\.client-key-passphrase \}\}/);
    expect(action.match(/client-key-passphrase/g)?.length).toBe(2); // the input, and the one env line that passes it
  });

  // An attestation needs GitHub's OIDC token and Sigstore: what can be held here is its wiring, and its documentation.
  it('attests a certificate only when asked and the run wrote one, with the permissions it needs documented', async () => {
    const parsed = yaml.load(action) as { inputs: Record<string, { default?: string }>; runs: { steps: { id?: string; if?: string; uses?: string; with?: Record<string, string> }[] } };
    expect(parsed.inputs['attest']?.default).toBe('false');
    const steps = parsed.runs.steps;
    const attest = steps.find((s) => s.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest).toMatchObject({ id: 'attest', if: "inputs.attest == 'true' && steps.run.outputs.certificate != ''" });
    expect(attest?.with?.['subject-path']?.split('\n').filter(Boolean)).toEqual(['${{ steps.run.outputs.certificate }}', '${{ steps.run.outputs.report-dir }}/report.json']);
    // After the run that writes the certificate, before the upload of the files it attests.
    const at = (step: typeof attest) => steps.indexOf(step as (typeof steps)[number]);
    expect(at(attest)).toBeGreaterThan(at(steps.find((s) => s.id === 'run')));
    expect(at(attest)).toBeLessThan(at(steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))));
    for (const text of [action, await readFile(join(packageRoot, 'docs', 'using.md'), 'utf8')]) {
      expect(text).toMatch(/id-token: write/);
      expect(text).toMatch(/attestations: write/);
    }
    const using = await readFile(join(packageRoot, 'docs', 'using.md'), 'utf8');
    expect(using).toMatch(/gh attestation verify certificate\.json --repo <owner>\/<repo>/);
    expect(using).toMatch(/gh attestation verify certificate\.json --owner <owner>/);
  });

  // Before: `uses: your-org/petstore-conformance@v0`, a tag nothing made.
  it('is referenced in the docs by a branch or a commit, or a release tag the repository has', async () => {
    const tags: string[] = await run('git', ['tag', '--list'], { cwd: packageRoot }).then(({ stdout }) => stdout.split('\n').filter(Boolean), () => []);
    const docs = ['README.md', ...(await readdir(join(packageRoot, 'docs'))).map((f) => join('docs', f))];
    const refs: string[] = [];
    for (const doc of docs) {
      for (const [, ref] of (await readFile(join(packageRoot, doc), 'utf8')).matchAll(/uses: [\w.-]+\/petstore-conformance@(\S+)/g)) refs.push(ref as string);
    }
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref === 'main' || /^[0-9a-f]{40}$/.test(ref) || tags.includes(ref), ref).toBe(true);
  });
});

/** The action as a runner checks it out: the repository's files, without what a build or an install makes. */
async function checkout(): Promise<string> {
  const dir = await tempDir('petstore-action-');
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: packageRoot, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter((f) => f && existsSync(join(packageRoot, f)))) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await cp(join(packageRoot, file), join(dir, file));
  }
  return dir;
}

let sharedOnce: Promise<{ actionPath: string; cache: string }> | undefined;
/** One checkout of the action and one cache, for the jobs of these tests: the first installs, the others restore. */
function shared() {
  sharedOnce ??= (async () => ({ actionPath: await checkout(), cache: await tempDir('petstore-action-cache-') }))();
  return sharedOnce;
}

/** A job in a fresh workspace (or `workspace`), with the action's inputs, on a runner whose PATH is this one's. */
async function job(inputs: Record<string, string>, options: { workspace?: string; env?: Record<string, string>; name?: string } = {}) {
  const { actionPath, cache } = await shared();
  const workspace = options.workspace ?? await tempDir('petstore-workspace-');
  const spec: Job = {
    actionPath, cache, workspace, runnerTemp: join(workspace, '_temp'), inputs: { 'api-key': KEY, ...inputs }, job: options.name ?? 'conformance',
    // From npm's own cache where it can: the test is about the action, not the registry.
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NO_COLOR: '1', npm_config_prefer_offline: 'true', ...options.env },
  };
  return { workspace, result: await runAction(spec) };
}

const ran = (result: Awaited<ReturnType<typeof runAction>>, name: RegExp) => result.steps.find((s) => name.test(s.name))?.ran;

describe('the action, its steps run as a runner runs them, in fresh workspaces', () => {
  // Before: `npm ci` of the development checkout on every run (every development package, TypeScript compiled each
  // time), failing with a stack trace under NODE_ENV=production (no tsc), Node 20 forced on the job.
  it('installs the built package with its runtime dependencies once, under NODE_ENV=production, on the job\'s own Node; fails a partial verdict with its outputs', async () => {
    const server = await reference({ apiKey: KEY });
    const { workspace, result } = await job({ target: server.url, args: '--max-writes 30' }, { env: { NODE_ENV: 'production' } });
    expect(result.code, result.log).toBe(3);
    expect(ran(result, /^Set up Node/), 'the job\'s Node is new enough: left alone').toBe(false);
    expect(ran(result, /^Install/)).toBe(true);
    // What the cache keeps and the check runs: the package's files with its runtime dependencies only (no compiler,
    // no test servers, no browser driver).
    const temp = join(workspace, '_temp');
    const installed = join(temp, (await readdir(temp)).find((name) => name.startsWith('petstore-conformance-')) ?? '', 'package');
    expect(existsSync(join(installed, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules', 'vitest'))).toBe(true);
    for (const dev of ['typescript', 'express', 'fastify', 'playwright-core']) expect(existsSync(join(installed, 'node_modules', dev)), dev).toBe(false);

    const report = JSON.parse(await readFile(join(workspace, 'petstore-conformance-report', 'report.json'), 'utf8')) as RunReport;
    expect(result.outputs).toMatchObject({
      verdict: 'partial', checks: String(report.summary.checks), passed: String(report.summary.byOutcome.passed),
      failed: String(report.summary.byOutcome.failed), skipped: String(report.summary.byOutcome.skipped),
      'report-dir': join(workspace, 'petstore-conformance-report'),
    });
    expect(result.summary).toMatch(/^## ⚠️ Pet Store Service v1 conformance: PARTIAL/);
    expect(result.uploads).toEqual([{ name: result.outputs['artifact-name'], path: join(workspace, 'petstore-conformance-report'), overwrite: true }]);
  }, 300_000);

  it('restores the install from the cache in a later job, takes args quoted as in a shell, and lets a partial verdict pass when told', async () => {
    const server = await reference({ apiKey: KEY });
    const workspace = await tempDir('petstore-workspace-');
    await writeFile(join(workspace, 'expected failures.json'), '[{"id": "CREATE-3", "reason": "the gateway rejects charset; OPS-42"}]');
    // Before, args were split on white space unquoted: this file name reached the tool as two words.
    const { result } = await job({ target: server.url, 'fail-on-partial': 'false', attest: 'true', args: `--max-writes 30 --expect-failures 'expected failures.json'` }, { workspace });
    expect(result.code, result.log).toBe(0);
    expect(ran(result, /^Install/), 'a cache hit: nothing installed').toBe(false);
    expect(result.outputs['verdict']).toBe('partial');
    // No certificate for a partial run: nothing to attest, and the log says why.
    expect(ran(result, /^Attest/)).toBe(false);
    expect(result.outputs['certificate']).toBe('');
    expect(result.log).toMatch(/attest is true, but the run wrote no certificate to attest/);
    const report = JSON.parse(await readFile(join(workspace, 'petstore-conformance-report', 'report.json'), 'utf8')) as RunReport;
    expect(report.expectations?.file).toBe('expected failures.json');
  });

  // Before: a run that stopped at start-up in a reused workspace left the earlier run's report.json, whose verdict the
  // step reported as this run's; and every job of a shard matrix uploaded under one artifact name.
  it('reports no earlier run\'s verdict from a reused workspace, and gives the jobs of a shard matrix artifacts of their own', async () => {
    const workspace = await tempDir('petstore-workspace-');
    await mkdir(join(workspace, 'petstore-conformance-report'));
    await writeFile(join(workspace, 'petstore-conformance-report', 'report.json'), JSON.stringify({ verdict: 'conformant' }));
    await writeFile(join(workspace, 'petstore-conformance-report', 'summary.md'), '## ✅ conformant\n');
    const target = 'http://127.0.0.1:9/v1';
    const first = await job({ target, args: '--shard 1/2 --seed 5' }, { workspace });
    expect(first.result.code).toBe(2);
    expect(first.result.outputs['verdict']).toBe('incomplete');
    expect(first.result.summary).toBe('');
    expect(existsSync(join(workspace, 'petstore-conformance-report', 'summary.md'))).toBe(false);
    const second = await job({ target, args: '--shard 2/2 --seed 5' });
    expect(second.result.outputs['artifact-name']).toMatch(/^petstore-conformance-conformance-shard-2-of-2-[0-9a-f]{8}$/);
    expect(first.result.outputs['artifact-name']).toMatch(/^petstore-conformance-conformance-shard-1-of-2-[0-9a-f]{8}$/);
  });

  it('runs the tool from working-directory, where the files the options name and the reports are; attests the certificate it wrote when asked', async () => {
    const server = await reference({ apiKey: KEY });
    const workspace = await tempDir('petstore-workspace-');
    await mkdir(join(workspace, 'services', 'petstore'), { recursive: true });
    await cp(join(packageRoot, 'spec', 'openapi.yaml'), join(workspace, 'services', 'petstore', 'openapi.yaml'));
    const { result } = await job({
      target: server.url, profile: 'ci', 'working-directory': 'services/petstore', attest: 'true',
      args: "--certify --spec openapi.yaml --implementation 'petstore-reference 0.1.0'",
    }, { workspace });
    expect(result.code, result.log).toBe(0);
    const reportDir = join(workspace, 'services', 'petstore', 'petstore-conformance-report');
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
    expect(report.specPath).toBe(join(workspace, 'services', 'petstore', 'openapi.yaml'));
    expect(report.implementation).toBe('petstore-reference 0.1.0');
    expect(result.outputs).toMatchObject({ verdict: 'conformant', 'report-dir': reportDir, certificate: join(reportDir, 'certificate.json') });
    expect(result.attestations).toEqual([[join(reportDir, 'certificate.json'), join(reportDir, 'report.json')]]);
    expect(result.outputs['attestation-url']).toMatch(/^https:\/\//);
    expect(result.uploads).toEqual([{ name: result.outputs['artifact-name'], path: reportDir, overwrite: true }]);
  });

  it('sets up Node only when the job\'s is missing or too old, and refuses args that an input sets, and a client key given as its text', async () => {
    // A `node` first on PATH that cannot run the action's scripts, as one too old to load them.
    const bin = await tempDir('petstore-old-node-');
    await writeFile(join(bin, 'node'), '#!/bin/sh\necho "SyntaxError: Unexpected token" >&2\nexit 1\n');
    await chmod(join(bin, 'node'), 0o755);
    const { result } = await job({ target: 'http://127.0.0.1:9/v1', args: '--report-dir elsewhere' }, { env: { PATH: `${bin}:${process.env['PATH'] ?? ''}` } });
    expect(ran(result, /^Set up Node/)).toBe(true);
    expect(result.code).toBe(2);
    expect(result.log).toMatch(/args gives --report-dir, which the input report-dir sets: give it there/);
    expect(result.outputs['verdict']).toBe('incomplete');
    const missing = await job({ target: 'http://127.0.0.1:9/v1', 'working-directory': 'not-checked-out' });
    expect(missing.result.code).toBe(2);
    expect(missing.result.log).toMatch(/the input working-directory names .*not-checked-out, which is not a directory: check it out first, or name another/);
    // Before: a key given as the input itself (client-key: ${{ secrets.CLIENT_KEY }}) went on the tool's command line.
    const body = 'MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCzXaTJVk';
    const pem = await job({ target: 'http://127.0.0.1:9/v1', 'client-cert': 'client.pem', 'client-key': `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n` });
    expect(pem.result.code).toBe(2);
    expect(pem.result.log).toMatch(/petstore-conformance action: the input client-key holds PEM text \(the key itself\), not the name of a file: write the secret to a file in an earlier step, and give that file's name/);
    expect(pem.result.log).not.toContain(body);
  });

  it.skipIf(!hasOpenssl)('presents a client certificate from the files its inputs name, its key\'s passphrase from a secret, through the job\'s proxy', async () => {
    const ca = await authority();
    const own = await ca.issue({});
    const server = await reference({ apiKey: KEY, tls: { key: own.key, cert: own.cert, clientCa: ca.cert } });
    const proxy = await startProxy();
    const workspace = await tempDir('petstore-workspace-');
    const passphrase = 'client-key-passphrase-7f3a9c21';
    const client = await ca.issue({ client: 'ci-client', passphrase });
    await cp(client.certFile, join(workspace, 'client.pem'));
    await cp(client.keyFile, join(workspace, 'client.key'));
    await cp(ca.certFile, join(workspace, 'ca.pem'));
    const { result } = await job({
      target: server.url, 'client-cert': 'client.pem', 'client-key': 'client.key', 'client-key-passphrase': passphrase,
      'fail-on-partial': 'false', args: '--ca ca.pem --only AUTH-3',
    }, { workspace, env: { HTTPS_PROXY: proxy.url } });
    expect(result.code, result.log).toBe(0);
    expect(result.outputs['verdict']).toBe('partial');
    expect(result.log).toMatch(/^tls {5}client certificate client\.pem \(CN=ci-client\)$/m);
    expect(proxy.forwarded.length).toBeGreaterThan(0);
    expect(proxy.forwarded.every((f) => f.kind === 'connect' && f.target === new URL(server.url).host)).toBe(true);
    expect(result.log).not.toContain(passphrase);
    const report = JSON.parse(await readFile(join(workspace, 'petstore-conformance-report', 'report.json'), 'utf8')) as RunReport;
    expect(report.settings.clientCertificate).toBe('client.pem (CN=ci-client)');
  });

  it('keeps the job\'s Node when it keeps package.json\'s engines', async () => {
    const { actionPath } = await shared();
    const okay = async (version: string) => run(process.execPath, [join(actionPath, 'scripts', 'action.mjs'), 'node-ok', version]).then(() => true, () => false);
    const cases: [string, boolean][] = [['18.20.4', false], ['20.18.3', false], ['20.19.0', true], ['21.7.3', false], ['22.11.0', false], ['22.12.0', true], ['24.0.0', true], ['26.1.0', true]];
    expect(await Promise.all(cases.map(async ([version]) => [version, await okay(version)]))).toEqual(cases);
  });
});
