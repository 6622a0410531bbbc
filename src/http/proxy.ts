/**
 * Which proxy a request goes through, as the environment's proxy variables say: `HTTP_PROXY` for http URLs,
 * `HTTPS_PROXY` for https ones, `ALL_PROXY` for either where its own is not set (each in lower case first, as curl
 * reads them; a variable set blank is not set), and none for a host that `NO_PROXY` names. No address is exempt otherwise, this machine's included: a proxy is the only way out of many company
 * networks, and a run decides nothing by guessing which hosts it can reach without one. Pure: the CLI reads the
 * environment once and decides here; the worker is handed the decision (Settings.proxy), never the environment.
 */
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../core/errors.js';

/** The proxy variables a run reads, as the environment holds them (a snapshot, read once by the command). */
export type ProxyVariables = Readonly<Record<string, string | undefined>>;

/** A proxy requests go through: where it is, which variable named it, and the credentials it is sent. */
export interface Proxy {
  /** Its address without credentials (`http://proxy.example:3128`): what the console and the report show. */
  readonly url: string;
  /** The variable it came from, as it is spelt in the environment (`HTTPS_PROXY`, `https_proxy`). */
  readonly variable: string;
  /** The `Proxy-Authorization` its URL's credentials make (`Basic …`): a secret, never shown. */
  readonly authorization?: string;
}

/**
 * How a request reaches its target through a proxy: in a CONNECT tunnel (`tunnel`: an https target; the proxy sees the
 * host and port only), or handed to the proxy whole (`forward`: an http target's request in absolute form; the proxy
 * reads it all, and logs its URL, as proxies commonly do).
 */
export type ProxyRoute = 'tunnel' | 'forward';

/** The route of a request to `target` through `proxy`; undefined without one. */
export function proxyRouteOf(target: string, proxy: Proxy | undefined): ProxyRoute | undefined {
  if (proxy === undefined) return undefined;
  return target.startsWith('https:') ? 'tunnel' : 'forward';
}

/**
 * The variables of each scheme, in the order they are read: lower case first, as curl and undici read them; `ALL_PROXY`
 * (curl's, for every scheme) only where the scheme's own is not set.
 */
const ALL = ['all_proxy', 'ALL_PROXY'] as const;
const VARIABLES = { 'http:': ['http_proxy', 'HTTP_PROXY', ...ALL], 'https:': ['https_proxy', 'HTTPS_PROXY', ...ALL] } as const;
const NO_PROXY = ['no_proxy', 'NO_PROXY'] as const;

/** The variables that name a proxy, each once. */
const PROXY_URL_VARIABLES: readonly string[] = [...new Set([...VARIABLES['http:'], ...VARIABLES['https:']])];

/** Every variable a run reads of the proxy: what the CLI takes of the environment for {@link proxyFor}. */
export const PROXY_VARIABLES: readonly string[] = [...PROXY_URL_VARIABLES, ...NO_PROXY];

/**
 * The proxy a request to `url` goes through, or undefined: none set for its scheme (an https URL takes `HTTPS_PROXY`,
 * or `ALL_PROXY`, never `HTTP_PROXY`, as curl and Python's requests do), or `NO_PROXY` names its host. Throws a {@link UsageError} for a proxy
 * variable that holds no proxy this client can use, naming the variable, never its credentials.
 */
export function proxyFor(url: string | URL, env: ProxyVariables): Proxy | undefined {
  const target = typeof url === 'string' ? new URL(url) : url;
  const variable = variableFor(target, env);
  if (variable === undefined || exempt(target, first(env, NO_PROXY))) return undefined;
  return proxyOf(variable, env[variable] as string);
}

/** The NO_PROXY variable that exempts `url` from the proxy set for its scheme, for the console to say so; else undefined. */
export function bypassedBy(url: string | URL, env: ProxyVariables): string | undefined {
  const target = typeof url === 'string' ? new URL(url) : url;
  const noProxy = NO_PROXY.find((name) => isSet(env[name]));
  return variableFor(target, env) !== undefined && noProxy !== undefined && exempt(target, env[noProxy]) ? noProxy : undefined;
}

/** The proxy variable set for the URL's scheme, if any. */
function variableFor(url: URL, env: ProxyVariables): string | undefined {
  const scheme = url.protocol === 'https:' ? VARIABLES['https:'] : url.protocol === 'http:' ? VARIABLES['http:'] : undefined;
  return scheme?.find((name) => isSet(env[name]));
}

