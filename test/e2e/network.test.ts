/**
 * Networks as companies run them: a deployment reachable only through an HTTP proxy (HTTP_PROXY, HTTPS_PROXY,
 * NO_PROXY), and one behind mutual TLS. Each gets a full verdict; what the run brings that does not work (a proxy, a
 * client certificate) stops it at the first contact, exit 2 and one line, never a verdict against the target; and no
 * credential of the proxy or the client's key is printed or written.
 */
import { existsSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authority, hasOpenssl, opensslServer, selfSigned } from '../support/certificates.js';
import { BUNDLED_SPEC } from '../../src/spec/load.js';
import { filesBelow, onlyArgs, readReport, runCli, tempDir, type CliResult } from '../support/cli.js';
import { listen } from '../support/local-servers.js';
import { SQUID_CONNECT_FAIL, startProxy } from '../support/proxy.js';
import { reference } from '../support/reference.js';

const KEY = 'psk_network_test_key_0123456789';
const USER = 'suite-proxy-user';
const PASSWORD = 'proxy-secret-7f3a9c21';
/** A host name that resolves nowhere but at the test's proxy. */
const HIDDEN_HOST = 'staging.petstore.invalid';

/** Whether any of the texts holds any of the secrets. */
function leaked(texts: readonly string[], secrets: readonly string[]): string[] {
  return secrets.filter((secret) => texts.some((text) => text.includes(secret)));
}

/** The run stopped at its first contact: exit 2, one line on stderr, no reports announced, none written. */
function stoppedAtFirstContact(run: CliResult, dir: string): string {
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stdout).not.toMatch(/^reports /m);
  expect(existsSync(dir)).toBe(false);
  return run.stderr.trim();
}

