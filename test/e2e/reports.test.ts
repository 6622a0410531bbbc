import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { suiteVersion } from '../../src/core/package-info.js';
import { titleOf, type CheckResult } from '../../src/results/run-report.js';
import { renderHtml } from '../../src/report/html.js';
import { reproductionOf } from '../../src/report/reproduce.js';
import { renderSummaryMarkdown } from '../../src/report/summary-md.js';
import { filesBelow, onlyArgs, readReport, runCli, tempDir } from '../support/cli.js';
import { harProblems } from '../support/har.js';
import { reference } from '../support/reference.js';

const KEY = 'psk_ReportsCanary4Kq8Zw2Xn6Vb';

/**
 * One run of these rules against a reference with a MUST fault (ERROR-2) and a SHOULD fault (AUTH-6), with a
 * distinctive key. Both faults fail audits, which judge the 401s the AUTH checks run get.
 */
async function faultyRun(rules: readonly string[], env: Record<string, string | undefined> = {}) {
  const server = await reference({ apiKey: KEY, faults: ['error-status-always-400', 'auth-no-challenge'] });
  const dir = await tempDir();
  const result = await runCli(['--target', server.url, '--max-writes', '1000', ...onlyArgs(rules), '--report-dir', dir], { PETSTORE_API_KEY: KEY, ...env });
  return { dir, result, report: await readReport(dir) };
}

let plainOnce: ReturnType<typeof faultyRun> | undefined;
/**
 * The faulty run without GITHUB_ACTIONS (its output is the plain one wherever the tests run, on GitHub Actions too).
 * Run once for the tests that only read what it printed and wrote: they read the same run. AUTH and ERROR-2: they
 * fail as a whole run does, with the key sent in every form, over a hundred exchanges and titles that hold markup.
 * INFO: its observations are written apart from messages (junit.xml's system-out, the page's "Observed" line), and
 * INFO-4's holds a query's `&`. The other rules would add checks that pass.
 */
function plainRun(): ReturnType<typeof faultyRun> {
  plainOnce ??= faultyRun(['AUTH', 'ERROR-2', 'INFO'], { GITHUB_ACTIONS: undefined });
  return plainOnce;
}

