import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { bypassedBy, exempt, proxyFor, proxySecrets, shownProxy } from '../../src/http/proxy.js';

const HTTP = 'http://staging.petstore.example.com:8080/v1';
const HTTPS = 'https://staging.petstore.example.com/v1';

describe('proxyFor: the proxy variables as curl and undici read them', () => {
  it('takes HTTP_PROXY for an http URL and HTTPS_PROXY for an https one, each in lower case first', () => {
    const env = { HTTP_PROXY: 'http://plain.example:3128', HTTPS_PROXY: 'http://secure.example:3129' };
    expect(proxyFor(HTTP, env)).toEqual({ url: 'http://plain.example:3128', variable: 'HTTP_PROXY' });
    expect(proxyFor(HTTPS, env)).toEqual({ url: 'http://secure.example:3129', variable: 'HTTPS_PROXY' });
    expect(proxyFor(HTTPS, { ...env, https_proxy: 'http://lower.example:1' })).toEqual({ url: 'http://lower.example:1', variable: 'https_proxy' });
    expect(proxyFor(HTTP, { ...env, http_proxy: 'http://lower.example:2' })).toMatchObject({ variable: 'http_proxy' });
    // An empty variable is not set.
    expect(proxyFor(HTTP, { http_proxy: '', HTTP_PROXY: 'http://plain.example:3128' })).toMatchObject({ variable: 'HTTP_PROXY' });
  });

  it('takes no proxy where none is set for the scheme: an https URL does not fall back on HTTP_PROXY (as curl)', () => {
    expect(proxyFor(HTTPS, { HTTP_PROXY: 'http://plain.example:3128' })).toBeUndefined();
    expect(proxyFor(HTTP, { HTTPS_PROXY: 'http://secure.example:3129' })).toBeUndefined();
    expect(proxyFor(HTTP, {})).toBeUndefined();
  });

  it('exempts no address unless NO_PROXY names it, this machine\'s included', () => {
    expect(proxyFor('http://127.0.0.1:18080/v1', { HTTP_PROXY: 'http://proxy.example:3128' })).toMatchObject({ variable: 'HTTP_PROXY' });
    expect(proxyFor('http://localhost:18080/v1', { HTTP_PROXY: 'http://proxy.example:3128' })).toMatchObject({ variable: 'HTTP_PROXY' });
    expect(proxyFor('http://127.0.0.1:18080/v1', { HTTP_PROXY: 'http://proxy.example:3128', NO_PROXY: '127.0.0.1' })).toBeUndefined();
    expect(proxyFor('http://127.0.0.1:18080/v1', { HTTP_PROXY: 'http://proxy.example:3128', no_proxy: '127.0.0.1', NO_PROXY: 'other' })).toBeUndefined();
  });

  it('takes a proxy without a scheme as http, and its credentials as the Basic authorization it sends, percent-decoded', () => {
    expect(proxyFor(HTTP, { HTTP_PROXY: 'proxy.example:3128' })).toEqual({ url: 'http://proxy.example:3128', variable: 'HTTP_PROXY' });
    expect(proxyFor(HTTP, { HTTP_PROXY: 'http://suite:p%40ss%3Aword@proxy.example:3128' })).toEqual({
      url: 'http://proxy.example:3128', variable: 'HTTP_PROXY', authorization: `Basic ${Buffer.from('suite:p@ss:word').toString('base64')}`,
    });
  });

  it('refuses a variable that holds no http proxy, naming it, never the credentials in it', () => {
    const refusal = (value: string) => {
      try {
        proxyFor(HTTPS, { HTTPS_PROXY: value });
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`${value} was taken`);
    };
    expect(refusal('socks5://suite:secret-7f3a9c21@proxy.example:1080')).toBe('HTTPS_PROXY names a socks5 proxy (socks5://<credentials>@proxy.example:1080); ' +
      'petstore-conformance goes through an http proxy only (CONNECT for https targets): give it as http://host:port (with user:password@ before the host if the proxy asks for credentials)');
    expect(refusal('https://proxy.example:443')).toMatch(/^HTTPS_PROXY names a https proxy/);
    expect(refusal('http://suite:secret-7f3a9c21@')).toMatch(/^HTTPS_PROXY holds no proxy URL \("http:\/\/<credentials>@"\)/);
    // A variable that does not apply to the URL is not read.
    expect(proxyFor(HTTP, { HTTPS_PROXY: 'socks5://proxy.example:1080' })).toBeUndefined();
  });

  it('is shown as its address and variable', () => {
    expect(shownProxy({ url: 'http://proxy.example:3128', variable: 'HTTPS_PROXY', authorization: 'Basic x' })).toBe('http://proxy.example:3128 (HTTPS_PROXY)');
  });
});

