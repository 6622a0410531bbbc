import { describe, expect, it } from 'vitest';
import { suiteVersion } from '../../src/core/package-info.js';
import { newSpanId, newTraceId, TRACEPARENT, traceparent, USER_AGENT } from '../../src/http/trace.js';
import { buildHar } from '../../src/report/har.js';
import type { CheckResult, Exchange, RunReport } from '../../src/results/run-report.js';
import { harProblems } from '../support/har.js';

const TRACE = 'a'.repeat(31) + '1';
const headers = (span: string) => ({ accept: 'application/json', authorization: 'Bearer <valid key>', 'user-agent': USER_AGENT, traceparent: traceparent(TRACE, span) });

const list: Exchange = {
  id: 'list-1', operation: 'GET /categories', startedAt: '2026-01-01T00:00:00.200Z', durationMs: 3.4,
  request: { method: 'GET', url: 'http://127.0.0.1:9/v1/categories?limit=2&name=a b', headers: headers('0000000000000001') },
  response: { status: 200, headers: { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }, body: '[]', bodyBytes: 2 },
};
const create: Exchange = {
  id: 'create-1', operation: 'POST /categories', startedAt: '2026-01-01T00:00:00.100Z', durationMs: 12,
  request: {
    method: 'POST', url: 'http://127.0.0.1:9/v1/categories?access_token=<valid key>', headers: { ...headers('0000000000000002'), 'content-type': 'application/json' },
    body: '{"name":"🐕"}', credential: { place: { kind: 'query', name: 'access_token' }, shell: '${PETSTORE_API_KEY}' },
  },
  response: { status: 201, headers: { 'content-type': 'application/json', location: '/v1/categories/1' }, body: 'x'.repeat(10), bodyBytes: 100_000, bodyTruncated: true },
  retries: [{ status: 429, waitedMs: 5 }],
};
const timedOut: Exchange = {
  id: 'create-2', operation: 'POST /categories', startedAt: '2026-01-01T00:00:00.300Z', durationMs: 1000,
  request: { method: 'POST', url: 'http://127.0.0.1:9/v1/categories', headers: headers('0000000000000003'), body: 'y'.repeat(10), bodyTruncated: true },
  transportError: { code: 'TIMEOUT', phase: 'headers', message: 'no complete response within 1000 ms' },
};

function result(rule: string, check: string, exchanges: Exchange[]): CheckResult {
  return { rule, level: 'MUST', suite: 'test', check, outcome: 'passed', durationMs: 1, exchanges, exchangeCount: exchanges.length, kind: 'check' };
}
const report = {
  runId: 'r1', target: 'http://127.0.0.1:9/v1', suiteVersion, startedAt: '2026-01-01T00:00:00.000Z', summary: { requests: 7 },
  results: [result('LIST-1', 'a list', [list]), result('CREATE-1', 'a create', [create, timedOut, list])],
} as unknown as RunReport;

describe('traceparent', () => {
  it('is version 00, a random trace id and span id (never all zeros), sampled', () => {
    const traces = new Set(Array.from({ length: 50 }, newTraceId));
    const spans = new Set(Array.from({ length: 50 }, newSpanId));
    expect(traces.size).toBe(50);
    expect(spans.size).toBe(50);
    for (const trace of traces) expect(trace).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    for (const span of spans) expect(span).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
    expect(traceparent(newTraceId(), newSpanId())).toMatch(TRACEPARENT);
    expect(TRACEPARENT.source).toBe('^00-[0-9a-f]{32}-[0-9a-f]{16}-01$');
  });

  it('goes with a User-Agent naming the suite and its version', () => {
    expect(USER_AGENT).toBe(`petstore-conformance/${suiteVersion}`);
  });
});

