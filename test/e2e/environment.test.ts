/**
 * Shared environments: TLS is verified unless told otherwise, a production target is read-only unless writes are
 * allowed, and the key comes from the environment or a file, never the command line.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SPEC } from '../../src/spec/load.js';
import { hasOpenssl as openssl, selfSigned } from '../support/certificates.js';
import { readReport, runCli, tempDir } from '../support/cli.js';
import { listOf, reference } from '../support/reference.js';

const KEY = 'psk_environment_test_key_0123';

describe.skipIf(!openssl)('TLS', () => {
  it('verifies certificates: a self-signed target stops the run (exit 2), --ca trusts it, --insecure says it skipped', async () => {
    const tls = await selfSigned();
    const server = await reference({ apiKey: KEY, tls: { key: tls.key, cert: tls.cert } });
    expect(server.url).toMatch(/^https:/);

    const refused = await runCli(['--target', server.url], { PETSTORE_API_KEY: KEY });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot reach the target https:.*(SELF_SIGNED|CERT).*trust its CA with --ca <file>, or skip verification with --insecure/);

    const trusted = await tempDir();
    const withCa = await runCli(['--target', server.url, '--ca', tls.certFile, '--max-writes', '1000', '--report-dir', trusted], { PETSTORE_API_KEY: KEY });
    expect(withCa.code).toBe(0);
    expect((await readReport(trusted)).verdict).toBe('conformant');

    const blind = await tempDir();
    const insecure = await runCli(['--target', server.url, '--insecure', '--only', 'AUTH-3', '--report-dir', blind], { PETSTORE_API_KEY: KEY });
    expect(insecure.code).toBe(0);
    expect(insecure.stdout).toMatch(/insecure: TLS certificates are not verified \(--insecure\)/);
    expect((await readReport(blind)).settings.insecure).toBe(true);
    expect(await readFile(join(blind, 'summary.md'), 'utf8')).toMatch(/TLS certificates were not verified/);
  });
});

describe.skipIf(!openssl)('TLS mistakes, each stopped at the first contact (exit 2) with its own fix, and no reports announced', () => {
  it.each([
    // Before: NON-CONFORMANT, exit 1, HTTP-1 failing every request with CONNECTION_CLOSED (with --only AUTH-3: PARTIAL, exit 0, silent).
    ['an http:// target whose server speaks https', {}, (url: string) => url.replace('https:', 'http:'), [],
      /^petstore-conformance: the target http:\/\/127\.0\.0\.1:(\d+)\/v1 speaks https, not http \(.*\): give --target https:\/\/127\.0\.0\.1:\1\/v1$/],
    ['the same, with --only AUTH-3', {}, (url: string) => url.replace('https:', 'http:'), ['--only', 'AUTH-3'], /speaks https, not http/],
    // Before: "trust its CA with --ca <file>", which had been given.
    ['a certificate that names another host', { name: 'other.example' }, (url: string) => url, ['--ca'],
      /ERR_TLS_CERT_ALTNAME_INVALID \(the certificate does not name 127\.0\.0\.1; it names DNS:other\.example\); give --target a host name the certificate names, or have it reissued for 127\.0\.0\.1, or skip verification with --insecure$/],
    ['an expired certificate', { expired: true }, (url: string) => url, ['--ca'],
      /CERT_HAS_EXPIRED \(certificate has expired\); renew the target's certificate, or skip verification with --insecure$/],
  ])('%s', async (_, certificate, targetOf, flags, message) => {
    const tls = await selfSigned(certificate);
    const server = await reference({ apiKey: KEY, tls: { key: tls.key, cert: tls.cert } });
    const dir = join(await tempDir(), 'reports');
    const args = flags[0] === '--ca' ? ['--ca', tls.certFile] : flags;
    const { code, stdout, stderr } = await runCli(['--target', targetOf(server.url), ...args, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(message);
    // Before, the console announced the report directory it was never to write.
    expect(stdout).not.toMatch(/^reports /m);
    expect(existsSync(dir)).toBe(false);
  });

  // Before: "trust its CA with --ca <file>", of a run that had given one: the wrong one.
  it('a --ca that did not issue the target\'s certificate', async () => {
    const tls = await selfSigned();
    const other = await selfSigned({ name: 'other.example' });
    const server = await reference({ apiKey: KEY, tls: { key: tls.key, cert: tls.cert } });
    const { code, stderr } = await runCli(['--target', server.url, '--ca', other.certFile], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(/^petstore-conformance: cannot reach the target https:.*; the CA given with --ca does not verify it either: give --ca the CA that issued the target's certificate \(the root of its chain\), or skip verification with --insecure$/);
  });
});

if (!openssl) it.skip('the TLS tests: openssl is not installed to make a test certificate', () => {});

describe('the production guard', () => {
  /** The bundled spec, with the production server pointing at this test's reference. */
  async function specWithProductionAt(url: string): Promise<string> {
    const path = join(await tempDir(), 'openapi.yaml');
    await writeFile(path, (await readFile(BUNDLED_SPEC, 'utf8')).replace('https://petstore.example.com/v1', url));
    return path;
  }

  it('runs only checks that create nothing against the production server, unless --allow-writes', async () => {
    const server = await reference({ apiKey: KEY });
    const spec = await specWithProductionAt(server.url);
    const dir = await tempDir();
    const { code, stdout } = await runCli(['--target', server.url, '--spec', spec, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(code).toBe(0);
    expect(stdout).toMatch(/read-only: the target is the spec's production server/);
    expect(await listOf(server)).toEqual([]);
    const report = await readReport(dir);
    expect(report.verdict).toBe('partial');
    expect(report.readOnly).toMatch(/production server/);
    const withheld = report.results.filter((r) => r.withheld === 'read-only');
    expect(withheld.length).toBeGreaterThan(20);
    expect(withheld[0]?.message).toMatch(/(would create categories|could create a category), and the run is read-only: .*; --allow-writes lifts this/);
    expect(report.results.filter((r) => r.outcome === 'passed').length).toBeGreaterThan(30);

    const allowed = await tempDir();
    const writing = await runCli(['--target', server.url, '--spec', spec, '--allow-writes', '--only', 'CREATE-1', '--max-writes', '20', '--report-dir', allowed], { PETSTORE_API_KEY: KEY });
    expect(writing.stdout).not.toMatch(/read-only/);
    expect((await readReport(allowed)).readOnly).toBeUndefined();
    expect((await listOf(server)).length).toBeGreaterThan(0);
  });

  it('is read-only with --env production (or its short forms) or --read-only on any target', async () => {
    // The four runs at once, each against a target of its own; what each target holds is read before the servers close.
    // CREATE-1 alone: it creates categories in a run that may write, so a target that holds none was not written to (that
    // no rule writes in a read-only run is the test above).
    const runs = await Promise.all([['--env', 'production'], ['--env', 'prod'], ['--read-only'], ['--read-only', '--allow-writes']].map(async (flag) => {
      const server = await reference({ apiKey: KEY });
      const dir = await tempDir();
      await runCli(['--target', server.url, ...flag, '--only', 'CREATE-1', '--report-dir', dir], { PETSTORE_API_KEY: KEY });
      return { flag, held: await listOf(server), report: await readReport(dir) };
    }));
    for (const { flag, held, report: { readOnly } } of runs) {
      expect(held, flag.join(' ')).toEqual([]);
      expect(readOnly, flag.join(' ')).toBeDefined();
      // Only the production guard is lifted by --allow-writes, and only it says so.
      if (flag[0] === '--read-only') expect(readOnly).not.toMatch(/allow-writes/);
      else expect(readOnly).toMatch(/--allow-writes lifts this/);
    }
  });
});

describe('the key from a file', () => {
  it('reads --api-key-file, dropping a trailing newline, and refuses an empty one', async () => {
    const server = await reference({ apiKey: KEY });
    const dir = await tempDir();
    const file = join(dir, 'key');
    await writeFile(file, `${KEY}\n`);
    const { code } = await runCli(['--target', server.url, '--api-key-file', file, '--only', 'AUTH-3', '--report-dir', join(dir, 'r')]);
    expect(code).toBe(0);
    await writeFile(file, '');
    const empty = await runCli(['--target', server.url, '--api-key-file', file]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(`--api-key-file ${file} is empty: it must hold the target's API key`);
    // Someone who gives the key itself instead of a file does not see it printed back.
    const mistaken = await runCli(['--target', server.url, '--api-key-file', KEY]);
    expect(mistaken.code).toBe(2);
    expect(mistaken.stderr).toMatch(/cannot read --api-key-file: no such file \(ENOENT; its name is not repeated: it looks like a key itself\)/);
    expect(mistaken.stderr).not.toContain(KEY);
  });
});
