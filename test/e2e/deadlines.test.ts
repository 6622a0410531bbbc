/**
 * The product's promise on broken targets, at the defaults (no flag but --target and the key, and --only where a test
 * reads only what some rules send: a 10 s deadline, the staging profile): every run ends, whatever the target never
 * answers or fails only slowly, with the outcome it deserves, and HTTP-1 says what it waited for. How long such runs
 * take is the bench's to measure, not these tests' (a loaded machine stretches any bound): here a run that does not end
 * is caught by runCli's own limit. The reference's own hanging, resetting and endless-body faults are in
 * selftest.test.ts's matrix.
 */
import { describe, expect, it } from 'vitest';
import { onlyArgs, readReport, runCli, tempDir } from '../support/cli.js';
import { http1, startHostileServer, trickleForever, type Misbehaviour } from '../support/hostile.js';

/** The body as JSON; undefined when it is not JSON. */
function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A default run against a target that misbehaves so, and its outcome; with `only`, a run of only those rules (--only
 * changes no default). A misbehaviour that returns true without answering leaves the request hanging, its connection
 * open. The server is closed here, not after the test: the tests run at once, and their waits overlap.
 */
async function defaultRunAgainst(misbehave: Misbehaviour, only: readonly string[] = []) {
  const server = await startHostileServer(misbehave);
  try {
    const dir = await tempDir();
    const result = await runCli(['--target', server.url, '--report-dir', dir, ...onlyArgs(only)], { PETSTORE_API_KEY: server.apiKey });
    return { result, report: await readReport(dir) };
  } finally {
    await server.close();
  }
}

describe.concurrent('a target that never answers some requests, or fails slowly: a default run ends, and says what it waited for', () => {
  it('a list whose headers come, then a trickle of spaces, forever', async () => {
    // LIST-1 has an audit in every suite file, and each file reads the list before its checks, one file after another:
    // the first read waits out the full deadline, the later ones the short one.
    const { result, report } = await defaultRunAgainst((req, res, n) => n >= 2 && req.method === 'GET' && req.url?.startsWith('/v1/categories') === true && trickleForever(res),
      ['LIST-1', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(report.errors).toBeUndefined();
    expect(http1(report)).toMatch(/TIMEOUT: no complete response within 10000 ms: still waiting for the rest of the response body \(--timeout sets the deadline\)/);
    expect(http1(report)).toMatch(/TIMEOUT: no complete response within 1000 ms: still waiting for the rest of the response body \(a short deadline, not the 10000 ms of --timeout: \S+, a request of the same shape, got none\)/);
  });

  it('a POST whose name holds a control character', async () => {
    const { result, report } = await defaultRunAgainst((req, _res, _n, body) => {
      const name = (parsed(body) as { name?: unknown } | null | undefined)?.name;
      return req.method === 'POST' && typeof name === 'string' && /\p{Cc}/u.test(name);
    }, ['INFO-3', 'HTTP-1']); // the names with control characters are INFO-3's
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/POST \/v1\/categories \(info-\d+\): TIMEOUT: no complete response within 10000 ms: still waiting for the response headers/);
    // The generated check's first case that hangs waits the short deadline and ends the check, which HTTP-1 reports.
    const generated = report.results.find((r) => r.rule === 'INFO-3' && r.check.startsWith('generated'));
    expect(generated?.outcome).toBe('skipped');
  });

  it('a POST whose body is malformed JSON', async () => {
    // Malformed JSON is among CREATE-2's invalid bodies.
    const { result, report } = await defaultRunAgainst((req, _res, _n, body) => req.method === 'POST' && body !== '' && parsed(body) === undefined, ['CREATE-2', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/POST \/v1\/categories \(create-\d+\): TIMEOUT: no complete response within 10000 ms: still waiting for the response headers/);
    expect(report.results.filter((r) => r.rule === 'CREATE-2' && r.outcome === 'passed').length).toBeGreaterThan(0);
  });

  it('every request answered 500, but only after 3 s (a database pool that times out)', async () => {
    // The list read before each suite file's checks (see the first test) is answered so, in one file after another.
    const { result, report } = await defaultRunAgainst((_req, res, n) => {
      if (n < 2) return false;
      setTimeout(() => res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"db","message":"pool timed out","status":500}'), 3000);
      return true;
    }, ['LIST-1', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/server error \(500\)/);
    expect(http1(report)).toMatch(/a short deadline, not the 10000 ms of --timeout: .*got a server error \(500\) only after 3\d{3} ms/);
  });

  it('every request answered 429, however slowly they come: nothing is judged, and nothing is failed', async () => {
    const { result, report } = await defaultRunAgainst((_req, res, n) => {
      if (n < 2) return false;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ code: 'slow_down', message: 'Too many requests.', status: 429 }));
      return true;
    });
    // The contract shows no rate limits: a target that limits every request breaks no rule, and shows none kept.
    expect(report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.check}: ${r.message}`)).toEqual([]);
    expect(report.verdict).toBe('partial');
    expect(result.code).toBe(0);
    const reasons = report.results.filter((r) => r.withheld === 'rate-limit').map((r) => r.message);
    expect(reasons).toContainEqual(expect.stringMatching(/still 429 after 3 retries/));
    expect(reasons).toContainEqual(expect.stringMatching(/still 429: the last 3 requests were answered 429 after every retry, so it is not retried/));
  });

  it('anything at all, once the run has started', async () => {
    // A whole run: every suite file gives up on a target that answers nothing.
    const { result, report } = await defaultRunAgainst((_req, _res, n) => n >= 2);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/TARGET_NOT_ANSWERING/);
  });
});
