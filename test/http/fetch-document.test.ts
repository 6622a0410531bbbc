import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentFetchError } from '../../src/core/errors.js';
import { fetchDocument, MAX_REDIRECTS, type FetchOptions } from '../../src/http/fetch-document.js';
import { authority, hasOpenssl } from '../support/certificates.js';
import { closeLocalServers, listen as serve } from '../support/local-servers.js';
import { closeProxies, startProxy } from '../support/proxy.js';

const SPEC = 'openapi: 3.0.3\ninfo: { title: Pet Store Service, version: 1.0.0 }\npaths: {}\n';
const options: FetchOptions = { timeoutMs: 2000, proxyVariables: {}, what: 'the spec' };

afterEach(async () => {
  await Promise.all([closeLocalServers(), closeProxies()]);
});

/** The one line a failed fetch says. */
async function refusal(url: string, given: FetchOptions = options): Promise<string> {
  try {
    await fetchDocument(url, given);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentFetchError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`${url} was fetched`);
}

describe('fetchDocument', () => {
  it('fetches a document with its media type, and says who asked', async () => {
    const seen: (string | undefined)[] = [];
    const origin = await serve((request, response) => {
      seen.push(request.headers['user-agent']);
      response.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
    });
    expect(await fetchDocument(`${origin}/openapi.yaml`, options)).toEqual({ bytes: Buffer.from(SPEC), contentType: 'application/yaml', finalUrl: `${origin}/openapi.yaml` });
    expect(seen).toEqual([expect.stringMatching(/^petstore-conformance\//)]);
  });

  it('follows redirects, relative ones too, and says where the document came from: what its references resolve against', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/spec') return void response.writeHead(301, { location: '/v2/spec' }).end();
      if (request.url === '/v2/spec') return void response.writeHead(307, { location: `${origin}/files/openapi.json` }).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    expect(await fetchDocument(`${origin}/spec`, options)).toMatchObject({ bytes: Buffer.from('{}'), finalUrl: `${origin}/files/openapi.json` });
  });

  it(`follows at most ${MAX_REDIRECTS} redirects, only to http(s), and says so`, async () => {
    const origin = await serve((request, response) => {
      const n = Number(request.url?.slice(1));
      response.writeHead(302, { location: n === 99 ? 'ftp://files.example/openapi.yaml' : `/${n + 1}` }).end();
    });
    expect(await refusal(`${origin}/0`)).toBe(`cannot fetch the spec ${origin}/0: more than ${MAX_REDIRECTS} redirects (the last to /${MAX_REDIRECTS + 1})`);
    expect(await refusal(`${origin}/99`)).toBe(`cannot fetch the spec ftp://files.example/openapi.yaml (a redirect from ${origin}/99): only http and https URLs are fetched, not ftp:`);
  });

  it('refuses a status other than 2xx, naming it', async () => {
    const origin = await serve((_request, response) => response.writeHead(404).end('not here'));
    expect(await refusal(`${origin}/openapi.yaml`)).toBe(`cannot fetch the spec ${origin}/openapi.yaml: its server answered 404 Not Found`);
  });

  it('refuses a URL that is not http(s), and one with credentials, without repeating them', async () => {
    expect(await refusal('file:///etc/openapi.yaml')).toBe('cannot fetch the spec file:///etc/openapi.yaml: only http and https URLs are fetched, not file:');
    expect(await refusal('https://user:secret-7f3a9c21@specs.example/openapi.yaml')).toBe('cannot fetch the spec https://<credentials>@specs.example/openapi.yaml: ' +
      'a URL with credentials (user:password@) is not fetched, since it would show wherever the spec is named');
  });

  it('names a connection that cannot be made as the suite\'s client does', async () => {
    expect(await refusal('http://127.0.0.1:9/openapi.yaml')).toBe('cannot fetch the spec http://127.0.0.1:9/openapi.yaml: CONNECTION_REFUSED (connect ECONNREFUSED 127.0.0.1:9)');
  });

  it('refuses a document larger than the cap: by its Content-Length unread, or as it comes', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/declared') return void response.writeHead(200, { 'content-length': '2000' }).end('x'.repeat(2000));
      response.writeHead(200);
      for (let i = 0; i < 20; i++) response.write('x'.repeat(100));
      response.end();
    });
    const small = { ...options, maxBytes: 1000 };
    expect(await refusal(`${origin}/declared`, small)).toBe(`cannot fetch the spec ${origin}/declared: it is larger than 1000 bytes, the most that is read`);
    expect(await refusal(`${origin}/chunked`, small)).toBe(`cannot fetch the spec ${origin}/chunked: it is larger than 1000 bytes, the most that is read`);
  });

  it('undoes a compression its server applied, bounded as the body is', async () => {
    const origin = await serve((request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(request.url === '/bomb' ? 'x'.repeat(5000) : SPEC));
    });
    expect((await fetchDocument(`${origin}/spec`, options)).bytes.toString()).toBe(SPEC);
    expect(await refusal(`${origin}/bomb`, { ...options, maxBytes: 1000 })).toBe(`cannot fetch the spec ${origin}/bomb: it is larger than 1000 bytes once decompressed, the most that is read`);
  });

  it('gives up at the deadline on a server that answers slowly, in whatever phase', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/trickle') response.writeHead(200).write('openapi: 3.0.3\n'); // and never ends
    });
    expect(await refusal(`${origin}/silent`, { ...options, timeoutMs: 300 })).toBe(`cannot fetch the spec ${origin}/silent: TIMEOUT ` +
      '(no complete response within 300 ms: still waiting for the response headers (--timeout sets the deadline))');
    expect(await refusal(`${origin}/trickle`, { ...options, timeoutMs: 300 })).toMatch(/: TIMEOUT \(no complete response within 300 ms: still waiting for the rest of the response body/);
  });

  it('ends when the run is interrupted', async () => {
    const origin = await serve(() => undefined);
    const controller = new AbortController();
    const fetching = fetchDocument(`${origin}/openapi.yaml`, options, controller.signal);
    controller.abort('SIGINT');
    await expect(fetching).rejects.toThrow(/: INTERRUPTED \(/);
  });

  // Before: the fetch never settled, and the process never exited (`--spec https://…` and `rules --spec https://…` hung).
  it('gives up at the deadline on a proxy that takes the connection and never answers CONNECT, naming the proxy, and closes its connection to it', async () => {
    const proxy = await startProxy({ silent: true });
    expect(await refusal('https://127.0.0.1:9/openapi.yaml', { ...options, timeoutMs: 300, proxyVariables: { HTTPS_PROXY: proxy.url } })).toBe(
      `cannot fetch the spec https://127.0.0.1:9/openapi.yaml: PROXY_TIMEOUT (the proxy ${proxy.url} (HTTPS_PROXY) took the connection and did not ` +
      'answer CONNECT 127.0.0.1:9 in time (no complete answer within 300 ms))');
    await expect.poll(() => proxy.open(), { timeout: 5000 }).toBe(0);
  });

  // Before: "its server answered 403 Forbidden", for a spec the proxy did not let through.
  it('says the proxy answered when it did: an answer it marked as its own, a refused tunnel', async () => {
    const denied = await startProxy({ answer: () => ({ status: 403, headers: { server: 'squid/5.7', 'x-squid-error': 'ERR_ACCESS_DENIED 0' } }) });
    expect(await refusal('http://127.0.0.1:9/openapi.yaml', { ...options, proxyVariables: { HTTP_PROXY: denied.url } })).toBe(
      `cannot fetch the spec http://127.0.0.1:9/openapi.yaml: PROXY_REFUSED (the proxy ${denied.url} (HTTP_PROXY) answered http://127.0.0.1:9's request with 403 Forbidden (X-Squid-Error: ERR_ACCESS_DENIED 0))`);
    const closed = await startProxy({ refuseConnect: 403 });
    expect(await refusal('https://127.0.0.1:9/openapi.yaml', { ...options, proxyVariables: { HTTPS_PROXY: closed.url } })).toBe(
      `cannot fetch the spec https://127.0.0.1:9/openapi.yaml: PROXY_REFUSED (the proxy ${closed.url} (HTTPS_PROXY) answered CONNECT 127.0.0.1:9 with 403 Refused)`);
  });

  it('goes through the proxy the environment names for each URL, and straight to a host NO_PROXY names', async () => {
    const origin = await serve((_request, response) => response.writeHead(200).end(SPEC));
    const proxy = await startProxy({ credentials: { user: 'suite', password: 'proxy-secret-7f3a9c21' } });
    const proxyVariables = { HTTP_PROXY: proxy.urlWithCredentials };
    expect((await fetchDocument(`${origin}/openapi.yaml`, { ...options, proxyVariables })).bytes.toString()).toBe(SPEC);
    expect(proxy.forwarded.map((f) => f.target)).toEqual([`${origin}/openapi.yaml`]);
    await fetchDocument(`${origin}/openapi.yaml`, { ...options, proxyVariables: { ...proxyVariables, NO_PROXY: '127.0.0.1' } });
    expect(proxy.forwarded).toHaveLength(1);
    const message = await refusal(`${origin}/openapi.yaml`, { ...options, proxyVariables: { HTTP_PROXY: proxy.url } });
    expect(message).toBe(`cannot fetch the spec ${origin}/openapi.yaml: PROXY_REFUSED (the proxy ${proxy.url} (HTTP_PROXY) answered ${origin}'s request with 407 Proxy Authentication Required)`);
  });

  it.skipIf(!hasOpenssl)('fetches over https with the run\'s TLS settings: its CA, its client certificate, through a CONNECT tunnel', async () => {
    const ca = await authority();
    const own = await ca.issue({});
    const client = await ca.issue({ client: 'suite-client' });
    const origin = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      { key: own.key, cert: own.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true });
    const url = `${origin}/openapi.json`;
    expect(await refusal(url)).toMatch(/^cannot fetch the spec https:\/\/127\.0\.0\.1:\d+\/openapi\.json: (UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)/);
    expect(await refusal(url, { ...options, ca: ca.cert })).toBe(`cannot fetch the spec ${url}: CLIENT_CERTIFICATE_REQUIRED (the server requires a TLS client certificate (TLS alert "certificate required"))`);
    const proxy = await startProxy();
    const clientCertificate = { cert: client.cert, key: client.key, shown: 'client.pem' };
    expect(await fetchDocument(url, { ...options, ca: ca.cert, clientCertificate, proxyVariables: { HTTPS_PROXY: proxy.url } })).toMatchObject({ bytes: Buffer.from('{}'), finalUrl: url });
    expect(proxy.forwarded).toEqual([{ kind: 'connect', target: new URL(url).host }]);
  });
});
