/**
 * Answers a proxy made itself, told from those it forwarded: a proxy that cannot reach the target, or will not let the
 * run through, answers in the target's place, and its answer must not be judged as the target's. Pure: the first
 * contact, a spec's URL and the suites' transport read a response's headers with it, for a request that went through a
 * proxy only.
 */

/** A response's headers, as Node's client and undici give them: names in lower case. */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * What a proxy marks an answer of its own with, as `Name: value`, or undefined: an RFC 9209 `Proxy-Status` whose
 * member has an `error` parameter (`Proxy-Status: proxy.example; error=destination_unavailable`), squid's
 * `X-Squid-Error`, which it puts on every error page of its own, or tinyproxy's `Server` (its own pages carry it; a
 * forwarded answer keeps the target's). A forwarded answer carries none of them: a proxy that forwards adds `Via`, and
 * a `Proxy-Status` without an error, at most.
 */
export function proxyMark(headers: ResponseHeaders): string | undefined {
  const status = text(headers['proxy-status']);
  if (status !== undefined && /;\s*error\s*=/i.test(status)) return `Proxy-Status: ${status}`;
  const squid = text(headers['x-squid-error']);
  if (squid !== undefined) return `X-Squid-Error: ${squid}`;
  const server = text(headers['server']);
  if (server !== undefined && /^tinyproxy\b/i.test(server)) return `Server: ${server}`;
  return undefined;
}

/**
 * Whether an answer that came through a proxy is the proxy's own: one it marked (see {@link proxyMark}), a 407, or a
 * 401 that asks for the proxy's credentials (`Proxy-Authenticate`), as some proxies answer credentials they refuse.
 */
export function madeByProxy(status: number, headers: ResponseHeaders): boolean {
  return status === 407 || (status === 401 && headers['proxy-authenticate'] !== undefined) || proxyMark(headers) !== undefined;
}

/**
 * What a message about the proxy's own answer should show of its headers, ` (…)`, or nothing: its mark, and a
 * `Proxy-Authenticate` that asks for no Basic credentials (NTLM, Negotiate), the only ones the run can give.
 */
export function proxyAnswerNote(headers: ResponseHeaders): string {
  const challenge = text(headers['proxy-authenticate']);
  const notes = [proxyMark(headers), challenge !== undefined && !/(?:^|,)\s*basic\b/i.test(challenge) ? `Proxy-Authenticate: ${challenge}` : undefined];
  const shown = notes.filter((note) => note !== undefined);
  return shown.length === 0 ? '' : ` (${shown.join('; ')})`;
}

function text(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