describe('the report files of one run', () => {
  it('agree with report.json, junit.xml fits the JUnit schema, and none holds the key', async () => {
    const { dir, result, report } = await plainRun();
    expect(result.code).toBe(1);
    const files = await filesBelow(dir);
    expect(files.map((f) => f.path.replace(`${dir}/`, '')).sort()).toEqual(['badge.svg', 'junit.xml', 'report.har', 'report.html', 'report.json', 'summary.md']);
    for (const { path, content } of [...files, { path: 'stdout', content: result.stdout }]) {
      for (let i = 0; i + 8 <= KEY.length; i++) expect(content.toLowerCase(), path).not.toContain(KEY.slice(i, i + 8).toLowerCase());
    }

    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    const schema = await readFile(join(import.meta.dirname, '../support/junit.xsd'), 'utf8');
    const validation = await validateXML({ xml: [{ fileName: 'junit.xml', contents: junit }], schema: [schema] });
    expect(validation.errors).toEqual([]);
    const mustFailures = report.results.filter((r) => r.outcome === 'failed' && r.level === 'MUST');
    expect(mustFailures.length).toBeGreaterThan(0);
    expect(junit.match(/<testcase /g)?.length).toBe(report.results.length);
    expect(junit.match(/<failure /g)?.length).toBe(mustFailures.length);
    expect(junit).toContain('<testsuites name="petstore-conformance" tests="' + report.results.length + '" failures="' + mustFailures.length + '"');
    expect(junit).toMatch(/WARNING: AUTH-6 \(SHOULD\) is not kept/);
    expect(junit).toMatch(/Reproduce: curl -i -X /);

    const summary = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## ❌ Pet Store Service v1 conformance: NON-CONFORMANT/);
    const failed = report.results.filter((r) => r.outcome === 'failed');
    expect(summary).toContain(`### Failures (${failed.length})`);
    for (const level of ['MUST', 'SHOULD', 'INFO'] as const) {
      const c = report.summary.byLevel[level];
      expect(summary).toContain(`| ${level} | ${c.passed} | ${c.failed} | ${c.skipped} |`);
    }
    for (const r of failed.slice(0, 20)) expect(summary).toContain(`| ${r.rule} | ${r.level} |`);
    // Failures read exactly as they were: runs of spaces kept (in code spans), pipes and backticks escaped.
    const first = failed[0] as CheckResult;
    const exact = { ...report, results: report.results.map((r) => (r === first ? { ...r, message: 'the created name is "Rabbit", but "  Rabbit  " was sent | `x`' } : r)) };
    expect(renderSummaryMarkdown(exact)).toContain('| `` the created name is "Rabbit", but "  Rabbit  " was sent \\| `x` `` |');

    const badge = await readFile(join(dir, 'badge.svg'), 'utf8');
    expect(badge).toContain(`non-conformant ${report.summary.byOutcome.passed}/${report.summary.checks}`);
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<(link|img|script)[^>]+(src|href)=["']https?:/); // self-contained
    const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    for (const r of failed) expect(html).toContain(`data-title="${escaped(titleOf(r))}"`);

    // Every failed check, past the console's first few too, with what runs it again: its replay (a check of the run's
    // own), and for an example its curl. Before, report.html had the curl only and summary.md neither.
    expect(report.invocation).toEqual({ program: 'node dist/src/cli/main.js', targetArgs: ['--target', report.target], reportJson: join(dir, 'report.json') });
    for (const r of failed) {
      const { replay, curl } = reproductionOf(r, report);
      expect(replay !== undefined, titleOf(r)).toBe(r.kind === 'check');
      expect(curl !== undefined, titleOf(r)).toBe(!r.generated);
      for (const command of [replay, curl].filter((c) => c !== undefined)) {
        expect(html, titleOf(r)).toContain(escaped(command));
        expect(summary, titleOf(r)).toContain(`\n${command}\n`);
      }
    }
    // This run's failures are all audits, which judge what other checks sent and are not replayed alone: a check's
    // replay, as the same run would give it.
    const asCheck = { ...report, results: report.results.map((r) => (r === first ? { ...r, kind: 'check' as const } : r)) };
    const replay = `node dist/src/cli/main.js --target ${report.target} --replay ${join(dir, 'report.json')} '${titleOf(first)}'`;
    expect(reproductionOf(asCheck.results.find((r) => r.check === first.check) as CheckResult, asCheck).replay).toBe(replay);
    expect(renderHtml(asCheck)).toContain(escaped(replay));
    expect(renderSummaryMarkdown(asCheck)).toContain(`\n${replay}\n`);
  });

  it('report.har fits HAR 1.2 and holds every recorded exchange, each with the User-Agent and a traceparent, and no key', async () => {
    const { dir, report } = await plainRun();
    const text = await readFile(join(dir, 'report.har'), 'utf8');
    for (let i = 0; i + 8 <= KEY.length; i++) expect(text.toLowerCase()).not.toContain(KEY.slice(i, i + 8).toLowerCase());
    const har = JSON.parse(text) as { log: { creator: unknown; entries: { _id: string; request: { headers: { name: string; value: string }[] }; response: { status: number } }[] } };
    expect(harProblems(har)).toEqual([]);
    expect(har.log.creator).toEqual({ name: 'petstore-conformance', version: suiteVersion });

    // report.json's exchanges, each once: what a check kept, not every request sent.
    const recorded = report.results.flatMap((r) => r.exchanges);
    const ids = [...new Set(recorded.map((e) => e.id))];
    expect(har.log.entries.map((e) => e._id).sort()).toEqual(ids.sort());
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.length).toBeLessThanOrEqual(report.summary.requests);
    const header = (entry: (typeof har.log.entries)[number], name: string) => entry.request.headers.filter((h) => h.name === name).map((h) => h.value);
    for (const entry of har.log.entries) {
      expect(header(entry, 'user-agent')).toEqual([`petstore-conformance/${suiteVersion}`]);
      expect(header(entry, 'traceparent')).toEqual([expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)]);
    }
    // Credentials described, as in report.json: the key itself is in no line of the file (above).
    expect(har.log.entries.some((e) => header(e, 'authorization').includes('Bearer <valid key>'))).toBe(true);
    expect(har.log.entries.some((e) => e.response.status === 401)).toBe(true);

    // report.json's exchanges carry it too: one trace per check, a span per request.
    for (const exchange of recorded) expect(exchange.request.headers['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const spans = new Set(recorded.map((e) => e.request.headers['traceparent']?.slice(36, 52)));
    expect(spans.size).toBe(ids.length);
    const ownTraces = report.results.filter((r) => r.kind === 'check' && r.exchanges.length > 1)
      .map((r) => new Set(r.exchanges.map((e) => e.request.headers['traceparent']?.slice(3, 35))).size);
    expect(ownTraces.filter((n) => n === 1).length).toBeGreaterThan(ownTraces.length / 2);
    // And each check that sent requests names its trace, which joins every request it sent to the target's logs, kept or not.
    const sending = report.results.filter((r) => r.kind === 'check' && r.exchangeCount > 0);
    expect(sending.length).toBeGreaterThan(10);
    for (const r of sending) expect(r.traceId).toMatch(/^[0-9a-f]{32}$/);
    const traced = sending.filter((r) => r.exchanges.some((e) => e.request.headers['traceparent']?.slice(3, 35) === r.traceId));
    expect(traced.length).toBeGreaterThan(sending.length / 2);

    // The page shows it with the failing check's exchange, and its reproduction keeps the User-Agent, not the span.
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    const failing = report.results.find((r) => r.outcome === 'failed' && r.failedExchange !== undefined);
    const shown = failing?.exchanges.find((e) => e.id === failing.failedExchange);
    expect(html).toContain(`traceparent: ${shown?.request.headers['traceparent']}`);
    expect(html).toMatch(/curl -i -X [^<]*-H &#39;user-agent: petstore-conformance\//);
    expect(html).not.toMatch(/curl -i -X [^<]*traceparent/);
  });

  it('annotates failed rules for GitHub Actions: errors for MUST rules, warnings for SHOULD rules', async () => {
    // The two rules it annotates, and the 401s of AUTH-1's checks that they judge.
    const { result } = await faultyRun(['AUTH-1', 'AUTH-6', 'ERROR-2'], { GITHUB_ACTIONS: 'true' });
    expect(result.stdout).toMatch(/^::error title=ERROR-2 \(MUST\)::\d+ checks? failed, e\.g\. /m);
    expect(result.stdout).toMatch(/^::warning title=AUTH-6 \(SHOULD\)::/m);
    const plain = await plainRun();
    expect(plain.result.stdout).not.toMatch(/^::(error|warning)/m);
  });

  it('--strict makes a SHOULD failure fail the verdict, the exit code and JUnit, and every report says so', async () => {
    const server = await reference({ apiKey: KEY, faults: ['auth-no-challenge'] });
    const lenient = await tempDir();
    expect((await runCli(['--target', server.url, '--report-dir', lenient], { PETSTORE_API_KEY: KEY })).code).toBe(0);
    expect((await readReport(lenient)).verdict).toBe('conformant');
    const strict = await tempDir();
    // AUTH-6 judges the 401s AUTH-1's checks get: its failure, and no MUST one, as in the run above.
    const { code, stdout } = await runCli(['--target', server.url, '--strict', '--only', 'AUTH-1', '--only', 'AUTH-6', '--report-dir', strict], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(1);
    expect(stdout).toMatch(/Verdict: NON-CONFORMANT +0 MUST failures, \d+ SHOULD failures?/);
    expect(await readFile(join(strict, 'junit.xml'), 'utf8')).toMatch(/<failure type="AUTH-6"/);
    const report = await readReport(strict);
    expect(report.policy).toEqual({ strict: true, failOn: 'any', failOnPartial: false });
    expect(report.verdict).toBe('non-conformant');
    expect(await readFile(join(strict, 'summary.md'), 'utf8')).toMatch(/NON-CONFORMANT/);
    expect(await readFile(join(strict, 'badge.svg'), 'utf8')).toMatch(/non-conformant/);
  });
});

describe('the default reports folder', () => {
  it('is made with a .gitignore, keeps the newest runs (--keep-reports) and says how many it removed; a --report-dir is left alone', async () => {
    const project = await tempDir();
    const defaultRun = (...args: string[]) => runCli(['--target', 'reference', '--only', 'INFO-1', ...args], {}, 180_000, { cwd: project });
    const first = await defaultRun();
    expect(first.code, first.stderr).toBe(0);
    expect(await readFile(join(project, 'reports', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(first.stdout).not.toMatch(/Removed/);
    const second = await defaultRun('--keep-reports', '1');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^Removed the 1 oldest run from reports\/: it keeps the newest 1 \(--keep-reports <n> keeps more, 0 all\)$/m);
    const kept = (await readdir(join(project, 'reports'))).filter((name) => name !== '.gitignore');
    expect(kept).toEqual([expect.stringMatching(/^run-/)]);
    expect(second.stdout).toContain(`reports ${join(project, 'reports', kept[0] as string)}`);
    // A folder named with --report-dir is never cleared, even when it is the default folder itself.
    const named = await defaultRun('--report-dir', join(project, 'reports', 'mine'));
    expect(named.code).toBe(0);
    expect((await readdir(join(project, 'reports'))).sort()).toEqual(['.gitignore', kept[0], 'mine'].sort());
  });
});
