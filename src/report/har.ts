import { STATUS_CODES } from 'node:http';
import { titleOf, type Exchange, type RunReport } from '../results/run-report.js';

/**
 * report.har: the run's recorded exchanges as an HTTP Archive (HAR 1.2), which browser developer tools (the Network
 * panel's import) and HTTP clients open. It holds what report.json holds, no more: the exchanges each check kept (up to
 * 12 a check, see CheckContext), each once however many checks show it, in the order they were sent; requests with a
 * credential show its description, not its value, and write.ts passes the file through the redactor as every report.
 *
 * Fields HAR has and the suite does not measure are -1, as the format asks (header sizes, the parts of a request's
 * time before it was sent); the whole of an exchange's time, retries included, is its `wait`. Beyond the format
 * (`_` fields, which HAR readers ignore): each entry's exchange id, operation and the checks that show it, and for a
 * request that got no complete response (status 0) the transport error, in `_error` as browsers write theirs.
 */
export interface Har {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly comment: string;
    readonly entries: readonly HarEntry[];
  };
}

export interface HarHeader {
  readonly name: string;
  readonly value: string;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly never[];
    readonly headers: readonly HarHeader[];
    readonly queryString: readonly HarHeader[];
    readonly postData?: { readonly mimeType: string; readonly text: string; readonly comment?: string };
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly never[];
    readonly headers: readonly HarHeader[];
    readonly content: { readonly size: number; readonly mimeType: string; readonly text?: string; readonly comment?: string };
    readonly redirectURL: string;
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly blocked: -1; readonly dns: -1; readonly connect: -1; readonly ssl: -1; readonly send: number; readonly wait: number; readonly receive: number };
  readonly _id: string;
  readonly _operation: string;
  readonly _checks: readonly string[];
  readonly _error?: string;
}

/** The suite speaks HTTP/1.1 only (undici's pool). */
const HTTP_VERSION = 'HTTP/1.1';

/** The HAR of a run's recorded exchanges. */
export function buildHar(report: RunReport): Har {
  const byId = new Map<string, { exchange: Exchange; checks: string[] }>();
  for (const result of report.results) {
    for (const exchange of result.exchanges) {
      const seen = byId.get(exchange.id);
      if (seen) {
        if (!seen.checks.includes(titleOf(result))) seen.checks.push(titleOf(result));
      } else {
        byId.set(exchange.id, { exchange, checks: [titleOf(result)] });
      }
    }
  }
  const entries = [...byId.values()]
    .map(({ exchange, checks }) => entryOf(exchange, checks, report.startedAt))
    .sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return {
    log: {
      version: '1.2',
      creator: { name: 'petstore-conformance', version: report.suiteVersion },
      comment: `Run ${report.runId} against ${report.target}: the ${entries.length} exchanges report.json keeps (up to 12 a check) of the ${report.summary.requests} requests sent. ` +
        'Credentials are shown as descriptions (<valid key>), never as sent.',
      entries,
    },
  };
}

function entryOf(exchange: Exchange, checks: readonly string[], runStartedAt: string): HarEntry {
  const { request, response, transportError } = exchange;
  const requestHeaders = Object.entries(request.headers).map(([name, value]) => ({ name, value }));
  const requestType = headerValue(request.headers, 'content-type');
  const requestBodySize = request.body === undefined ? 0 : request.bodyTruncated ? -1 : Buffer.byteLength(request.body, 'utf8');
  const responseHeaders = response
    ? Object.entries(response.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })))
    : [];
  const time = Math.max(0, exchange.durationMs);
  const doing = transportError && { body: 'reading the body', connect: 'connecting', headers: 'waiting for the response' }[transportError.phase];
  return {
    // Reports from before exchanges recorded when they started hold none: the run's start stands in.
    startedDateTime: exchange.startedAt ?? runStartedAt,
    time,
    request: {
      method: request.method,
      url: hrefOf(request.url),
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: requestHeaders,
      queryString: queryOf(request.url),
      ...(request.body !== undefined ? {
        postData: {
          mimeType: requestType ?? '',
          text: request.body,
          ...(request.bodyTruncated ? { comment: 'only the first 65536 characters were recorded' } : {}),
        },
      } : {}),
      headersSize: -1,
      bodySize: requestBodySize,
    },
    response: response ? {
      status: response.status,
      statusText: STATUS_CODES[response.status] ?? '',
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: responseHeaders,
      content: {
        size: response.bodyBytes,
        mimeType: headerValue(response.headers, 'content-type') ?? 'x-unknown',
        text: response.body,
        ...(response.bodyTruncated ? { comment: `only the first 65536 characters of ${response.bodyBytes} bytes were recorded` } : {}),
      },
      redirectURL: headerValue(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.bodyBytes,
    } : {
      status: 0,
      statusText: '',
      httpVersion: '',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
    _id: exchange.id,
    _operation: exchange.operation,
    _checks: checks,
    ...(transportError ? { _error: `${transportError.code} while ${doing}: ${transportError.message}` } : {}),
  };
}

function headerValue(headers: Readonly<Record<string, string | readonly string[]>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : value[0];
  }
  return undefined;
}

/**
 * The URL as a URL parser writes it: report.json records URLs with their descriptions readable (`<valid key>`), which
 * HAR readers (and HTTP clients importing it) would take as invalid; here they are percent-encoded.
 */
function hrefOf(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** The URL's query parameters, decoded; none when the recorded URL does not parse. */
function queryOf(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}
