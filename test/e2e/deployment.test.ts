/**
 * The run users make: the CLI with no flag but --target and the key, against the reference served as a deployment
 * (a server of its own, reached by URL, not --target reference), so with the staging profile's defaults. It must
 * give a full verdict and cost few writes. That it catches every fault the selftest knows with its rule under these
 * defaults is selftest.test.ts's matrix, which runs with them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';
import type { RunReport } from '../../src/results/run-report.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { listOf } from '../support/reference.js';

const KEY = 'psk_deployment_test_key_0123456789';

/**
 * A default run (or one with `args`) against a reference with these patches, served on a port of its own, and what
 * the target lists after it (read only for a target whose list is sound). The server is closed here, not after the test: the tests of a
 * concurrent block would share the helpers' hooks.
 */
async function defaultRun(patches: { faults?: string[]; variants?: string[]; preload?: number } = {}, args: readonly string[] = []) {
  const server = await startReferenceServer({ apiKey: KEY, ...patches });
  try {
    const run = await runAgainst(server, args);
    return { ...run, held: patches.faults?.length ? [] : await listOf(server) };
  } finally {
    await server.close();
  }
}

/** A default run (or one with `args`) against a server that is listening, and its report. */
async function runAgainst(server: ReferenceServer, args: readonly string[] = []) {
  const dir = await tempDir();
  const result = await runCli(['--target', server.url, '--report-dir', dir, ...args], { PETSTORE_API_KEY: KEY });
  return { result, report: await readReport(dir) };
}

/** The target of the first run on an empty target (below), closed after the file: the top-up's test runs on it again. */
let emptyTarget: ReferenceServer | undefined;
afterAll(async () => emptyTarget?.close());

/** A default run against an empty target, and what the target lists right after it. */
async function firstRun() {
  const server = (emptyTarget = await startReferenceServer({ apiKey: KEY }));
  return { server, ...(await runAgainst(server)), held: await listOf(server) };
}
let firstOnce: ReturnType<typeof firstRun> | undefined;
/** {@link firstRun}, once: the clean reference judged whole and the run a top-up follows are the same run, which both tests only read. */
const firstRunOnce = () => (firstOnce ??= firstRun());

/** The text of a document of the package: the figures it gives of a default run are the runs' here. */
const doc = (path: string) => readFile(join(packageRoot, path), 'utf8');

const failedRules = (report: RunReport) => [...new Set(report.results.filter((r) => r.outcome === 'failed').map((r) => r.rule))];

describe('a default run against a deployment', () => {
  it('judges the clean reference conformant, every check run, for few writes', async () => {
    const { result, report, held } = await firstRunOnce();
    expect(result.code, result.stdout).toBe(0);
    expect(report.verdict).toBe('conformant');
    expect(report.settings).toMatchObject({ profile: 'staging', maxWrites: 100 });
    expect(report.results.filter((r) => r.outcome !== 'passed').map((r) => `${r.rule} ${r.check}: ${r.message}`)).toEqual([]);
    // Every category the target holds is one the report lists, and accounted for: the budget's writes and the top-up.
    expect(new Set(report.created.map((c) => c.id))).toEqual(new Set(held.map((c) => String(c.id))));
    expect(held.length).toBe(report.writes.spent + (report.writes.topUp?.added ?? 0));
    expect(report.writes.spent).toBeLessThanOrEqual(100);
  });

  // A target that creates on requests it must refuse makes the default run stop sending generated ones of that kind:
  // the examples still judge every rule, so a second fault behind the first is caught all the same.
  describe.concurrent('catches with the defaults what a run without a budget catches, also behind a fault that creates on refusals', () => {
    it.each([
      [['auth-store-before-check', 'malformed-json-500'], ['AUTH-4', 'HTTP-1']],
      [['auth-optional', 'lenient-json'], ['AUTH-1', 'CREATE-2']],
    ])('%j', async (faults, caught) => {
      const staging = await defaultRun({ faults });
      const ci = await defaultRun({ faults }, ['--profile', 'ci']);
      expect(failedRules(staging.report).sort()).toEqual(failedRules(ci.report).sort());
      expect(failedRules(staging.report)).toEqual(expect.arrayContaining(caught));
    });
  });
});

describe('what a default run creates', () => {
  it('on a target that already lists 3,000 categories: at most 100, and no top-up', async () => {
    const { report, held } = await defaultRun({ preload: 3000 });
    expect(report.verdict).toBe('conformant');
    expect(report.writes.topUp).toBeNull();
    expect(report.created.length).toBeLessThanOrEqual(100);
    expect(held.length - 3000).toBe(report.created.length);
    expect((await doc('README.md')).replace(/\s+/g, ' ')).toContain(`for ${report.created.length} new categories on a target whose list already holds more than 256`);
    const using = await doc('docs/using.md');
    expect(using).toContain(`| already lists 3,000 categories | ${report.created.length} | 0 |`);
    expect(using.replace(/\s+/g, ' ')).toContain(`A default run spends ${report.writes.spent} of the ${report.writes.budget} against a target that keeps the contract`);
  });

  it('on an empty target: tops the list up to 257 once, saying so first; the next run tops up nothing', async () => {
    const { server, ...first } = await firstRunOnce();
    expect(first.report.verdict).toBe('conformant');
    const topUp = first.report.writes.topUp;
    expect(topUp).toMatchObject({ to: 257 });
    expect(topUp?.added).toBe(257 - (topUp?.listed ?? 0));
    // Said on the console before the list suite's results, and in the report.
    const said = first.result.stdout.indexOf('LIST-2 adds');
    expect(said).toBeGreaterThan(0);
    expect(said).toBeLessThan(first.result.stdout.indexOf('✓ list'));
    expect(first.result.stdout).toMatch(/a later run against this target finds it long enough and adds none/);
    expect((await listOf(server)).length).toBe(257);
    expect(await doc('docs/using.md')).toContain(`| empty, first run | ${first.report.created.length} | ${topUp?.added} |`);

    const second = await runAgainst(server);
    expect(second.report.verdict).toBe('conformant');
    expect(second.report.writes.topUp).toBeNull();
    expect(second.report.created.length).toBeLessThanOrEqual(100);
    expect(second.result.stdout).not.toMatch(/LIST-2 adds/);
    expect(await doc('docs/using.md')).toContain(`| the same target, every later run | ${second.report.created.length} | 0 |`);
  });

  it('fails a target that trims names as the README shows it (one that lists 3,000 categories, seed 1)', async () => {
    const { result } = await defaultRun({ faults: ['name-trimmed'], preload: 3000 }, ['--seed', '1']);
    expect(result.code).toBe(1);
    const readme = await doc('README.md');
    const shown = readme.slice(readme.indexOf('### What a failure looks like'), readme.indexOf('### Exit codes'));
    const lines = shown.split('\n').filter((line) => /^ {2}[✗✓] |^ {6}\w|^Verdict: /.test(line));
    expect(lines.length).toBe(4);
    // As printed, but the time it took.
    for (const line of lines) expect(result.stdout.replace(/ in [\d.]+ s$/m, ' in 2.3 s'), line).toContain(`${line}\n`);
    const files = (text: string) => /^Reports: (.*)$/m.exec(text)?.[1]?.split(', ').map((path) => path.replace(/^.*\//, ''));
    expect(files(shown)).toEqual(files(result.stdout));
  });
});