describe('a deployment behind an HTTP proxy', () => {
  it('reachable only through the proxy: a full conformant verdict, every request through it, the first contact\'s too; its credentials written nowhere', async () => {
    const server = await reference({ apiKey: KEY });
    const proxy = await startProxy({ credentials: { user: USER, password: PASSWORD }, hosts: { [HIDDEN_HOST]: '127.0.0.1' } });
    const target = server.url.replace('127.0.0.1', HIDDEN_HOST);
    const dir = await tempDir();

    // Before: the proxy was ignored, and a host only it could resolve ended the run at once.
    const alone = await runCli(['--target', target, '--report-dir', join(dir, 'alone')], { PETSTORE_API_KEY: KEY });
    expect(stoppedAtFirstContact(alone, join(dir, 'alone'))).toMatch(/^petstore-conformance: cannot reach the target http:\/\/staging\.petstore\.invalid:\d+\/v1: HOST_NOT_FOUND/);

    const run = await runCli(['--target', target, '--report-dir', dir], { PETSTORE_API_KEY: KEY, HTTP_PROXY: proxy.urlWithCredentials });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`\nproxy   ${proxy.url} (HTTP_PROXY)\n`);
    const report = await readReport(dir);
    expect(report.verdict).toBe('conformant');
    expect(report.settings.proxy).toEqual({ url: proxy.url, variable: 'HTTP_PROXY' });
    // Every request the run sent, and the first contact before them, in absolute form with the proxy's credentials.
    const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    expect(proxy.forwarded).toHaveLength(report.summary.requests + 1);
    expect(proxy.forwarded.every((f) => f.kind === 'absolute' && f.target.startsWith(`${target}/`) && f.authorization === authorization)).toBe(true);
    // Nor is the key in a URL the proxy was given, which it may log (before, AUTH-2 sent `?access_token=<key>` through it).
    expect(proxy.forwarded.filter((f) => f.target.includes(KEY))).toEqual([]);
    // Not in the console, report.json, report.html's replay commands, the HAR, junit.xml, summary.md.
    const written = [run.stdout, run.stderr, ...(await filesBelow(dir)).map((f) => f.content)];
    expect(leaked(written, [PASSWORD, `${USER}:${PASSWORD}`, authorization.slice('Basic '.length), proxy.urlWithCredentials])).toEqual([]);
  });

  it('takes an https target through a CONNECT tunnel, no more tunnels than requests in flight, and the target\'s TLS inside it', async () => {
    const tls = await selfSigned();
    const server = await reference({ apiKey: KEY, tls: { key: tls.key, cert: tls.cert } });
    const proxy = await startProxy();
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, '--ca', tls.certFile, ...onlyArgs(['AUTH-3']), '--report-dir', dir], { PETSTORE_API_KEY: KEY, https_proxy: proxy.url });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`\nproxy   ${proxy.url} (https_proxy)\n`);
    expect((await readReport(dir)).rules.find((r) => r.id === 'AUTH-3')?.outcome).toBe('passed');
    expect(proxy.forwarded.every((f) => f.kind === 'connect' && f.target === new URL(server.url).host)).toBe(true);
    // The first contact's tunnel, and the run's: at most its 8 requests in flight (the staging profile's).
    expect(proxy.forwarded.length).toBeGreaterThanOrEqual(2);
    expect(proxy.forwarded.length).toBeLessThanOrEqual(1 + 8);
  });

  it('catches a broken deployment behind the proxy as it does one reached directly', async () => {
    const server = await reference({ apiKey: KEY, faults: ['auth-x-api-key'] });
    const proxy = await startProxy();
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, ...onlyArgs(['AUTH-2']), '--report-dir', dir], { PETSTORE_API_KEY: KEY, HTTP_PROXY: proxy.url });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = await readReport(dir);
    expect(report.verdict).toBe('non-conformant');
    expect(report.rules.find((r) => r.id === 'AUTH-2')?.outcome).toBe('failed');
    expect(proxy.forwarded.length).toBe(report.summary.requests + 1);
  });

  it('sends nothing through the proxy to a host NO_PROXY names, and says so', async () => {
    const server = await reference({ apiKey: KEY });
    const proxy = await startProxy();
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, ...onlyArgs(['AUTH-3']), '--report-dir', dir], { PETSTORE_API_KEY: KEY, HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`\nproxy   none: NO_PROXY names ${new URL(server.url).host}\n`);
    expect(proxy.forwarded).toEqual([]);
    expect(proxy.connections()).toBe(0);
    expect((await readReport(dir)).settings.proxy).toBeNull();
  });

  // Before: the first contact's TIMEOUT line blamed the target, and the process never exited; with --spec https://… it
  // hung without a word.
  it('stops at the first contact, and exits, on a proxy that takes the connection and never answers CONNECT, naming the proxy', async () => {
    const proxy = await startProxy({ silent: true });
    const dir = join(await tempDir(), 'reports');
    const env = { PETSTORE_API_KEY: KEY, HTTPS_PROXY: proxy.url };
    const run = await runCli(['--target', 'https://127.0.0.1:9/v1', '--timeout', '500', '--report-dir', dir], env, 30_000);
    expect(stoppedAtFirstContact(run, dir)).toMatch(new RegExp(`^petstore-conformance: the proxy ${proxy.url} \\(HTTPS_PROXY\\) took the connection and did not answer ` +
      'CONNECT 127\\.0\\.0\\.1:9 in time \\(no answer within 500 ms\\); check that HTTPS_PROXY names the proxy, and that it is working'));
    const spec = await runCli(['--target', 'https://127.0.0.1:9/v1', '--spec', 'https://127.0.0.1:9/openapi.yaml', '--timeout', '500', '--report-dir', dir], env, 30_000);
    expect(stoppedAtFirstContact(spec, dir)).toMatch(/^petstore-conformance: cannot fetch the spec https:\/\/127\.0\.0\.1:9\/openapi\.yaml: PROXY_TIMEOUT \(the proxy .* did not answer CONNECT/);
  });

  it.each([
    ['a proxy that cannot be reached', {}, () => ({ HTTP_PROXY: 'http://127.0.0.1:9' }), 'http',
      /^petstore-conformance: cannot reach the proxy http:\/\/127\.0\.0\.1:9 \(HTTP_PROXY\): CONNECTION_REFUSED \(connect ECONNREFUSED 127\.0\.0\.1:9\); check the proxy's address in HTTP_PROXY, or name 127\.0\.0\.1 in NO_PROXY to reach the target directly$/],
    ['a proxy that asks for credentials it was not given (http: 407 to the request)', { credentials: { user: USER, password: PASSWORD } }, (url: string) => ({ HTTP_PROXY: url }), 'http',
      /^petstore-conformance: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTP_PROXY\) answered http:\/\/127\.0\.0\.1:\d+'s request with 407 Proxy Authentication Required; it asks for credentials: give them in HTTP_PROXY \(http:\/\/user:password@host:port\)$/],
    ['a proxy that asks for credentials it was not given (https: 407 to CONNECT)', { credentials: { user: USER, password: PASSWORD } }, (url: string) => ({ HTTPS_PROXY: url }), 'https',
      /^petstore-conformance: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY\) answered CONNECT 127\.0\.0\.1:\d+ with 407 Proxy Authentication Required; it asks for credentials: give them in HTTPS_PROXY/],
    ['a proxy that refuses the credentials it was given', { credentials: { user: USER, password: PASSWORD } }, (url: string) => ({ HTTP_PROXY: url.replace('//', `//${USER}:wrong-${PASSWORD}@`) }), 'http',
      /^petstore-conformance: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTP_PROXY\) answered .* with 407 Proxy Authentication Required; it refused the credentials in HTTP_PROXY: check them/],
    ['a proxy that does not allow the tunnel', { refuseConnect: 403 }, (url: string) => ({ HTTPS_PROXY: url }), 'https',
      /^petstore-conformance: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY\) answered CONNECT 127\.0\.0\.1:\d+ with 403 Refused; it does not let the run through to the target/],
    // Before: the proxy's own answers were the target's: squid's 503 for a target that is down was judged (exit 1); tinyproxy's
    // 401 for credentials it refused said the target refused the key; a proxy asking for NTLM only asked for credentials.
    ['a proxy that cannot reach the target (squid\'s 503)', { answer: () => SQUID_CONNECT_FAIL }, (url: string) => ({ HTTP_PROXY: url }), 'http',
      /^petstore-conformance: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTP_PROXY\) answered http:\/\/127\.0\.0\.1:\d+'s request with 503 Service Unavailable \(X-Squid-Error: ERR_CONNECT_FAIL 111\); it could not reach the target: check --target, and that the proxy can reach it$/],
    ['a proxy that answers the credentials it refuses with 401 (tinyproxy)', { answer: () => ({ status: 401, headers: { server: 'tinyproxy/1.11.1', 'www-authenticate': 'Basic realm="Tinyproxy"' } }) },
      (url: string) => ({ HTTP_PROXY: url.replace('//', `//${USER}:${PASSWORD}@`) }), 'http',
      /^petstore-conformance: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTP_PROXY\) answered .* with 401 Unauthorized \(Server: tinyproxy\/1\.11\.1\); it refused the credentials in HTTP_PROXY: check them/],
    ['a proxy that asks for NTLM credentials only', { answer: () => ({ status: 407, headers: { 'proxy-authenticate': ['Negotiate', 'NTLM'] } }) }, (url: string) => ({ HTTP_PROXY: url }), 'http',
      /^petstore-conformance: the proxy .* with 407 Proxy Authentication Required \(Proxy-Authenticate: Negotiate, NTLM\); it asks for credentials of another scheme than Basic \(Negotiate, NTLM\), and petstore-conformance gives a proxy only Basic credentials, from the user:password@ of HTTP_PROXY/],
    ['a proxy variable that names no http proxy', {}, () => ({ HTTPS_PROXY: `socks5://${USER}:${PASSWORD}@127.0.0.1:1080` }), 'https',
      /^petstore-conformance: HTTPS_PROXY names a socks5 proxy \(socks5:\/\/<credentials>@127\.0\.0\.1:1080\); petstore-conformance goes through an http proxy only/],
  ] as const)('stops at the first contact, exit 2 in one line naming the proxy, never a verdict: %s', async (_, options, variables, scheme, message) => {
    const server = await reference({ apiKey: KEY });
    const proxy = await startProxy(options);
    const dir = join(await tempDir(), 'reports');
    // An https target the proxy is asked to tunnel to: it refuses before any TLS.
    const target = scheme === 'http' ? server.url : server.url.replace('http:', 'https:');
    const run = await runCli(['--target', target, ...onlyArgs(['AUTH-3']), '--report-dir', dir], { PETSTORE_API_KEY: KEY, ...variables(proxy.url) });
    expect(stoppedAtFirstContact(run, dir)).toMatch(message);
    expect(leaked([run.stdout, run.stderr], [PASSWORD])).toEqual([]);
    expect(proxy.forwarded).toEqual([]);
  });
});

