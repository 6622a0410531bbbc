import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { firstContact } from '../../src/http/first-contact.js';
import { TRACEPARENT } from '../../src/http/trace.js';
import { authority, hasOpenssl } from '../support/certificates.js';
import { closeLocalServers, listen } from '../support/local-servers.js';
import { closeProxies, SQUID_CONNECT_FAIL, startProxy } from '../support/proxy.js';

afterEach(async () => {
  await Promise.all([closeLocalServers(), closeProxies()]);
});

async function serve(handler: RequestListener): Promise<string> {
  return `${await listen(handler)}/v1`;
}

describe('firstContact', () => {
  it('reaches a target that answers, whatever it answers, with a GET carrying the credential it is given, and says the status', async () => {
    const seen: { url?: string; authorization?: string; agent?: string; trace?: string }[] = [];
    const target = await serve((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization, agent: request.headers['user-agent'], trace: request.headers.traceparent as string | undefined });
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    expect(await firstContact('/categories', { target, timeoutMs: 2000 })).toEqual({ status: 401 });
    expect(await firstContact('/pets/1', { target, timeoutMs: 2000, authorization: 'Bearer k' })).toEqual({ status: 401 });
    // A traceparent, as every other request of a run has (it was the one request without).
    expect(seen).toEqual([
      { url: '/v1/categories', authorization: undefined, agent: expect.stringMatching(/^petstore-conformance\//), trace: expect.stringMatching(TRACEPARENT) },
      { url: '/v1/pets/1', authorization: 'Bearer k', agent: expect.stringMatching(/^petstore-conformance\//), trace: expect.stringMatching(TRACEPARENT) },
    ]);
    expect(seen[0]?.trace).not.toBe(seen[1]?.trace);
  });

  it('carries the run\'s headers for every request (--header), as the checks\' requests do', async () => {
    const seen: (string | string[] | undefined)[] = [];
    const target = await serve((request, response) => {
      seen.push(request.headers['x-tenant']);
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    expect(await firstContact('/categories', { target, timeoutMs: 2000, headers: { 'X-Tenant': 'tenant-7f3a9c21' } })).toEqual({ status: 200 });
    expect(seen).toEqual(['tenant-7f3a9c21']);
  });

  it('reaches a target that connects and then never answers: what follows is for the checks', async () => {
    const target = await serve(() => undefined);
    expect(await firstContact('/categories', { target, timeoutMs: 200 })).toEqual({});
  });

  it('says how a connection broke before any answer (a server of another protocol hangs up)', async () => {
    const target = await serve((request) => request.socket.destroy());
    expect(await firstContact('/categories', { target, timeoutMs: 2000 })).toEqual({ broken: expect.objectContaining({ code: 'CONNECTION_RESET' }) });
  });

  it('names a refused connection as the suite\'s client does', async () => {
    const target = await serve(() => undefined);
    await closeLocalServers();
    expect((await firstContact('/categories', { target, timeoutMs: 2000 })).failure).toMatchObject({ code: 'CONNECTION_REFUSED', phase: 'connect' });
  });

  it('ends at once when the run is interrupted', async () => {
    const controller = new AbortController();
    controller.abort('SIGINT');
    expect((await firstContact('/categories', { target: 'http://127.0.0.1:9/v1', timeoutMs: 2000 }, controller.signal)).failure).toMatchObject({ code: 'INTERRUPTED' });
  });
});

/** An https server of a CA of the test's own, asking for a client certificate that CA issued when `mutual`. */
async function serveTls(mutual: boolean) {
  const ca = await authority();
  const own = await ca.issue({});
  const origin = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
    { key: own.key, cert: own.cert, ...(mutual ? { ca: ca.cert, requestCert: true, rejectUnauthorized: true } : {}) });
  return { target: `${origin}/v1`, ca };
}

describe('firstContact through a proxy', () => {
  it('sends an http target\'s request to the proxy in absolute form, with the proxy\'s credentials', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end('[]'));
    const proxy = await startProxy({ credentials: { user: 'suite', password: 'proxy-secret-7f3a9c21' } });
    const authorization = `Basic ${Buffer.from('suite:proxy-secret-7f3a9c21').toString('base64')}`;
    expect(await firstContact('/categories', { target, timeoutMs: 2000, proxy: { url: proxy.url, variable: 'HTTP_PROXY', authorization } })).toEqual({ status: 200 });
    expect(proxy.forwarded).toEqual([{ kind: 'absolute', target: `${target}/categories`, authorization }]);
  });

  it('names a proxy that cannot be reached, and one that asks for credentials, as the proxy\'s failures, not the target\'s', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end('[]'));
    const unreachable = await firstContact('/categories', { target, timeoutMs: 2000, proxy: { url: 'http://127.0.0.1:9', variable: 'HTTP_PROXY' } });
    expect(unreachable.failure).toEqual({ code: 'PROXY_UNREACHABLE', phase: 'connect',
      message: 'cannot reach the proxy http://127.0.0.1:9 (HTTP_PROXY): CONNECTION_REFUSED (connect ECONNREFUSED 127.0.0.1:9)' });
    const proxy = await startProxy({ credentials: { user: 'suite', password: 'proxy-secret-7f3a9c21' } });
    const asked = await firstContact('/categories', { target, timeoutMs: 2000, proxy: { url: proxy.url, variable: 'http_proxy' } });
    expect(asked.failure).toEqual({ code: 'PROXY_REFUSED', phase: 'connect',
      message: `the proxy ${proxy.url} (http_proxy) answered ${new URL(target).origin}'s request with 407 Proxy Authentication Required` });
    expect(proxy.forwarded).toEqual([]);
  });

  // Before: squid's 503 for a target that is down, its 403, tinyproxy's 401 for the credentials it refused were taken for
  // the target's answers, and the run judged them (or said the target refused the key).
  it.each([
    ['squid\'s error page for a target it cannot connect to', SQUID_CONNECT_FAIL, / with 503 Service Unavailable \(X-Squid-Error: ERR_CONNECT_FAIL 111\)$/],
    ['squid\'s refusal', { status: 403, headers: { 'x-squid-error': 'ERR_ACCESS_DENIED 0', server: 'squid/5.7' } }, / with 403 Forbidden \(X-Squid-Error: ERR_ACCESS_DENIED 0\)$/],
    ['an RFC 9209 Proxy-Status error', { status: 504, headers: { 'proxy-status': 'corp-proxy; error=connection_timeout' } }, / with 504 Gateway Timeout \(Proxy-Status: corp-proxy; error=connection_timeout\)$/],
    ['tinyproxy\'s 401 for the credentials it refuses', { status: 401, headers: { server: 'tinyproxy/1.11.1', 'www-authenticate': 'Basic realm="Tinyproxy"' } }, / with 401 Unauthorized \(Server: tinyproxy\/1\.11\.1\)$/],
    ['a 401 asking for NTLM credentials', { status: 401, headers: { 'proxy-authenticate': ['Negotiate', 'NTLM'] } }, / with 401 Unauthorized \(Proxy-Authenticate: Negotiate, NTLM\)$/],
    ['a 502 without a mark: a gateway\'s answer', { status: 502 }, / with 502 Bad Gateway, a gateway's answer$/],
    ['a 504 without a mark: a gateway\'s answer', { status: 504 }, / with 504 Gateway Timeout, a gateway's answer$/],
  ])('takes an answer the proxy made itself for the proxy\'s failure, not the target\'s: %s', async (_, own, message) => {
    const target = await serve((_request, response) => response.writeHead(200).end('[]'));
    const proxy = await startProxy({ answer: () => own });
    const contact = await firstContact('/categories', { target, timeoutMs: 2000, proxy: { url: proxy.url, variable: 'HTTP_PROXY' } });
    expect(contact.failure).toMatchObject({ code: 'PROXY_REFUSED', message: expect.stringMatching(new RegExp(`^the proxy ${proxy.url} \\(HTTP_PROXY\\) answered ${new URL(target).origin}'s request`)) });
    expect(contact.failure?.message).toMatch(message);
  });

  it('takes a target\'s own answers through the proxy for the target\'s, a 502 reached directly too', async () => {
    const target = await serve((request, response) => {
      if (request.url?.endsWith('/pets/1')) return void response.writeHead(503, { 'content-type': 'application/json', via: '1.1 edge' }).end('{}');
      response.writeHead(502, { 'content-type': 'text/html' }).end('bad gateway');
    });
    const proxy = await startProxy();
    expect(await firstContact('/pets/1', { target, timeoutMs: 2000, proxy: { url: proxy.url, variable: 'HTTP_PROXY' } })).toEqual({ status: 503 });
    expect(await firstContact('/categories', { target, timeoutMs: 2000 })).toEqual({ status: 502 });
  });

  it.skipIf(!hasOpenssl)('opens a CONNECT tunnel for an https target, and the TLS of the target inside it; a refused tunnel is the proxy\'s failure', async () => {
    const { target, ca } = await serveTls(false);
    const proxy = await startProxy();
    expect(await firstContact('/categories', { target, timeoutMs: 5000, ca: ca.cert, proxy: { url: proxy.url, variable: 'HTTPS_PROXY' } })).toEqual({ status: 200 });
    expect(proxy.forwarded).toEqual([{ kind: 'connect', target: new URL(target).host }]);
    const closed = await startProxy({ refuseConnect: 403 });
    expect((await firstContact('/categories', { target, timeoutMs: 5000, ca: ca.cert, proxy: { url: closed.url, variable: 'HTTPS_PROXY' } })).failure).toEqual({
      code: 'PROXY_REFUSED', phase: 'connect', message: `the proxy ${closed.url} (HTTPS_PROXY) answered CONNECT ${new URL(target).host} with 403 Refused`,
    });
  });

  // Before: the first contact said TIMEOUT and blamed the target ("check --target and that the server is running"), and
  // the process never exited: the tunnel's socket was never closed.
  it('gives up on a proxy that takes the connection and never answers CONNECT at the deadline, as the proxy\'s failure, and closes its connection to it', async () => {
    const proxy = await startProxy({ silent: true });
    const target = 'https://127.0.0.1:9/v1';
    const contact = await firstContact('/categories', { target, timeoutMs: 300, proxy: { url: proxy.url, variable: 'HTTPS_PROXY' } });
    expect(contact.failure).toEqual({ code: 'PROXY_TIMEOUT', phase: 'connect',
      message: `the proxy ${proxy.url} (HTTPS_PROXY) took the connection and did not answer CONNECT 127.0.0.1:9 in time (no answer within 300 ms)` });
    expect(proxy.connections()).toBe(1);
    await expect.poll(() => proxy.open(), { timeout: 5000 }).toBe(0);
  });

  it('closes its connection to a proxy that answers an http request with nothing, at the deadline', async () => {
    const proxy = await startProxy({ silent: true });
    expect(await firstContact('/categories', { target: 'http://127.0.0.1:9/v1', timeoutMs: 300, proxy: { url: proxy.url, variable: 'HTTP_PROXY' } })).toEqual({});
    await expect.poll(() => proxy.open(), { timeout: 5000 }).toBe(0);
  });

  // Before: nginx's 400 after the handshake was taken for the target's answer, and the run became a verdict.
  it.skipIf(!hasOpenssl)('takes an https answer that says the client\'s certificate is missing or refused (nginx\'s 400) for that, reading a few KB of it; not over http', async () => {
    const nginx = (title: string): RequestListener => (_request, response) => response.writeHead(400, { 'content-type': 'text/html', server: 'nginx/1.22.1' })
      .end(`<html>\r\n<head><title>400 ${title}</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>${title}</center>\r\n</body>\r\n</html>\r\n`);
    const ca = await authority();
    const own = await ca.issue({});
    const missing = await listen(nginx('No required SSL certificate was sent'), { key: own.key, cert: own.cert });
    expect((await firstContact('/categories', { target: `${missing}/v1`, timeoutMs: 5000, ca: ca.cert })).failure).toEqual({ code: 'CLIENT_CERTIFICATE_REQUIRED', phase: 'connect',
      message: 'the server requires a TLS client certificate (it answered 400 "No required SSL certificate was sent" after the TLS handshake)' });
    const refusing = await listen(nginx('The SSL certificate error'), { key: own.key, cert: own.cert });
    expect((await firstContact('/categories', { target: `${refusing}/v1`, timeoutMs: 5000, ca: ca.cert })).failure).toMatchObject({ code: 'CLIENT_CERTIFICATE_REFUSED' });
    // Over http no certificate is asked for: such a page is the target's answer (a target that answers 400 to everything).
    expect(await firstContact('/categories', { target: await serve(nginx('No required SSL certificate was sent')), timeoutMs: 2000 })).toEqual({ status: 400 });
    // An endless body is read no further than a few KB.
    const endless = await listen((_request, response) => {
      response.writeHead(400, { 'content-type': 'text/html' });
      const more = (): void => void (response.destroyed || response.write('x'.repeat(16_384), (error) => error || setImmediate(more)));
      more();
    }, { key: own.key, cert: own.cert });
    expect(await firstContact('/categories', { target: `${endless}/v1`, timeoutMs: 5000, ca: ca.cert })).toEqual({ status: 400 });
  });

  // TLS 1.3: the server completes the handshake, then refuses with an alert, which comes with the answer awaited.
  it.skipIf(!hasOpenssl)('tells a target that requires a client certificate from one that closed the connection, and presents one when given', async () => {
    const { target, ca } = await serveTls(true);
    expect((await firstContact('/categories', { target, timeoutMs: 5000, ca: ca.cert })).failure).toEqual({
      code: 'CLIENT_CERTIFICATE_REQUIRED', phase: 'connect', message: 'the server requires a TLS client certificate (TLS alert "certificate required")',
    });
    const client = await ca.issue({ client: 'suite-client', passphrase: 'passphrase-7f3a9c21' });
    const clientCertificate = { cert: client.cert, key: client.key, passphrase: 'passphrase-7f3a9c21', shown: 'client.pem (CN=suite-client)' };
    expect(await firstContact('/categories', { target, timeoutMs: 5000, ca: ca.cert, clientCertificate })).toEqual({ status: 200 });
  });
});