describe('report.har', () => {
  const har = buildHar(report);

  it('fits HAR 1.2', () => {
    expect(harProblems(har)).toEqual([]);
    expect(harProblems(JSON.parse(JSON.stringify(har)))).toEqual([]);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'petstore-conformance', version: suiteVersion });
  });

  it('holds every recorded exchange once, in the order sent, with the checks that show it', () => {
    expect(har.log.entries.map((e) => e._id)).toEqual(['create-1', 'list-1', 'create-2']);
    expect(har.log.entries[1]?._checks).toEqual(['LIST-1 a list', 'CREATE-1 a create']);
    expect(har.log.entries.map((e) => e.startedDateTime)).toEqual([create.startedAt, list.startedAt, timedOut.startedAt]);
  });

  it('keeps the headers as recorded: the User-Agent, the traceparent, the credential described', () => {
    const [first] = har.log.entries;
    expect(first?.request.headers).toContainEqual({ name: 'user-agent', value: USER_AGENT });
    expect(first?.request.headers).toContainEqual({ name: 'traceparent', value: `00-${TRACE}-0000000000000002-01` });
    expect(first?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer <valid key>' });
    expect(first?.request.url).toBe('http://127.0.0.1:9/v1/categories?access_token=%3Cvalid%20key%3E');
    expect(first?.request.queryString).toEqual([{ name: 'access_token', value: '<valid key>' }]);
    expect(har.log.entries[1]?.request.queryString).toEqual([{ name: 'limit', value: '2' }, { name: 'name', value: 'a b' }]);
    expect(har.log.entries[1]?.response.headers.filter((h) => h.name === 'set-cookie').map((h) => h.value)).toEqual(['a=1', 'b=2']);
  });

  it('gives bodies their sizes, and says when only part was recorded', () => {
    const [first, second, third] = har.log.entries;
    expect(first?.request.postData).toEqual({ mimeType: 'application/json', text: '{"name":"🐕"}' });
    expect(first?.request.bodySize).toBe(Buffer.byteLength('{"name":"🐕"}'));
    expect(first?.response).toMatchObject({ status: 201, statusText: 'Created', redirectURL: '/v1/categories/1', bodySize: 100_000 });
    expect(first?.response.content).toMatchObject({ size: 100_000, mimeType: 'application/json', text: 'x'.repeat(10) });
    expect(first?.response.content.comment).toMatch(/only the first/);
    expect(second?.request.postData).toBeUndefined();
    expect(second?.request.bodySize).toBe(0);
    expect(third?.request.bodySize).toBe(-1);
    expect(third?.request.postData?.comment).toMatch(/only the first/);
  });

  it('gives a request without a response status 0 and its transport error', () => {
    const entry = har.log.entries[2];
    expect(entry?.response).toMatchObject({ status: 0, statusText: '', headers: [], content: { size: 0 } });
    expect(entry?._error).toBe('TIMEOUT while waiting for the response: no complete response within 1000 ms');
    expect(entry?.timings).toMatchObject({ send: 0, wait: 1000, receive: 0 });
    expect(entry?.time).toBe(1000);
  });

  it('is checked by a validator that finds what HAR 1.2 lacks', () => {
    const broken = structuredClone(har) as unknown as { log: { version: string; entries: Record<string, unknown>[] } };
    broken.log.version = '1.1';
    delete broken.log.entries[0]?.['cache'];
    (broken.log.entries[1] as { timings: { wait: number } }).timings.wait = -1;
    delete (broken.log.entries[2] as { response: Record<string, unknown> }).response['status'];
    const problems = harProblems(broken);
    expect(problems).toContainEqual(expect.stringMatching(/^\/log\/version /));
    expect(problems).toContainEqual(expect.stringMatching(/^\/log\/entries\/0 must have required property 'cache'/));
    expect(problems).toContainEqual(expect.stringMatching(/^\/log\/entries\/1\/timings\/wait /));
    expect(problems).toContainEqual(expect.stringMatching(/^\/log\/entries\/2\/response must have required property 'status'/));
    const unsummed = structuredClone(har) as unknown as { log: { entries: { time: number }[] } };
    (unsummed.log.entries[0] as { time: number }).time += 1;
    expect(harProblems(unsummed)).toEqual([expect.stringMatching(/^\/log\/entries\/0 time .* is not the sum of its timings/)]);
  });
});
