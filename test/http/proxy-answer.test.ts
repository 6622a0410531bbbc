import { describe, expect, it } from 'vitest';
import { madeByProxy, proxyAnswerNote, proxyMark } from '../../src/http/proxy-answer.js';

// Headers as the proxies of a hunt sent them (squid 5.7, tinyproxy 1.11.1), and as a forwarded answer carries them.
const SQUID_DOWN = { server: 'squid/5.7', 'content-type': 'text/html;charset=utf-8', 'x-squid-error': 'ERR_CONNECT_FAIL 111', via: '1.1 vm (squid/5.7)' };
const SQUID_DENIED = { server: 'squid/5.7', 'x-squid-error': 'ERR_ACCESS_DENIED 0' };
const TINYPROXY_401 = { server: 'tinyproxy/1.11.1', 'content-type': 'text/html', 'www-authenticate': 'Basic realm="Tinyproxy"', connection: 'close' };
const FORWARDED = { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="petstore"', via: '1.1 vm (squid/5.7)', 'x-cache': 'MISS from vm' };

describe('proxyMark', () => {
  it.each([
    ['squid\'s error page', SQUID_DOWN, 'X-Squid-Error: ERR_CONNECT_FAIL 111'],
    ['an RFC 9209 Proxy-Status with an error', { 'proxy-status': 'proxy.example; error=destination_unavailable; details="refused"' }, 'Proxy-Status: proxy.example; error=destination_unavailable; details="refused"'],
    ['tinyproxy\'s own page', TINYPROXY_401, 'Server: tinyproxy/1.11.1'],
    ['a forwarded answer, with squid\'s Via', FORWARDED, undefined],
    ['a Proxy-Status without an error (the proxy forwarded it)', { 'proxy-status': 'proxy.example; received-status=200' }, undefined],
    ['the target\'s own Server', { server: 'nginx/1.22.1' }, undefined],
  ])('%s: %s', (_, headers, mark) => {
    expect(proxyMark(headers)).toBe(mark);
  });
});

describe('madeByProxy', () => {
  it('takes a marked answer, a 407, and a 401 asking for the proxy\'s credentials for the proxy\'s own; not a forwarded one', () => {
    expect(madeByProxy(503, SQUID_DOWN)).toBe(true);
    expect(madeByProxy(403, SQUID_DENIED)).toBe(true);
    expect(madeByProxy(401, TINYPROXY_401)).toBe(true);
    expect(madeByProxy(407, {})).toBe(true);
    expect(madeByProxy(401, { 'proxy-authenticate': 'Basic realm="corp"' })).toBe(true);
    expect(madeByProxy(401, FORWARDED)).toBe(false);
    // A gateway's answer without a mark may be the target's own gateway's: only the first contact stops on it.
    expect(madeByProxy(502, { 'content-type': 'text/html' })).toBe(false);
    expect(madeByProxy(200, { via: '1.1 vm (squid/5.7)' })).toBe(false);
  });
});

describe('proxyAnswerNote', () => {
  it('shows the mark, and a challenge for credentials other than Basic, the only ones a run gives', () => {
    expect(proxyAnswerNote(SQUID_DOWN)).toBe(' (X-Squid-Error: ERR_CONNECT_FAIL 111)');
    expect(proxyAnswerNote({ 'proxy-authenticate': ['Negotiate', 'NTLM'] })).toBe(' (Proxy-Authenticate: Negotiate, NTLM)');
    expect(proxyAnswerNote({ 'proxy-authenticate': 'Basic realm="hunt"' })).toBe('');
    expect(proxyAnswerNote({ 'proxy-authenticate': 'NTLM, Basic realm="corp"' })).toBe('');
    expect(proxyAnswerNote({ 'proxy-authenticate': 'Basic realm="hunt"', 'x-squid-error': 'ERR_CACHE_ACCESS_DENIED 0' })).toBe(' (X-Squid-Error: ERR_CACHE_ACCESS_DENIED 0)');
    expect(proxyAnswerNote(FORWARDED)).toBe('');
  });
});
