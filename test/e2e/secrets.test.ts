import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { filesBelow, runCli, tempDir } from '../support/cli.js';

/** A key no output could contain by chance. */
const KEY = 'psk_CanaryKey7Qw9Zx3Lm5Nb8Vc2';

/** What counts as a leak: any 8 consecutive characters of the key or of its Basic encoding, in any letter case. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const form of [KEY, Buffer.from(`${KEY}:`).toString('base64')]) {
    for (let i = 0; i + 8 <= form.length; i++) {
      const piece = form.slice(i, i + 8).toLowerCase();
      if (lower.includes(piece)) found.push(piece);
    }
  }
  return found;
}

async function expectNoLeak(args: string[]) {
  const dir = await tempDir();
  const result = await runCli([...args, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
  const written = await filesBelow(dir);
  expect(written.map((f) => f.path.replace(dir, '')).sort()).toEqual(['/junit.xml', '/report.json']);
  for (const { path, content } of [{ path: 'stdout', content: result.stdout }, { path: 'stderr', content: result.stderr }, ...written]) {
    expect(leaks(content), path).toEqual([]);
  }
  return result;
}

let servers: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function reference(faults: string[] = []): Promise<ReferenceServer> {
  const server = await startReferenceServer({ apiKey: KEY, faults });
  servers.push(server);
  return server;
}

/** A server that answers every request with 401 and echoes whatever credential it was sent, everywhere. */
async function echoingServer(): Promise<string> {
  const server: Server = createServer((request, response) => {
    const echoed = `${request.headers.authorization ?? ''} ${request.headers['x-api-key'] ?? ''} ${request.url}`;
    response.writeHead(401, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(echoed), 'www-authenticate': `Bearer error="${request.headers.authorization}"` });
    response.end(JSON.stringify({ code: 'unauthorized', message: `bad credential: ${echoed}`, status: 401 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}

describe('the API key', () => {
  it('appears nowhere in a passing run: console, report.json, junit.xml', async () => {
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
});