/** Whether a variable is set: as curl takes them, one set to nothing but white space is not. */
function isSet(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

/** `http://proxy.example:3128 (HTTPS_PROXY)`: the proxy as the console and the messages show it. */
export function shownProxy(proxy: Proxy): string {
  return `${proxy.url} (${proxy.variable})`;
}

/**
 * What of every proxy variable set must never be printed or written: the credentials in its URL (the password, the
 * user, both as `user:password`, whose base64 is the header sent) and the URL as written. Whether or not a run uses it,
 * and whether or not it parses (a password with an unencoded `/` or `#` in it makes a URL that does not).
 */
export function proxySecrets(env: ProxyVariables): string[] {
  return PROXY_URL_VARIABLES.flatMap((name) => {
    const value = env[name];
    const credentials = isSet(value) ? credentialsIn(value) : undefined;
    if (credentials === undefined) return [];
    const user = safeDecode(credentials.user);
    const password = safeDecode(credentials.password);
    return [value as string, `${user}:${password}`, password, user].filter((secret) => secret.length > 0);
  });
}

/**
 * The user and password a proxy variable's value holds, as written: what comes between its scheme and its last `@`
 * (a URL's user information ends at its last `@`), split at the first `:`. Read from the text, not from a parsed URL,
 * so that credentials a URL cannot hold as written are found too. Undefined without an `@`.
 */
function credentialsIn(value: string): { readonly user: string; readonly password: string } | undefined {
  const rest = value.trim().replace(SCHEME, '');
  const at = rest.lastIndexOf('@');
  if (at < 0) return undefined;
  const userinfo = rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  return colon < 0 ? { user: userinfo, password: '' } : { user: userinfo.slice(0, colon), password: userinfo.slice(colon + 1) };
}

/** A URL's scheme and the two slashes after it. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The proxy a variable names; a value that is none is a usage error, which never repeats its credentials. */
function proxyOf(variable: string, value: string): Proxy {
  const url = parseProxyUrl(value);
  const fix = `give it as http://host:port (with user:password@ before the host if the proxy asks for credentials)`;
  // A `/`, `?` or `#` in a password ends a URL's authority where it stands: what follows is taken for a path, or the
  // URL does not parse at all. Either way the proxy it names is not the one meant.
  if (!url || !url.hostname || misread(value)) {
    const encode = credentialsIn(value) === undefined ? ''
      : '; percent-encode the characters of the user name and password that a URL reserves (@ as %40, : as %3A, / as %2F, ? as %3F, # as %23, % as %25)';
    throw new UsageError(`${variable} holds no proxy URL ("${withoutCredentials(value)}"): ${fix}${encode}`);
  }
  if (url.protocol !== 'http:') {
    throw new UsageError(`${variable} names a ${url.protocol.replace(/:$/, '')} proxy (${withoutCredentials(value)}); petstore-conformance goes through an ` +
      `http proxy only (CONNECT for https targets): ${fix}`);
  }
  const user = safeDecode(url.username);
  const password = safeDecode(url.password);
  return {
    url: url.origin,
    variable,
    ...(user || password ? { authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` } : {}),
  };
}

/** Whether an `@` comes after the end of the value's authority (a `/`, `?` or `#`): credentials a URL reads otherwise. */
function misread(value: string): boolean {
  const rest = value.trim().replace(SCHEME, '');
  const end = rest.search(/[/?#]/);
  return end >= 0 && rest.indexOf('@', end) >= 0;
}

/** A proxy URL as curl reads one: without a scheme, http. Undefined when it does not parse. */
function parseProxyUrl(value: string): URL | undefined {
  const text = value.trim();
  try {
    return new URL(SCHEME.test(text) ? text : `http://${text}`);
  } catch {
    return undefined;
  }
}

/** A proxy variable's value for a message: all between its scheme and its last `@` (the credentials) left out. */
function withoutCredentials(value: string): string {
  const text = value.trim();
  const scheme = SCHEME.exec(text)?.[0] ?? '';
  const at = text.lastIndexOf('@');
  return at < 0 ? text : `${scheme}<credentials>@${text.slice(at + 1)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function first(env: ProxyVariables, names: readonly string[]): string | undefined {
  const name = names.find((n) => isSet(env[n]));
  return name === undefined ? undefined : env[name];
}

/**
 * Whether `NO_PROXY` names the URL's host, as curl reads it: entries separated by commas or white space; `*` alone
 * exempts every host; a host name exempts itself and every name below it (`example.com`: `api.example.com` too),
 * one with a leading dot (or `*.`) only the names below it; an IP address itself, a CIDR range (`10.0.0.0/8`) the
 * addresses in it (`[::1]/128` too), and an address only so, never as a name's suffix; `host:port` (`[::1]:8080`)
 * only that port. Letter case and a host's trailing dot do not matter.
 * Names are not resolved: `localhost` does not exempt 127.0.0.1.
 */
export function exempt(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return noProxy.split(/[\s,]+/).filter(Boolean).some((entry) => {
    if (entry === '*') return true;
    const { name, entryPort } = splitPort(entry.toLowerCase());
    if (entryPort !== undefined && entryPort !== port) return false;
    return matches(host, name);
  });
}

/**
 * An entry's host and port: `host:port`, `[v6]:port`, `[v6]`, `[v6]/bits` (a range, written as a URL writes the
 * address), or a bare IPv6 address (which keeps its colons).
 */
function splitPort(entry: string): { name: string; entryPort?: number } {
  const bracketed = /^\[([^\]]+)\](\/\d{1,3})?(?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: `${bracketed[1] as string}${bracketed[2] ?? ''}`, ...(bracketed[3] ? { entryPort: Number(bracketed[3]) } : {}) };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { name: withPort[1] as string, entryPort: Number(withPort[2]) };
  return { name: entry };
}

function matches(host: string, entry: string): boolean {
  const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
  if (cidr) {
    const [, network, bits] = cidr as unknown as [string, string, string];
    const family = isIP(network);
    if (family === 0 || isIP(host) !== family || Number(bits) > (family === 4 ? 32 : 128)) return false;
    const range = new BlockList();
    range.addSubnet(network, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    return range.check(host, family === 4 ? 'ipv4' : 'ipv6');
  }
  if (isIP(entry)) return isIP(host) !== 0 && sameAddress(host, entry);
  // An address is named by an address or a range, never as a name's suffix (`.0.0.1` is no name above 127.0.0.1), as curl reads it.
  if (isIP(host) !== 0) return false;
  const name = entry.replace(/^\*?\./, '').replace(/\.+$/, '');
  if (name === '') return false;
  const below = host.endsWith(`.${name}`);
  return /^\*?\./.test(entry) ? below : host === name || below;
}

/** Whether two IP addresses are one (`::1` and `0:0:0:0:0:0:0:1`). */
function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const family = isIP(a);
  if (family !== isIP(b)) return false;
  const list = new BlockList();
  list.addAddress(b, family === 4 ? 'ipv4' : 'ipv6');
  return list.check(a, family === 4 ? 'ipv4' : 'ipv6');
}
