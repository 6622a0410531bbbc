import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { filesBelow, runCli, tempDir } from '../support/cli.js';
import { harProblems } from '../support/har.js';

/** A key no output could contain by chance. */
const KEY = 'psk_CanaryKey7Qw9Zx3Lm5Nb8Vc2';
/** A key that percent-encoding and JSON escaping change, as base64 keys are. */
const ENCODED_KEY = 'Zq7+Xw2/Lm9=Pt4+Rv8/Ns3=Hk6+Jd1/Fg5=';

/** A readable key: its 8-character runs ("petstore", "-staging") are ordinary words of the suite's own output. */
// Its random part is not hex: the reports hold random hex of their own (trace ids, the run id), which a piece of a hex
// tail could match by chance.
const READABLE_KEY = 'petstore-staging-key-7k3w9q2x';

/** A key as short as an ordinary word, as development setups give: redacted only where it stands alone. */
const SHORT_KEY = 'test';

/** Where the text holds the key as a word of its own (no letter, digit, `_` or `-` next to it), in any letter case. */
function asWord(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}_-])${key}(?![\\p{L}\\p{N}_-])`, 'giu'))].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 40));
}

/**
 * What counts as a leak: any run of half (rounded down) of the key or of a form it travels or is echoed in (Basic's
 * base64, a query string's percent-encoding, a JSON string's escaping), in any letter case. Half, as the redaction
 * rule says (core/secrets.ts): every key the suite sends and a server may echo holds such a run, but truncations to
 * less than half of the key, which no length of run would find without finding ordinary words too.
 */
function leaks(text: string, key = KEY): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  const forms = [key, Buffer.from(`${key}:`).toString('base64'), encodeURIComponent(key), key.replace(/\//g, '\\/')];
  for (const form of forms) {
    const length = Math.floor(form.length / 2);
    for (let i = 0; i + length <= form.length; i++) {
      const piece = form.slice(i, i + length).toLowerCase();
      if (lower.includes(piece)) found.push(piece);
    }
  }
  return found;
}

/**
 * Runs the CLI with this key, and expects the key nowhere in the console or a report file; returns both. The AUTH rules
 * run (and any `--only` in args): they send the key in every form it travels in (the header, altered, in Basic, a
 * query string, a body field) and get each echoed back from a target that echoes, into every report file and the
 * console; the other rules send it only as AUTH-3 does.
 */
async function expectNoLeak(args: string[], key = KEY) {
  const dir = await tempDir();
  const result = await runCli([...args, '--only', 'AUTH', '--report-dir', dir], { PETSTORE_API_KEY: key });
  const written = await filesBelow(dir);
  expect(written.map((f) => f.path.replace(dir, '')).sort()).toEqual(['/badge.svg', '/junit.xml', '/report.har', '/report.html', '/report.json', '/summary.md']);
  const outputs = [{ path: 'stdout', content: result.stdout }, { path: 'stderr', content: result.stderr }, ...written];
  for (const { path, content } of outputs) expect(leaks(content, key), path).toEqual([]);
  // report.har too, and it stays HAR 1.2 with what a hostile target sent (or did not: no response, status 0).
  const har = JSON.parse(written.find((f) => f.path.endsWith('/report.har'))?.content ?? '') as { log: { entries: { response: { status: number } }[] } };
  expect(harProblems(har)).toEqual([]);
  return { ...result, har, outputs };
}

let servers: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function reference(faults: string[] = [], apiKey = KEY): Promise<ReferenceServer> {
  const server = await startReferenceServer({ apiKey, faults });
  servers.push(server);
  return server;
}

/**
 * A server that answers every request with 401 and echoes whatever credential it was sent, everywhere, but a read of
 * the list with `key` (a target that refused the key on every read would stop the run at its first contact); with
 * `dieAfter`, it crashes (closes every connection and stops listening) after that many requests.
 */
async function echoingServer(options: { dieAfter?: number; key?: string } = {}): Promise<string> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    if (++requests === options.dieAfter) {
      server.close();
      server.closeAllConnections();
      return;
    }
    if (request.method === 'GET' && request.url === '/v1/categories' && request.headers.authorization === `Bearer ${options.key ?? KEY}`) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    const echoed = `${request.headers.authorization ?? ''} ${request.headers['x-api-key'] ?? ''} ${request.url}`;
    response.writeHead(401, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(echoed), 'www-authenticate': `Bearer error="${request.headers.authorization}"` });
    response.end(JSON.stringify({ code: 'unauthorized', message: `bad credential: ${echoed}`, status: 401 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}

describe('the API key', () => {
  it('appears nowhere in a passing run: console and every report file', async () => {
    const { code } = await expectNoLeak(['--target', (await reference()).url]);
    expect(code).toBe(0);
  });

  it('appears nowhere in a failing run whose failures are about altered keys', async () => {
    const { code } = await expectNoLeak(['--target', (await reference(['auth-key-case-insensitive', 'auth-key-prefix'])).url]);
    expect(code).toBe(1);
  });

  it('appears nowhere when the target echoes every credential back in bodies and headers', async () => {
    const { code, stdout } = await expectNoLeak(['--target', await echoingServer()]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/AUTH-3/);
  });

  it('appears nowhere when the target echoes every credential and then crashes in the middle of the run', async () => {
    const url = await echoingServer({ dieAfter: 60 });
    // HTTP-1 too: it reports the requests the crash left without an answer.
    const { code, har } = await expectNoLeak(['--target', url, '--timeout', '1000', '--only', 'HTTP-1']);
    expect(code).toBe(2); // gone for good: incomplete
    expect(har.log.entries.some((e) => e.response.status === 0)).toBe(true);
  });

  it('appears nowhere, nor any of its random part, when the target echoes a readable key', async () => {
    const { code, outputs } = await expectNoLeak(['--target', await echoingServer({ key: READABLE_KEY })], READABLE_KEY);
    expect(code).toBe(1);
    // An echoed key with one character changed is redacted whole: its shorter side is not left next to [REDACTED].
    const random = '7k3w9q2x';
    for (const { path, content } of outputs) {
      for (let i = 0; i + 4 <= random.length; i++) expect(content.toLowerCase(), path).not.toContain(random.slice(i, i + 4));
    }
  });

  it('appears nowhere as a word when the target echoes a short key, and only the echoes are redacted', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', await echoingServer({ key: SHORT_KEY }), '--only', 'AUTH', '--report-dir', dir], { PETSTORE_API_KEY: SHORT_KEY });
    expect(code).toBe(1);
    const written = await filesBelow(dir);
    for (const { path, content } of [{ path: 'stdout', content: stdout }, ...written]) expect(asWord(content, SHORT_KEY), path).toEqual([]);
    // The echoes, and nothing of the suite's own text: words holding the key's letters are whole.
    const json = written.find((f) => f.path.endsWith('/report.json'))?.content ?? '';
    expect(json).toContain('bad credential: Bearer [REDACTED]');
    expect(json).not.toMatch(/[a-z]\[REDACTED\]|\[REDACTED\][a-z]/i);
    expect(stdout).toContain('petstore-conformance');
    expect(harProblems(JSON.parse(written.find((f) => f.path.endsWith('/report.har'))?.content ?? ''))).toEqual([]);
  });

  it('appears nowhere when an echoed key is percent-encoded or JSON-escaped', async () => {
    const { code } = await expectNoLeak(['--target', await echoingServer({ key: ENCODED_KEY })], ENCODED_KEY);
    expect(code).toBe(1);
  });
});

describe('a run against a target that never echoes the key', () => {
  /** Every output of a run, and each place of [REDACTED] in it. */
  async function redactions(args: string[], env: Record<string, string>) {
    const dir = await tempDir();
    const result = await runCli([...args, '--report-dir', dir], env);
    const outputs = [{ path: 'stdout', content: result.stdout }, { path: 'stderr', content: result.stderr }, ...await filesBelow(dir)];
    return { result, found: outputs.filter(({ content }) => content.includes('[REDACTED]')).map(({ path, content }) => `${path}: …${content.slice(Math.max(0, content.indexOf('[REDACTED]') - 60), content.indexOf('[REDACTED]') + 70)}…`) };
  }

  it('redacts nothing with a readable key whose 8-character runs are words of the output ("petstore", realm="petstore")', async () => {
    const { result, found } = await redactions(['--target', (await reference([], READABLE_KEY)).url], { PETSTORE_API_KEY: READABLE_KEY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('petstore-conformance');
    expect(found).toEqual([]);
  });

  it('redacts nothing with a key of 4 characters, whose letters are in words of every output, and says at the start that it is short', async () => {
    const { result, found } = await redactions(['--target', (await reference([], SHORT_KEY)).url], { PETSTORE_API_KEY: SHORT_KEY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^warning: the API key is 4 characters long, too short to be told apart from ordinary words: .* hide it where it stands alone/m);
    expect(found).toEqual([]);
  });

  it('says why a short key is refused, the message whole', async () => {
    const dir = await tempDir();
    const result = await runCli(['--target', (await reference([], SHORT_KEY)).url, '--report-dir', dir], { PETSTORE_API_KEY: 'nope' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^petstore-conformance: the target refuses the key on every operation \(401 to GET \/categories/m);
  });

  it('redacts nothing with the bundled reference and its key', async () => {
    const { result, found } = await redactions(['--target', 'reference'], {});
    expect(result.code, result.stderr).toBe(0);
    expect(found).toEqual([]);
  });
});