describe('a proxy that answers in the target\'s place mid-run', () => {
  // Before: a flaky proxy's 502 mid-run failed AUTH-2, MEDIA-1 and HTTP-1 against a target that kept the contract.
  it('judges none of its answers as the target\'s: nothing more is sent, and the run ends incomplete, exit 2, saying why', async () => {
    const server = await reference({ apiKey: KEY });
    const proxy = await startProxy({ answer: (index) => (index === 40 ? { status: 502, headers: { 'proxy-status': 'corp-proxy; error=connection_terminated' } } : undefined) });
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, ...onlyArgs(['AUTH', 'MEDIA-1', 'HTTP-1']), '--report-dir', dir], { PETSTORE_API_KEY: KEY, HTTP_PROXY: proxy.url });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    const report = await readReport(dir);
    expect(report.verdict).toBe('incomplete');
    expect(report.rules.filter((r) => r.outcome === 'failed').map((r) => r.id)).toEqual([]);
    expect(run.stdout).toMatch(/PROXY_REFUSED \(the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTP_PROXY\) answered 502 instead of the target \(Proxy-Status: corp-proxy; error=connection_terminated\)\)/);
  });
});

describe.skipIf(!hasOpenssl)('a deployment behind mutual TLS', () => {
  const PASSPHRASE = 'client-key-passphrase-7f3a9c21';

  /** A reference that serves https to clients with a certificate its CA issued, and that CA. */
  async function mutual() {
    const ca = await authority();
    const own = await ca.issue({});
    const server = await reference({ apiKey: KEY, tls: { key: own.key, cert: own.cert, clientCa: ca.cert } });
    return { ca, own, server };
  }

  it('with the client certificate (its key encrypted, the passphrase from the environment): a full conformant verdict; the key and its passphrase written nowhere', async () => {
    const { ca, server } = await mutual();
    const client = await ca.issue({ client: 'suite-client', passphrase: PASSPHRASE });
    // A key file others on the machine can read is said to be, as --api-key-file's is (before, not a word).
    await chmod(client.keyFile, 0o644);
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, '--ca', ca.certFile, '--client-cert', client.certFile, '--client-key', client.keyFile, '--report-dir', dir],
      { PETSTORE_API_KEY: KEY, PETSTORE_CLIENT_KEY_PASSPHRASE: PASSPHRASE });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('warning: '))).toEqual([
      `warning: --client-key ${client.keyFile} can be read by other users of this machine (mode 0644): chmod 600 ${client.keyFile}`]);
    expect(run.stdout).toContain(`\ntls     client certificate ${client.certFile} (CN=suite-client)\n`);
    const report = await readReport(dir);
    expect(report.verdict).toBe('conformant');
    expect(report.settings.clientCertificate).toBe(`${client.certFile} (CN=suite-client)`);
    expect(report.invocation?.targetArgs).toEqual(expect.arrayContaining(['--client-cert', client.certFile, '--client-key', client.keyFile]));
    const keyLines = client.key.split('\n').filter((line) => line.length > 40 && !line.startsWith('-----'));
    const written = [run.stdout, run.stderr, ...(await filesBelow(dir)).map((f) => f.content)];
    expect(leaked(written, [PASSPHRASE, ...keyLines])).toEqual([]);
  });

  // Before: NON-CONFORMANT, exit 1, 9 MUST failures of CONNECTION_CLOSED: the target blamed for the run's missing credential.
  it('without a client certificate: exit 2 in one line naming the missing certificate, no reports announced', async () => {
    const { ca, server } = await mutual();
    const dir = join(await tempDir(), 'reports');
    const run = await runCli(['--target', server.url, '--ca', ca.certFile, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(stoppedAtFirstContact(run, dir)).toMatch(new RegExp(`^petstore-conformance: the target ${server.url.replace(/[.]/g, '\\.')} requires a TLS client certificate, ` +
      'and none was given \\(TLS alert "certificate required"\\): give --client-cert <file> and --client-key <file>$'));
  });

  // Before: nginx (ssl_verify_client) answers 400 after the handshake instead of an alert, and the run became a verdict.
  it.each([
    ['No required SSL certificate was sent', false, 'requires a TLS client certificate, and none was given (it answered 400 "No required SSL certificate was sent"): give --client-cert <file> and --client-key <file>'],
    ['The SSL certificate error', true, 'refused the client certificate'],
  ])('behind nginx, which answers 400 "%s" after the handshake: exit 2 in one line, never a verdict', async (title, withCertificate, message) => {
    const ca = await authority();
    const own = await ca.issue({});
    const origin = await listen((_request, response) => response.writeHead(400, { 'content-type': 'text/html', server: 'nginx/1.22.1' })
      .end(`<html>\r\n<head><title>400 ${title}</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>${title}</center>\r\n</body>\r\n</html>\r\n`),
    { key: own.key, cert: own.cert });
    const client = await ca.issue({ client: 'suite-client' });
    const dir = join(await tempDir(), 'reports');
    const run = await runCli(['--target', `${origin}/v1`, '--ca', ca.certFile, ...(withCertificate ? ['--client-cert', client.certFile, '--client-key', client.keyFile] : []), '--report-dir', dir],
      { PETSTORE_API_KEY: KEY });
    expect(stoppedAtFirstContact(run, dir)).toMatch(new RegExp(`^petstore-conformance: the target ${origin.replace(/[.]/g, '\\.')}/v1 ${message.replace(/[().<>]/g, '\\$&')}`));
  });

  it.each([
    // Node's https server closes the connection on a certificate it refuses, without an alert.
    ['closes the connection on it', false, /closed the connection when given the client certificate .*\(CN=stranger\.example\) \(CONNECTION_RESET\), and asks for a certificate without one: it refuses that one; check that --client-cert is the certificate its operators issued/],
    // A server built on OpenSSL sends an alert.
    ['refuses it with an alert', true, /^petstore-conformance: the target https:\/\/127\.0\.0\.1:\d+\/v1 refused the client certificate .*\(CN=stranger\.example\) \(TLS alert "unknown ca"\); check that --client-cert is the certificate/],
  ])('with a certificate the target %s: exit 2 in one line, never a verdict', async (_, alerting, message) => {
    const { ca, own, server } = await mutual();
    const openssl = alerting ? await opensslServer(ca, own) : undefined;
    try {
      const stranger = await selfSigned({ name: 'stranger.example' });
      const target = openssl ? `${openssl.origin}/v1` : server.url;
      const dir = join(await tempDir(), 'reports');
      const run = await runCli(['--target', target, '--ca', ca.certFile, '--client-cert', stranger.certFile, '--client-key', stranger.keyFile, ...onlyArgs(['AUTH-3']), '--report-dir', dir],
        { PETSTORE_API_KEY: KEY });
      expect(stoppedAtFirstContact(run, dir)).toMatch(message);
    } finally {
      openssl?.close();
    }
  });

  // Before: "cannot reach the target …: CONNECTION_RESET (Client network socket disconnected before secure TLS connection
  // was established); check --target and that the server is running", of a server that was running.
  it('with a certificate a TLS 1.2 target closes the handshake on: exit 2 in one line saying it refuses that certificate', async () => {
    const ca = await authority();
    const own = await ca.issue({});
    const origin = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
      { key: own.key, cert: own.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true, maxVersion: 'TLSv1.2' });
    const stranger = await selfSigned({ name: 'stranger.example' });
    const dir = join(await tempDir(), 'reports');
    const run = await runCli(['--target', `${origin}/v1`, '--ca', ca.certFile, '--client-cert', stranger.certFile, '--client-key', stranger.keyFile, ...onlyArgs(['AUTH-3']), '--report-dir', dir],
      { PETSTORE_API_KEY: KEY });
    expect(stoppedAtFirstContact(run, dir)).toMatch(/closed the connection when given the client certificate .*\(CN=stranger\.example\) \(CONNECTION_RESET\), and asks for a certificate without one: it refuses that one; check that --client-cert/);
  });

  it('fetches a spec given as a URL as it reaches the target: through the proxy, presenting the client certificate; a status it refuses is one line', async () => {
    const { ca, own, server } = await mutual();
    const client = await ca.issue({ client: 'suite-client' });
    const spec = await readFile(BUNDLED_SPEC);
    const specs = await listen((request, response) => {
      if (request.url === '/openapi.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(spec);
      else response.writeHead(404).end();
    }, { key: own.key, cert: own.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true });
    const proxy = await startProxy();
    const tls = ['--ca', ca.certFile, '--client-cert', client.certFile, '--client-key', client.keyFile];
    const env = { PETSTORE_API_KEY: KEY, HTTPS_PROXY: proxy.url };
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, '--spec', `${specs}/openapi.yaml`, ...tls, ...onlyArgs(['AUTH-3']), '--report-dir', dir], env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((await readReport(dir)).rules.find((r) => r.id === 'AUTH-3')?.outcome).toBe('passed');
    expect(proxy.forwarded[0]).toEqual({ kind: 'connect', target: new URL(specs).host });
    expect(proxy.forwarded.slice(1).every((f) => f.kind === 'connect' && f.target === new URL(server.url).host)).toBe(true);

    // Before: rules took --ca and the client certificate, and fetched the spec without them (UNABLE_TO_VERIFY_LEAF_SIGNATURE).
    const tunnels = proxy.forwarded.length;
    const rules = await runCli(['rules', 'AUTH-3', '--spec', `${specs}/openapi.yaml`, ...tls], env);
    expect(rules.code, rules.stdout + rules.stderr).toBe(0);
    expect(rules.stdout).toMatch(/^AUTH-3 {3}MUST/m);
    expect(proxy.forwarded.slice(tunnels)).toEqual([{ kind: 'connect', target: new URL(specs).host }]);

    const missing = join(await tempDir(), 'reports');
    const refused = await runCli(['--target', server.url, '--spec', `${specs}/v1/openapi.yaml`, ...tls, '--report-dir', missing], env);
    expect(stoppedAtFirstContact(refused, missing)).toBe(`petstore-conformance: cannot fetch the spec ${specs}/v1/openapi.yaml: its server answered 404 Not Found`);
  });
});
