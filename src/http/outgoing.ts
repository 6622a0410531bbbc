import { UnsendableHeaderError } from '../core/errors.js';
import { unsendableInHeader } from '../core/header-text.js';
import { REDACTED } from '../core/secrets.js';
import type { ClientOptions } from './client.js';
import type { Credential } from './credential.js';
import { USER_AGENT } from './trace.js';

/**
 * What of the client's options shapes each request it prepares. The CLI's first contact prepares its request here
 * too, from the run's settings, so that an option read here reaches every request the run sends, the first one with
 * the others.
 */
export type RequestSettings = Pick<ClientOptions, 'target' | 'headers'>;

/**
 * One request to send. Everything is explicit: the client adds only Host, Content-Length, the run's headers for every
 * request (`--header`), under the request's own, and the headers that identify the suite's traffic: `user-agent` (see
 * {@link USER_AGENT}) and a `traceparent`. Those two replace any of the same name (in any letter case) in `headers`,
 * so that no check drops or alters them by accident.
 */
export interface OutgoingRequest {
  /** The spec operation it exercises (its key), for records. */
  readonly operation: string;
  readonly method: string;
  /** The path below the target, e.g. `/categories`. */
  readonly path: string;
  /**
   * The query as it is sent, without its `?`: `name=value` pairs, percent-encoded as each parameter's style writes
   * them (a repeated name, `|` between items, `filter[color]`), sent exactly so.
   */
  readonly query?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Headers the request leaves out on purpose (a parameter its check omits, to see it refused), by name in any letter
   * case: the run's header of such a name (`--header`) is not added either.
   */
  readonly leftOut?: readonly string[];
  readonly body?: string;
  readonly credential?: Credential;
}

/**
 * A request as it goes on the wire, with its credential's value, and as it is shown, with the credential's
 * description instead and the values of the run's headers for every request as `[REDACTED]` (`shown…`): records and
 * reports only ever see the shown one.
 */
export interface PreparedRequest {
  readonly method: string;
  /** The path and query on the target's origin, as sent. */
  readonly path: string;
  readonly shownUrl: string;
  readonly headers: Record<string, string>;
  readonly shownHeaders: Record<string, string>;
  readonly body?: string;
  readonly shownBody?: string;
}

/**
 * The request to send to the target (ending in its version segment): the run's headers for every request, under the
 * request's own; its query; its credential in the header, query parameter or body field it names; and the identifying
 * headers, last, carrying `traceparentValue`.
 */
export function prepareRequest(settings: RequestSettings, request: Omit<OutgoingRequest, 'operation'>, traceparentValue: string): PreparedRequest {
  const base = baseOf(settings);
  const url = new URL(base.pathname.replace(/\/+$/, '') + request.path, base);
  const credential = request.credential;
  let query = request.query ?? '';
  let shownQuery = query;
  if (credential?.place.kind === 'query') {
    const pair = (value: string) => `${encodeURIComponent(credential.place.name)}=${encodeURIComponent(value)}`;
    shownQuery = [query, pair(credential.shown)].filter((q) => q !== '').join('&');
    query = [query, pair(credential.value)].filter((q) => q !== '').join('&');
  }
  let shownUrl = url.href;
  if (query !== '') {
    // The URL's parser takes an encoded query as it is: what the checks wrote is what goes.
    const shown = new URL(url);
    shown.search = `?${shownQuery}`;
    shownUrl = shown.href;
    url.search = `?${query}`;
  }
  const identity: Record<string, string> = { 'user-agent': USER_AGENT, traceparent: traceparentValue };
  const own = Object.entries(request.headers ?? {}).filter(([name]) => !(name.toLowerCase() in identity));
  // A header the request sets itself is its check's to send, whatever the run adds: one name, one value.
  const taken = new Set([...own.map(([name]) => name), ...(credential?.place.kind === 'header' ? [credential.place.name] : []), ...Object.keys(identity),
    ...request.leftOut ?? []].map((name) => name.toLowerCase()));
  const extra = Object.entries(settings.headers ?? {}).filter(([name]) => !taken.has(name.toLowerCase()));
  const headers: Record<string, string> = Object.fromEntries([...extra, ...own]);
  const shownHeaders: Record<string, string> = Object.fromEntries([...extra.map(([name]) => [name, REDACTED]), ...own]);
  let body = request.body;
  let shownBody = request.body;
  if (credential?.place.kind === 'body') {
    const fields = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
    body = JSON.stringify({ ...fields, [credential.place.name]: credential.value });
    shownBody = JSON.stringify({ ...fields, [credential.place.name]: credential.shown });
  } else if (credential?.place.kind === 'header') {
    headers[credential.place.name] = credential.value;
    shownHeaders[credential.place.name] = credential.shown;
  }
  // Last, so that not even a credential's header can take their place.
  Object.assign(headers, identity);
  Object.assign(shownHeaders, identity);
  requireSendable(headers);
  // Shown URLs keep their <descriptions> readable instead of percent-encoded.
  return {
    method: request.method, path: url.pathname + url.search, shownUrl: decodeURIComponentSafe(shownUrl), headers, shownHeaders,
    ...(body !== undefined ? { body } : {}), ...(shownBody !== undefined ? { shownBody } : {}),
  };
}

/** Each settings' target, parsed once: the client prepares every request of the run from the same settings. */
const bases = new WeakMap<RequestSettings, URL>();

function baseOf(settings: RequestSettings): URL {
  let base = bases.get(settings);
  if (!base) bases.set(settings, (base = new URL(settings.target)));
  return base;
}

/** Throws when a header value holds a character HTTP cannot carry; names the header, never its value (a key's). */
function requireSendable(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    const bad = unsendableInHeader(value);
    if (bad) {
      throw new UnsendableHeaderError(`the suite built a ${name} header that HTTP cannot carry: ${bad.kind} (${bad.codePoint}) ` +
        `at character ${bad.position} of ${bad.length}; a bug in petstore-conformance`);
    }
  }
}

/**
 * A URL with its escapes decoded where that keeps it the same URL to whoever reads it again (a HAR reader, curl): not
 * those of characters that delimit its parts and pairs (decodeURI keeps them), nor `%25`, which would make a `%` that
 * a URL parser no longer reads back as it was, nor `%7C`, an item's `|` that a pipeDelimited value would take for its
 * delimiter.
 */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURI(text.replace(/%(25|7C)/gi, '%25$1'));
  } catch {
    return text;
  }
}
