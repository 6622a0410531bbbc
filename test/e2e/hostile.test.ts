/**
 * Broken and hostile targets: whatever the target does, the run ends (runCli's limit catches one that does not),
 * reports what it saw under the right rule, keeps its memory bounded, and sends the key nowhere but the target.
 */
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { hostileServer, http1, startHostileServer, trickleForever, type HostileServer, type Misbehaviour } from '../support/hostile.js';

/**
 * Runs the CLI against a misbehaving target and returns the outcome and what the target saw.
 * The deadline is 1 s unless `timeout` says otherwise. The target is this run's own, closed here once the run has
 * ended (what it saw is read before): the servers hostileServer starts are closed after each test
 * (test/support/servers-closed.ts), which in a block of concurrent tests would close the servers of the others.
 * `label` names the run in the log (the test's name: expect.getState() is not the test's own in a concurrent block).
 */
async function runAgainst(label: string, misbehave: Misbehaviour, args: string[] = [], options: { preload?: number; timeout?: number } = {}) {
  const { timeout, ...serverOptions } = options;
  const server = await startHostileServer(misbehave, serverOptions);
  try {
    const run = await runOn(label, server, args, timeout);
    return { ...run, seen: { maxInFlight: server.maxInFlight(), arrivals: [...server.arrivals()] } };
  } finally {
    await server.close();
  }
}

