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
    // An empty variable is not set, nor (as curl reads it) one of white space only: before, HTTPS_PROXY=" " was refused
    // as holding no proxy URL ("").
    expect(proxyFor(HTTP, { http_proxy: '', HTTP_PROXY: 'http://plain.example:3128' })).toMatchObject({ variable: 'HTTP_PROXY' });
    expect(proxyFor(HTTPS, { https_proxy: ' ', HTTPS_PROXY: 'http://secure.example:3129' })).toMatchObject({ variable: 'HTTPS_PROXY' });
    expect(proxyFor(HTTPS, { HTTPS_PROXY: ' ' })).toBeUndefined();
    expect(proxyFor(HTTPS, { HTTPS_PROXY: '\t\n' })).toBeUndefined();
  });

  // Before: ALL_PROXY was ignored, though the docs said the variables were read as curl reads them.
  it('takes ALL_PROXY (all_proxy first) for either scheme where the scheme\'s own variable is not set, as curl does', () => {
    expect(proxyFor(HTTPS, { ALL_PROXY: 'http://all.example:3128' })).toEqual({ url: 'http://all.example:3128', variable: 'ALL_PROXY' });
    expect(proxyFor(HTTP, { all_proxy: 'http://lower.example:3128', ALL_PROXY: 'http://all.example:3128' })).toMatchObject({ variable: 'all_proxy' });
    expect(proxyFor(HTTPS, { ALL_PROXY: 'http://all.example:3128', HTTPS_PROXY: 'http://secure.example:3129' })).toMatchObject({ variable: 'HTTPS_PROXY' });
    expect(proxyFor(HTTP, { ALL_PROXY: 'http://all.example:3128', HTTPS_PROXY: 'http://secure.example:3129' })).toMatchObject({ variable: 'ALL_PROXY' });
    expect(proxyFor(HTTP, { ALL_PROXY: 'http://all.example:3128', NO_PROXY: 'staging.petstore.example.com' })).toBeUndefined();
    expect(proxyFor(HTTP, { ALL_PROXY: ' ' })).toBeUndefined();
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

  // Before: `HTTPS_PROXY holds no proxy URL ("http://hunt.user:Hash#Secret-991@127.0.0.1:13139")`, the password printed
  // whole; with an unencoded "@" and "/" in it, most of it.
  it.each([
    ['a "#"', 'http://hunt.user:Hash#Secret-991@127.0.0.1:13139', 'Hash#Secret-991', ['Hash', 'Secret-991', 'hunt.user']],
    ['an "@", a ":" and a "/"', 'http://hunt.user:Pr0xy@Pa:ss/Wd-5566@127.0.0.1:13139', 'Pr0xy@Pa:ss/Wd-5566', ['Pr0xy', 'Pa:ss', 'Wd-5566', 'hunt.user']],
    ['a "?"', 'suite:p4ss?word-7f3a9c21@proxy.example:3128', 'p4ss?word-7f3a9c21', ['p4ss', 'word-7f3a9c21', 'suite']],
    // The URL parses, but as a proxy at the host "suite", its port the password's digits, the rest a path.
    ['a "/" after digits', 'http://suite:12345/abc-7f3a9c21@proxy.example:3128', '12345/abc-7f3a9c21', ['12345', 'abc-7f3a9c21', 'suite']],
  ])('refuses a proxy URL whose password holds %s unencoded, showing nothing of the credentials, and says to percent-encode them', (_, value, password, parts) => {
    let message = '';
    try {
      proxyFor(HTTPS, { HTTPS_PROXY: value });
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^HTTPS_PROXY holds no proxy URL \("(http:\/\/)?<credentials>@(127\.0\.0\.1:13139|proxy\.example:3128)"\): give it as http:\/\/host:port .*; percent-encode the characters of the user name and password that a URL reserves \(@ as %40, : as %3A, \/ as %2F, \? as %3F, # as %23, % as %25\)$/);
    for (const part of parts) expect(message).not.toContain(part);
    // And the redactor would remove them, should anything write them.
    expect(proxySecrets({ HTTPS_PROXY: value })).toEqual(expect.arrayContaining([value, password]));
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
    // an address is named by an address or a range, never as a name's suffix (before, ".0.0.1" exempted 127.0.0.1)
    ['.0.0.1', 'http://127.0.0.1:18080/v1', false],
    ['0.0.1', 'http://127.0.0.1:18080/v1', false],
    ['*.0.0.1', 'http://127.0.0.1:18080/v1', false],
    ['.1', 'http://[::1]:18080/v1', false],
    // a range of IPv6 addresses written as a URL writes the address (before, "[::1]/128" exempted nothing)
    ['[::1]/128', 'http://[::1]:18080/v1', true],
    ['::1/128', 'http://[::1]:18080/v1', true],
    ['[fd00::]/8', 'http://[fd12::5]/v1', true],
    ['[fd00::]/8', 'http://[fe80::1]/v1', false],
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
    expect(proxySecrets({ ALL_PROXY: 'http://all:secret-7f3a9c21@proxy.example:3128' })).toEqual(expect.arrayContaining(['secret-7f3a9c21']));
  });
});