describe('NO_PROXY', () => {
  const url = (text: string) => new URL(text);
  it.each([
    // host names: the host and the names below it
    ['staging.petstore.example.com', 'https://staging.petstore.example.com/v1', true],
    ['petstore.example.com', 'https://staging.petstore.example.com/v1', true],
    ['petstore.example.com', 'https://petstore.example.com/v1', true],
    ['example.com', 'https://notexample.com/v1', false],
    ['STAGING.Petstore.Example.com', 'https://staging.petstore.example.com./v1', true],
    // a leading dot or *.: only the names below it
    ['.example.com', 'https://api.example.com/v1', true],
    ['.example.com', 'https://example.com/v1', false],
    ['*.example.com', 'https://api.example.com/v1', true],
    ['*.example.com', 'https://example.com/v1', false],
    // * alone: every host
    ['*', 'http://10.1.2.3/v1', true],
    // lists, by commas or white space
    ['localhost, 10.0.0.1  .internal', 'http://db.internal/v1', true],
    ['localhost,10.0.0.1', 'http://10.0.0.2/v1', false],
    // host:port: that port only (the scheme's default when the URL names none)
    ['127.0.0.1:18080', 'http://127.0.0.1:18080/v1', true],
    ['127.0.0.1:18080', 'http://127.0.0.1:18081/v1', false],
    ['example.com:443', 'https://api.example.com/v1', true],
    ['example.com:443', 'http://api.example.com/v1', false],
    // IP addresses and ranges, IPv6 in any of its forms; names are not resolved
    ['127.0.0.1', 'http://127.0.0.1:18080/v1', true],
    ['localhost', 'http://127.0.0.1:18080/v1', false],
    ['10.0.0.0/8', 'http://10.20.30.40/v1', true],
    ['10.0.0.0/8', 'http://11.0.0.1/v1', false],
    ['::1', 'http://[::1]:18080/v1', true],
    ['0:0:0:0:0:0:0:1', 'http://[::1]:18080/v1', true],
    ['[::1]:18080', 'http://[::1]:18080/v1', true],
    ['[::1]:18081', 'http://[::1]:18080/v1', false],
    ['fd00::/8', 'http://[fd12::5]/v1', true],
    ['10.0.0.0/8', 'http://ten.example/v1', false],
    ['', 'http://127.0.0.1/v1', false],
  ])('%j exempts %s: %s', (noProxy, target, exempted) => {
    expect(exempt(url(target), noProxy)).toBe(exempted);
  });

  it('is said when it exempts a URL a proxy variable would take through a proxy', () => {
    expect(bypassedBy('http://127.0.0.1:1/v1', { HTTP_PROXY: 'http://p:1', NO_PROXY: '127.0.0.1' })).toBe('NO_PROXY');
    expect(bypassedBy('http://127.0.0.1:1/v1', { HTTPS_PROXY: 'http://p:1', no_proxy: '127.0.0.1' })).toBeUndefined();
    expect(bypassedBy('http://127.0.0.1:1/v1', { HTTP_PROXY: 'http://p:1', no_proxy: '127.0.0.1' })).toBe('no_proxy');
  });
});

describe('proxySecrets', () => {
  it('holds the credentials of every proxy variable set, decoded, and the URL as written', () => {
    expect(proxySecrets({ HTTPS_PROXY: 'http://suite:p%40ss-7f3a9c21@proxy.example:3128', HTTP_PROXY: 'http://proxy.example:3128', NO_PROXY: 'x' }))
      .toEqual(['http://suite:p%40ss-7f3a9c21@proxy.example:3128', 'suite:p@ss-7f3a9c21', 'p@ss-7f3a9c21', 'suite']);
    expect(proxySecrets({})).toEqual([]);
  });
});