async function runOn(label: string, server: HostileServer, args: string[] = [], timeout = 1000) {
  const dir = await tempDir();
  const started = performance.now();
  const result = await runCli(['--target', server.url, '--report-dir', dir, '--timeout', String(timeout), '--max-writes', '1000', ...args], { PETSTORE_API_KEY: server.apiKey });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${seconds.toFixed(1)} s`);
  return { result, report: await readReport(dir) };
}

describe('a target that misbehaves: the run still ends with a report', () => {
  it('stops answering after a few requests: the run ends, HTTP-1 fails naming the phase', async ({ task }) => {
    // AUTH-2's checks send many requests each: enough for the circuit to open, and for it to refuse the rest.
    const { result, report } = await runAgainst(task.fullTestName, (_req, _res, n) => n > 5, ['--only', 'AUTH-2', '--only', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/TIMEOUT: no complete response within 1000 ms: still waiting for the response headers/);
    const exchanges = report.results.flatMap((r) => r.exchanges);
    expect(new Set(exchanges.map((e) => e.transportError?.code))).toContain('TARGET_NOT_ANSWERING');
    // A request is given its whole deadline before it is called timed out. (Node's timers run on the event loop's
    // cached clock, which performance.now() can be a fraction of a millisecond ahead of.) How soon after it the run
    // moves on is the bench's to measure: a loaded machine delays any timer.
    const timedOut = exchanges.filter((e) => e.transportError?.code === 'TIMEOUT').map((e) => e.durationMs);
    expect(timedOut.length).toBeGreaterThan(0);
    for (const ms of timedOut) expect(ms).toBeGreaterThanOrEqual(990);
  });

  it('streams an endless body as fast as it can: the size cap holds, and so does memory', async ({ task }) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
      if (n < 3 || req.method !== 'GET') return false;
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (res.write(chunk)) { /* until the socket pushes back */ }
      };
      res.on('drain', pump);
      pump();
      return true;
    }, ['--only', 'LIST', '--only', 'HTTP-1', '--max-response-bytes', '2000000']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/TOO_LARGE: the response is larger than the 2000000-byte cap \(--max-response-bytes\)/);
    expect(report.resources.maxRssBytes).toBeLessThan(400 * 1024 * 1024);
  });

  it('resets connections: each reset fails HTTP-1, the run goes on', async ({ task }) => {
    // Rules whose checks send few requests each, so that a reset costs the one check it hits: checks enough that more
    // than a hundred still pass around the resets.
    const { result, report } = await runAgainst(task.fullTestName, (req, _res, n) => {
      if (n < 3 || n % 7 !== 0) return false;
      req.socket.destroy();
      return true;
    }, ['--only', 'CREATE', '--only', 'MODEL', '--only', 'INFO', '--only', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/CONNECTION_(RESET|CLOSED)/);
    expect(report.results.filter((r) => r.outcome === 'passed').length).toBeGreaterThan(100);
  });

  it('goes away in the middle of the run: refused connections, ridden out a while, end it incomplete', async ({ task }) => {
    let stop: (() => Promise<void>) | undefined;
    const server = await hostileServer((_req, _res, n) => {
      if (n === 40) void stop?.();
      return false;
    });
    stop = () => server.close();
    // AUTH-2's checks send many more requests than the target answers before it goes.
    const { result, report } = await runOn(task.fullTestName, server, ['--only', 'AUTH-2', '--only', 'HTTP-1']);
    expect(result.code).toBe(2);
    expect(http1(report)).toMatch(/CONNECTION_REFUSED|CONNECTION_CLOSED|CONNECTION_RESET/);
    expect(report.errors?.[0]).toMatchObject({ where: 'the target', targetGone: true });
  });

  it('answers with a body larger than the cap: TOO_LARGE under HTTP-1', async ({ task }) => {
    const big = JSON.stringify(Array.from({ length: 30_000 }, (_, i) => ({ id: i + 1, name: `Category ${i + 1}`, description: 'x'.repeat(20) })));
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
      if (n < 3 || req.method !== 'GET') return false;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(big);
      return true;
    }, ['--only', 'LIST', '--only', 'HTTP-1', '--max-response-bytes', '1000000']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/TOO_LARGE/);
  });

  it('cuts a body short of its Content-Length, or sends broken JSON: transport or MEDIA-1 failures, never a crash', async ({ task }) => {
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
      if (n < 3 || req.method !== 'GET') return false;
      if (n % 2) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.end('[{"id":1,');
        req.socket.destroy();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[{"id":1,"name":');
      }
      return true;
    }, ['--only', 'LIST', '--only', 'MEDIA-1', '--only', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(report.verdict).toBe('non-conformant');
    const media = report.results.filter((r) => r.rule === 'MEDIA-1' && r.outcome === 'failed').map((r) => r.message).join('\n');
    expect(`${http1(report)}\n${media}`).toMatch(/(CONNECTION_CLOSED|CONNECTION_RESET|not well-formed JSON)/);
    expect(report.errors).toBeUndefined();
  });

  it('answers with statuses the spec does not document: HTTP-1 names them', async ({ task }) => {
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
      if (n < 3 || req.method !== 'GET') return false;
      const status = [299, 418, 599][n % 3] as number;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'odd', message: 'odd', status }));
      return true;
    }, ['--only', 'LIST', '--only', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/status (299|418) is not documented for listCategories|server error \(599\)/);
  });

  // Before: the run ended incomplete, "the check AUTH-7 … skips over CREATE-1, which it does not declare in dependsOn;
  // this is a bug in petstore-conformance".
  it('answers 400 text/html to everything (nginx\'s page): a verdict, the list\'s 400 under HTTP-1 and the create\'s under CREATE-1, no check the suite failed in', async ({ task }) => {
    const { result, report } = await runAgainst(task.fullTestName, (_req, res) => {
      res.writeHead(400, { 'content-type': 'text/html', server: 'nginx/1.22.1' });
      res.end('<html>\r\n<head><title>400 No required SSL certificate was sent</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n</body>\r\n</html>\r\n');
      return true;
    });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(report.verdict).toBe('non-conformant');
    // One cause, one rule: the list's 400 with the valid key is a status it does not document (HTTP-1's), the valid
    // create's 400 is CREATE-1's; AUTH-3 is not blamed for either.
    const outcome = (id: string) => report.rules.find((r) => r.id === id)?.outcome;
    expect([outcome('HTTP-1'), outcome('CREATE-1'), outcome('AUTH-3')]).toEqual(['failed', 'failed', 'passed']);
    expect(report.results.filter((c) => c.outcome === 'error')).toEqual([]);
    // AUTH-7's checks skip over the rules that report the refusal of the documented form, which fail.
    const auth7 = report.results.filter((c) => c.rule === 'AUTH-7');
    expect(auth7.map((c) => [c.outcome, c.dependsOn])).toEqual([['skipped', 'HTTP-1'], ['skipped', 'HTTP-1'], ['skipped', 'HTTP-1'], ['skipped', 'CREATE-1']]);
  });

  it('redirects to another origin: the redirect is not followed and the other origin gets nothing, least of all the key', async ({ task }) => {
    let elsewhere = 0;
    const other: Server = createServer((_req, res) => {
      elsewhere++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const location = `http://127.0.0.1:${(other.address() as { port: number }).port}/v1/categories`;
      const { result, report } = await runAgainst(task.fullTestName, (_req, res, n) => {
        if (n < 3) return false;
        res.writeHead(307, { location });
        res.end();
        return true;
      }, ['--only', 'AUTH', '--only', 'HTTP-1']);
      expect(result.code).toBe(1);
      expect(http1(report)).toMatch(/answered with a redirect \(307\); the contract has none, and redirects are not followed/);
      expect(elsewhere).toBe(0);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

it('sends a compression the suite did not ask for: MEDIA-1 fails, the run goes on', async ({ task }) => {
  const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
    if (n < 3 || req.method !== 'GET') return false;
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(gzipSync('[]'));
    return true;
  }, ['--only', 'LIST', '--only', 'MEDIA-1']);
  expect(result.code).toBe(1);
  const media = report.results.filter((r) => r.rule === 'MEDIA-1' && r.outcome === 'failed');
  expect(media[0]?.message).toMatch(/the body is encoded with "gzip", which the request did not ask for/);
});

