import { describe, expect, it } from 'vitest';
import { STRAY_WRITES } from '../../src/runtime/write-budget.js';
import { KNOWN_NAMES, nameOf } from '../../src/generators/names.js';
import { createExamples } from '../../src/generators/create-examples.js';
import { newCategoryBodies } from '../../src/generators/new-category.js';
import { loadSpec } from '../../src/spec/load.js';
import { compileValidators } from '../../src/spec/validators.js';
import type { RunReport } from '../../src/results/run-report.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';
import { listOf, reference } from '../support/reference.js';

const KEY = 'psk_budget_test_key_0123456789';

/**
 * Runs the CLI with these flags against a reference with these faults, and reads the report and what the target
 * holds after the run.
 */
async function runAgainstReference(args: readonly string[], faults: string[] = []) {
  const server = await reference({ apiKey: KEY, faults });
  const dir = await tempDir();
  const result = await runCli(['--target', server.url, ...args, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
  return { ...result, report: await readReport(dir), held: await listOf(server) };
}

/** Every check's own writes and the shared requests': what the budget's count must add up to. */
const writesByCheck = (report: RunReport) => report.results.reduce((sum, r) => sum + (r.writes ?? 0), 0) + report.writes.shared.reduce((sum, s) => sum + s.writes, 0);

describe('the write budget (--max-writes)', () => {
  it('is spent on categories created, not on requests that must be refused; every category is accounted for', async () => {
    const { report, held } = await runAgainstReference(['--max-writes', '40', '--top-up', '0']);
    expect(held.length).toBeLessThanOrEqual(40);
    expect(held.length).toBe(report.writes.spent);
    expect(writesByCheck(report)).toBe(report.writes.spent);
    // Refused POSTs (AUTH-1, AUTH-2, CREATE-2) were sent, and spent nothing.
    expect(report.writes.posts).toBeGreaterThan(report.writes.spent + 50);
    expect(report.results.filter((r) => r.rule === 'CREATE-2' && r.outcome === 'passed').length).toBeGreaterThan(10);
  });

  it('counts what a server that creates despite refusing leaves, and stops sending what must be refused', async () => {
    const { code, report, held } = await runAgainstReference(['--max-writes', '60', '--top-up', '0'], ['auth-store-before-check', 'missing-name-defaulted']);
    expect(code).toBe(1);
    expect(report.results.some((r) => r.rule === 'AUTH-4' && r.outcome === 'failed')).toBe(true);
    // Each category the target gained is counted (as a stray write where a refused request made it) and listed.
    expect(held.length).toBe(report.writes.spent);
    expect(new Set(report.created.map((c) => c.id))).toEqual(new Set(held.map((c) => String(c.id))));
    expect(report.created.filter((c) => c.despiteRefusal).length).toBeGreaterThanOrEqual(STRAY_WRITES);
    // The examples were all sent; the generated refusals of each kind the target created on were not (the body examples
    // alone leave more than 10 here: every envelope and every field in place of the name gets a defaulted name).
    const stopped = report.results.filter((r) => r.withheld === 'stray-writes');
    expect(stopped.map((r) => r.check).sort()).toEqual(['generated invalid bodies get 400 and create nothing', 'generated invalid credentials get 401 on createCategory and create nothing']);
    expect(stopped.map((r) => r.message).sort()).toEqual([
      expect.stringMatching(/the target created categories on 10 requests it had to refuse for an invalid body, so no more generated ones are sent/),
      expect.stringMatching(/the target created categories on 10 requests it had to refuse for want of a valid credential, so no more generated ones are sent/),
    ]);
    expect(report.results.filter((r) => r.rule === 'CREATE-2' && r.generated === undefined && r.outcome !== 'skipped').length).toBeGreaterThan(10);
  });

  it('holds through 429 retries: a retry creates nothing more', async () => {
    let posts = 0;
    // Every third new request is answered 429 once; its retry is served (a limit that persists leaves checks unjudged).
    const limited = new Set<string>();
    const server = await hostileServer((request, response, _n, body) => {
      if (request.method !== 'POST' || limited.has(body) || ++posts % 3 !== 0) return false;
      limited.add(body);
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"code":"slow_down","message":"Slow down.","status":429}');
      return true;
    }, { apiKey: KEY });
    const dir = await tempDir();
    await runCli(['--target', server.url, '--max-writes', '30', '--top-up', '0', '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    const report = await readReport(dir);
    expect(posts).toBeGreaterThan(50);
    // Every category the target gained was counted once, though the POSTs that made some of them were sent again.
    expect(report.writes.spent).toBe((await listOf(server)).length);
    expect(report.results.flatMap((r) => r.exchanges).filter((e) => e.retries?.length).length).toBeGreaterThan(0);
    expect(report.results.filter((r) => r.withheld === 'rate-limit')).toEqual([]);
  });

  it('skips the checks it cannot afford, saying which and why, and runs the rest', async () => {
    const { code, stdout, report } = await runAgainstReference(['--max-writes', '30']);
    expect(code).toBe(0);
    expect(report.verdict).toBe('partial');
    const unaffordable = report.results.filter((r) => r.withheld === 'budget');
    expect(unaffordable.length).toBeGreaterThan(5);
    expect(unaffordable.every((r) => /write budget of 30 are left \(--max-writes\)/.test(r.message ?? ''))).toBe(true);
    expect(stdout).toMatch(/Not judged, \d+ checks: the write budget \(--max-writes 30\) ran out; raise it, or give a target of your own --profile ci \("/);
    expect(report.results.filter((r) => r.outcome === 'passed').length).toBeGreaterThan(150);
  });

  it('fails a partial verdict with exit 3 under --fail-on-partial, and says so', async () => {
    // Exit 3 follows from a partial verdict whatever the rules run: here CREATE-1's, which the budget cannot all afford.
    const { code, stderr } = await runAgainstReference(['--only', 'CREATE-1', '--max-writes', '30', '--fail-on-partial']);
    expect(code).toBe(3);
    expect(stderr).toMatch(/the verdict is partial .* and --fail-on-partial is set: exit 3/);
  });
});

describe('what the run creates', () => {
  it('is reported whatever is selected, also where --only leaves a suite no audit to carry it', async () => {
    const { report, held } = await runAgainstReference(['--only', 'MODEL-3']);
    expect(held.length).toBeGreaterThan(5);
    expect(report.created).toHaveLength(held.length);
    expect(report.writes.spent).toBe(held.length);
    expect(writesByCheck(report)).toBe(held.length);
  });

  it('is listed in report.json, every category the target holds, and marked as the run\'s', async () => {
    const { report, held } = await runAgainstReference(['--profile', 'ci']);
    expect(new Set(report.created.map((c) => c.id))).toEqual(new Set(held.map((c) => String(c.id))));
    // Names carry the run's prefix, except where a check is about the exact name: the exact-name examples, the text
    // hazards' bodies, the generated names and the open cases (whose descriptions carry the marker instead).
    const exactNameChecks = /^(create\.generated|info|info\.generated)-\d+$/;
    const { model } = await loadSpec();
    const hazardNames = createExamples(newCategoryBodies(model, compileValidators(model))).filter((e) => e.hazards).map((e) => e.body('')['name']);
    const exactNameExamples = new Set([...KNOWN_NAMES.filter(({ shape }) => !shape.marked).map(({ shape }) => nameOf(shape, '')), ...hazardNames]);
    for (const c of held.filter((h) => !h.name.includes(`conformance-${report.runId}-`))) {
      const record = report.created.find((r) => r.id === String(c.id));
      expect(exactNameChecks.test(record?.exchange ?? '') || exactNameExamples.has(c.name), JSON.stringify(record)).toBe(true);
    }
  });
});
