import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/core/package-info.js';

const SERVE = join(packageRoot, 'dist', 'src', 'reference', 'serve.js');

/** Starts `npm run reference`'s script and returns the URL and key lines it prints. */
async function serve(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SERVE, ...args], { env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 100 && !/API key/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
  return { child, output };
}

describe('npm run reference', () => {
  it('serves the contract on the given port with the key from PETSTORE_API_KEY, and stops on SIGTERM', async () => {
    const { child, output } = await serve(['--port', '0'], { PETSTORE_API_KEY: 'psk_given_key' });
    try {
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(output)?.[1];
      expect(url, output).toBeDefined();
      expect(output).toMatch(/API key: the value of PETSTORE_API_KEY/);
      expect(output).not.toMatch(/psk_given_key/);
      const created = await fetch(`${url}/categories`, { method: 'POST', headers: { authorization: 'Bearer psk_given_key', 'content-type': 'application/json' }, body: '{"name":"Dog"}' });
      expect(created.status).toBe(201);
      const listed = await fetch(`${url}/categories`, { headers: { authorization: 'Bearer psk_given_key' } });
      expect(await listed.json()).toEqual([{ id: 1, name: 'Dog' }]);
      expect((await fetch(`${url}/categories`)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('prints a generated key when none is given, and refuses a bad port with exit 2', async () => {
    const { child, output } = await serve(['--port', '0']);
    child.kill('SIGTERM');
    expect(output).toMatch(/API key \(generated for this server\): psk_\S{32}/);
    const bad = spawn(process.execPath, [SERVE, '--port', 'x']);
    let stderr = '';
    bad.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = await once(bad, 'exit');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port must be a whole number/);
  });
});