// The runs below spend their time waiting (on deadlines, on Retry-After, on --rate), not computing: they run at once,
// these two blocks together (vitest runs adjacent concurrent blocks as one group). Each run has a target of its own,
// closed by runAgainst, and each test asserts with its own `expect` (the test context's).
describe.concurrent('a target that misbehaves slowly: the run still ends with a report', () => {
  it('trickles a body that never ends: the deadline holds, naming the body phase', async ({ task, expect }) => {
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => n >= 3 && req.method === 'GET' && trickleForever(res),
      ['--only', 'LIST', '--only', 'HTTP-1']);
    expect(result.code).toBe(1);
    expect(http1(report)).toMatch(/still waiting for the rest of the response body/);
  });
});

describe.concurrent('politeness', () => {
  it('waits out a 429 (Retry-After) and retries: a rate-limited but conformant target stays conformant', async ({ task, expect }) => {
    const { result, report } = await runAgainst(task.fullTestName, (_req, res, n) => {
      // Every 61st: about 10 429s in a default run of about 600 requests. Not fewer to save their waits: the
      // assertions read the recorded exchanges, which hold only some requests (a trial at every 121st: 615 requests,
      // so 5 429s, 2 of them recorded), and a run with none of them recorded would fail.
      if (n < 3 || n % 61 !== 0) return false;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ code: 'slow_down', message: 'Too many requests.', status: 429 }));
      return true;
    });
    expect(result.code).toBe(0);
    expect(report.verdict).toBe('conformant');
    expect(report.results.flatMap((r) => r.exchanges).some((e) => e.retries?.length)).toBe(true);
    expect(result.stdout).toMatch(/asked to slow down \(429\) on \d+ recorded requests; the suite waited as asked and sent them again/);
  });

  it('does not wait out a Retry-After longer than it waits, and does not blame the target for it: partial, not failed', async ({ task, expect }) => {
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
      if (n < 3 || req.method !== 'GET' || n % 4 !== 0) return false;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
      res.end(JSON.stringify({ code: 'slow_down', message: 'Too many requests.', status: 429 }));
      return true;
    }, ['--only', 'LIST', '--only', 'HTTP-1']);
    expect(report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.check}: ${r.message}`)).toEqual([]);
    expect(result.code).toBe(0);
    expect(report.verdict).toBe('partial');
    expect(report.results.some((r) => r.withheld === 'rate-limit')).toBe(true);
    expect(result.stdout).toMatch(/Not judged, \d+ checks?: the target answered 429/);
  });

  it('slows down for a target that limits its rate: a token bucket of 20 a second, 2 at once, is not failed for its 429s', async ({ task, expect }) => {
    let tokens = 2;
    let last = performance.now();
    const { result, report } = await runAgainst(task.fullTestName, (_req, res) => {
      const now = performance.now();
      tokens = Math.min(2, tokens + ((now - last) / 1000) * 20);
      last = now;
      if (tokens >= 1) {
        tokens--;
        return false;
      }
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ code: 'slow_down', message: 'Too many requests.', status: 429 }));
      return true;
    }, ['--only', 'CREATE-1', '--only', 'HTTP-1', '--seed', '1'], { timeout: 10_000 });
    expect(report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.check}: ${r.message}`)).toEqual([]);
    expect(result.code).toBe(0);
    expect(report.results.flatMap((r) => r.exchanges).some((e) => e.retries?.length)).toBe(true);
  });

  it('leaves unjudged, never fails, what 429s that persist keep it from judging: the contract shows no rate limits', async ({ task, expect }) => {
    const { result, report } = await runAgainst(task.fullTestName, (req, res, n) => {
      if (n < 3 || req.method !== 'GET') return false;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ code: 'slow_down', message: 'Too many requests.', status: 429 }));
      return true;
    }, ['--only', 'LIST', '--only', 'HTTP-1']);
    expect(report.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.check}: ${r.message}`)).toEqual([]);
    expect(report.verdict).toBe('partial');
    expect(result.code).toBe(0);
    expect(report.results.filter((r) => r.withheld === 'rate-limit').map((r) => r.message)).toContainEqual(expect.stringMatching(/still 429 after 3 retries/));
  });

  it('keeps to --concurrency and --rate', async ({ task, expect }) => {
    // CREATE-2's invalid bodies: more than a second's worth of requests at that rate, none of which creates anything.
    const { seen, result } = await runAgainst(task.fullTestName, () => false, ['--only', 'CREATE-2', '--concurrency', '1', '--rate', '40']);
    expect(result.code).toBe(0);
    expect(seen.maxInFlight).toBe(1);
    const arrivals = seen.arrivals.slice(1); // after the preflight
    expect(arrivals.length).toBeGreaterThan(40);
    // Starts are spaced 25 ms apart: the span of the arrivals is at least that many intervals (less timer slack).
    const span = ((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)) / 1000;
    expect(span).toBeGreaterThan((arrivals.length - 1) / 40 * 0.95);
  });
});
