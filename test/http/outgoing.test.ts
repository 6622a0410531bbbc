import { describe, expect, it } from 'vitest';
import { bearer, inHeader, inQuery, validKey } from '../../src/http/credential.js';
import { prepareRequest } from '../../src/http/outgoing.js';
import { USER_AGENT } from '../../src/http/trace.js';

const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const KEY = 'psk_outgoing_test_key_0123456789';

describe('prepareRequest, with the run\'s headers for every request (--header)', () => {
  const settings = { target: 'http://127.0.0.1:9/v1', headers: { 'X-Tenant': 'tenant-7f3a9c21', 'X-Gateway-Key': 'gw_0123456789' } };

  it('sends them with the request, and shows their values as [REDACTED]', () => {
    const prepared = prepareRequest(settings, { method: 'GET', path: '/categories', headers: { accept: 'application/json' }, credential: bearer(validKey(KEY)) }, TRACE);
    expect(prepared.headers).toEqual({
      'X-Tenant': 'tenant-7f3a9c21', 'X-Gateway-Key': 'gw_0123456789', accept: 'application/json', authorization: `Bearer ${KEY}`,
      'user-agent': USER_AGENT, traceparent: TRACE,
    });
    expect(prepared.shownHeaders).toEqual({
      'X-Tenant': '[REDACTED]', 'X-Gateway-Key': '[REDACTED]', accept: 'application/json', authorization: 'Bearer <valid key>',
      'user-agent': USER_AGENT, traceparent: TRACE,
    });
  });

  it('never lets them take the place of the request\'s own headers, its credential\'s or the identifying ones, in any letter case', () => {
    const clashing = { target: settings.target, headers: { 'Accept': 'text/html', 'X-API-KEY': 'gateway', 'Authorization': 'Basic other', 'User-Agent': 'curl/8', 'TRACEPARENT': 'x', 'X-Tenant': 'tenant-7f3a9c21' } };
    const inAuthorization = prepareRequest(clashing, { method: 'GET', path: '/categories', headers: { accept: 'application/json' }, credential: bearer(validKey(KEY)) }, TRACE);
    expect(inAuthorization.headers).toEqual({
      'X-API-KEY': 'gateway', 'X-Tenant': 'tenant-7f3a9c21', accept: 'application/json', authorization: `Bearer ${KEY}`, 'user-agent': USER_AGENT, traceparent: TRACE,
    });
    // The AUTH checks send the valid key in X-API-Key: the check's credential goes, the run's header of that name does not.
    const inApiKey = prepareRequest(clashing, { method: 'GET', path: '/categories', credential: inHeader('X-API-Key', validKey(KEY)) }, TRACE);
    expect(inApiKey.headers).toEqual({
      Accept: 'text/html', Authorization: 'Basic other', 'X-Tenant': 'tenant-7f3a9c21', 'x-api-key': KEY, 'user-agent': USER_AGENT, traceparent: TRACE,
    });
    expect(inApiKey.shownHeaders).toMatchObject({ 'x-api-key': '<valid key>', 'X-Tenant': '[REDACTED]' });
  });

  it('leaves one out where the request leaves that header out on purpose (a parameter its check omits), in any letter case', () => {
    const prepared = prepareRequest(settings, { method: 'POST', path: '/categories', leftOut: ['x-tenant'] }, TRACE);
    expect(Object.keys(prepared.headers)).toEqual(['X-Gateway-Key', 'user-agent', 'traceparent']);
  });

  it('sends none without them', () => {
    expect(prepareRequest({ target: settings.target }, { method: 'GET', path: '/categories' }, TRACE).headers).toEqual({ 'user-agent': USER_AGENT, traceparent: TRACE });
  });
});

describe('prepareRequest, with a query', () => {
  const settings = { target: 'http://127.0.0.1:9/v1' };
  const query = 'tag=a%20b&tag=c&ids=1,2|3%7C4&filter[color]=red&p=100%25&q=%E7%8A%AC';

  it('sends it exactly as the checks wrote it (repeated names, delimiters, brackets, escapes), and shows it readable', () => {
    const prepared = prepareRequest(settings, { method: 'GET', path: '/categories', query }, TRACE);
    expect(prepared.path).toBe(`/v1/categories?${query}`);
    // Readable, but still the same URL to a parser: a `%` stays escaped, and so do the characters that delimit pairs
    // and items (an item's own `|`).
    expect(prepared.shownUrl).toBe('http://127.0.0.1:9/v1/categories?tag=a b&tag=c&ids=1,2|3%7C4&filter[color]=red&p=100%25&q=犬');
    expect(new URL(prepared.shownUrl).searchParams.getAll('p')).toEqual(['100%']);
  });

  it('adds a credential that travels in the query after it: its value sent, its description shown', () => {
    const prepared = prepareRequest(settings, { method: 'GET', path: '/categories', query, credential: inQuery('api_key', validKey(KEY)) }, TRACE);
    expect(prepared.path).toBe(`/v1/categories?${query}&api_key=${KEY}`);
    expect(prepared.shownUrl).toMatch(/&api_key=<valid key>$/);
    expect(prepared.shownUrl).not.toContain(KEY);
    const alone = prepareRequest(settings, { method: 'GET', path: '/categories', credential: inQuery('api_key', validKey(KEY)) }, TRACE);
    expect(alone.path).toBe(`/v1/categories?api_key=${KEY}`);
  });
});
