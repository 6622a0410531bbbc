import { ClientCertificateError, KeyRefusedError, ProxyError, TargetUnreachableError, type ConformanceError } from '../core/errors.js';
import type { TransportError } from '../http/exchange.js';
import { firstContact, speaksTls, type FirstContactOptions } from '../http/first-contact.js';
import { CLIENT_CERTIFICATE_REFUSED, CLIENT_CERTIFICATE_REQUIRED, INTERRUPTED, PROXY_REFUSED, PROXY_TIMEOUT, PROXY_UNREACHABLE } from '../http/failure.js';
import { shownProxy, type Proxy } from '../http/proxy.js';
import type { Operation } from '../spec/types.js';
import { acceptOf } from '../spec/media-types.js';

/** The longest the first contact waits for a TLS handshake, to tell an https server from a broken http one. */
const TLS_PROBE_MS = 2000;

/** The key to try on the first contact, where it came from (for the message), and the spec's operations. */
export interface KeyToTry {
  readonly key: string;
  /** `PETSTORE_API_KEY`, or `the key in --api-key-file <file>`. */
  readonly source: string;
  readonly operations: readonly Operation[];
}

/**
 * Makes sure the target can be reached before any check runs: a target that cannot be connected to (refused,
 * unknown host, TLS failure), a proxy that cannot be reached or refuses the run, a client certificate the target
 * requires and was not given, or refuses, stop the run as not carried out, rather than failing every check. Sends a GET to the list
 * (the spec's, with the Accept its checks send), which changes nothing (see http/first-contact.ts), with the key when `key` is given: a target that answers it with
 * 401, and every other operation the spec lists that a GET can try (nothing is written before the checks), refuses the
 * key itself, and the run stops too: a wrong key would otherwise read as a server that breaks AUTH-3 everywhere. An
 * interruption ends the wait: the run that follows sees the signal and reports itself incomplete.
 */
export async function ensureReachable(target: string, settings: Omit<FirstContactOptions, 'target' | 'authorization' | 'accept'>, list: Operation, signal?: AbortSignal, key?: KeyToTry): Promise<void> {
  const listPath = list.path;
  const options: FirstContactOptions = { ...settings, target, accept: acceptOf(list), ...(key ? { authorization: `Bearer ${key.key}` } : {}) };
  const first = await firstContact(listPath, options, signal);
  // A server that refuses a client certificate may do it by closing the connection, without an alert (Node's does):
  // under TLS 1.3 once the client's handshake is done, under TLS 1.2 before. One that then asks for a certificate when
  // given none refuses this one.
  const certificate = options.clientCertificate;
  const closed = first.broken ?? (first.failure && closedInHandshake(first.failure) ? first.failure : undefined);
  if (closed && certificate && target.startsWith('https:')) {
    const { clientCertificate: _, ...withoutCertificate } = options;
    if (asksForCertificate((await firstContact(listPath, withoutCertificate, signal)).failure)) {
      throw new ClientCertificateError(`the target ${target} closed the connection when given the client certificate ${certificate.shown} ` +
        `(${closed.code}), and asks for a certificate without one: it refuses that one; ${REISSUE}`);
    }
  }
  if (first.failure && first.failure.code !== INTERRUPTED) throw unreachable(first.failure, options);
  // A server that speaks https hangs up on a plain request: every check would fail HTTP-1 for the scheme of --target.
  // The handshake of one that does takes milliseconds; a target that hangs it is for the checks to judge. (Through a
  // proxy, the proxy answers: the address is not tried directly.)
  if (first.broken && target.startsWith('http:') && !options.proxy && await speaksTls(target, Math.min(settings.timeoutMs, TLS_PROBE_MS))) {
    throw new TargetUnreachableError(`the target ${target} speaks https, not http (it closed the connection on a plain ` +
      `HTTP request, ${first.broken.code}, and completed a TLS handshake): give --target ${withHttps(target)}`);
  }
  if (!key || first.status !== 401) return;
  const tried = [`GET ${listPath}`];
  for (const op of key.operations.filter((o) => o.method === 'GET' && o.requiresBearer && o.path !== listPath)) {
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    if ((await firstContact(path, { ...options, accept: acceptOf(op) }, signal)).status !== 401) return;
    tried.push(`GET ${path}`);
  }
  throw new KeyRefusedError(`the target refuses the key on every operation (401 to ${tried.join(' and ')}; nothing is written to find out): ` +
    `check ${key.source}${namedAssignment(key.key)}`);
}

/** A hint when the key reads as a shell assignment (`PETSTORE_API_KEY=…` copied into a key file whole). */
function namedAssignment(key: string): string {
  const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(key)?.[1];
  return name ? ` (it starts with "${name}=": give the key alone)` : '';
}

/** A connection closed while its TLS handshake was under way (Node: "…disconnected before secure TLS connection…"). */
function closedInHandshake(failure: TransportError): boolean {
  return failure.code === 'CONNECTION_RESET' && /before secure TLS connection/.test(failure.message);
}

/**
 * Whether a first contact without a client certificate failed for the want of one: TLS 1.3's "certificate required"
 * alert, or under TLS 1.2, where a server that requires a certificate and is given none ends the handshake itself, its
 * "handshake failure".
 */
function asksForCertificate(failure: TransportError | undefined): boolean {
  return failure !== undefined && (failure.code === CLIENT_CERTIFICATE_REQUIRED || isHandshakeFailure(failure));
}

/** A TLS handshake the server ended with OpenSSL's "handshake failure" alert. */
function isHandshakeFailure(failure: TransportError): boolean {
  return /HANDSHAKE_FAILURE/.test(failure.code) || /alert handshake failure/.test(failure.message);
}

/** The same address with https: the port it was reached on kept (http's default, 80, written out). */
function withHttps(target: string): string {
  const url = new URL(target);
  const port = url.port || '80';
  url.protocol = 'https:';
  url.port = port;
  return `${url.origin}${url.pathname}`;
}

/** Why a proxy may fail to reach a target behind mutual TLS that the run reaches with its client certificate. */
const INSPECTED = ' (a proxy that inspects TLS opens a connection of its own to the target, without the client certificate: ask its operators to let it through uninspected)';

/** What to do about a client certificate the target refused. */
const REISSUE = 'check that --client-cert is the certificate its operators issued for this client (from the CA the target trusts) and has not been revoked';

/**
 * Why the first contact made no connection, as the error that stops the run: the proxy's failure, a client certificate
 * the target required or refused, or the target that could not be reached, each with its fix.
 */
function unreachable(failure: TransportError, options: FirstContactOptions): ConformanceError {
  const { target, proxy, clientCertificate: certificate } = options;
  if (failure.code === PROXY_UNREACHABLE && proxy) {
    return new ProxyError(`${failure.message}; check the proxy's address in ${proxy.variable}, or name ${new URL(target).hostname} in NO_PROXY to reach the target directly`);
  }
  if (failure.code === PROXY_TIMEOUT && proxy) {
    return new ProxyError(`${failure.message}; check that ${proxy.variable} names the proxy, and that it is working (or give it longer with --timeout)`);
  }
  if (failure.code === PROXY_REFUSED && proxy) {
    const status = / with (\d{3})\b/.exec(failure.message)?.[1];
    // A 401 that reaches here is the proxy's (it asked for its own credentials, or marked it), as some answer the
    // credentials they refuse.
    const fix = status === '407' || status === '401' ? credentialsFix(proxy, failure.message)
      : status === '403' ? `it does not let the run through to the target: ask its operators, or name ${new URL(target).hostname} in NO_PROXY if it can be reached directly`
        : `it could not reach the target: check --target, and that the proxy can reach it${certificate && target.startsWith('https:') ? INSPECTED : ''}`;
    return new ProxyError(`${failure.message}; ${fix}`);
  }
  // The alert, as the failure's message names it (`TLS alert "unknown ca"`), or the answer that said it in its place
  // (`it answered 400 "No required SSL certificate was sent"`).
  const alert = /TLS alert "[^"]*"|it answered \d{3}(?: "[^"]*")?/.exec(failure.message)?.[0] ?? failure.code;
  if (failure.code === CLIENT_CERTIFICATE_REQUIRED) {
    return new ClientCertificateError(certificate
      ? `the target ${target} requires a TLS client certificate, and did not take ${certificate.shown} (${alert}); ${REISSUE}`
      : `the target ${target} requires a TLS client certificate, and none was given (${alert}): give --client-cert <file> and --client-key <file>`);
  }
  if (failure.code === CLIENT_CERTIFICATE_REFUSED) {
    return new ClientCertificateError(`the target ${target} refused the client certificate${certificate ? ` ${certificate.shown}` : ''} (${alert}); ${REISSUE}`);
  }
  return new TargetUnreachableError(`cannot reach the target ${target}${proxy ? ` through the proxy ${shownProxy(proxy)}` : ''}: ${failure.code} (${failure.message}); ` +
    fixFor(failure, target, { certificate: certificate !== undefined, ca: options.ca !== undefined }));
}

/**
 * What to do about a proxy that asks for credentials: give them, check them, or, for a proxy that asks for credentials
 * of another scheme than Basic (NTLM, Negotiate: the failure's message shows its Proxy-Authenticate then), go through
 * one that takes Basic ones, the only ones the run gives.
 */
function credentialsFix(proxy: Proxy, message: string): string {
  const challenge = /Proxy-Authenticate: ([^;)]*)/.exec(message)?.[1];
  if (challenge !== undefined) {
    return `it asks for credentials of another scheme than Basic (${challenge}), and petstore-conformance gives a proxy only Basic credentials, ` +
      `from the user:password@ of ${proxy.variable}: go through a proxy that takes them (a local one in front of it, as cntlm or px are)`;
  }
  return proxy.authorization === undefined
    ? `it asks for credentials: give them in ${proxy.variable} (http://user:password@host:port)`
    : `it refused the credentials in ${proxy.variable}: check them (percent-encode @, : and / in them)`;
}

/**
 * What to do about a connection failure, by its code (`given`: whether the run presented a client certificate, and
 * trusted a CA of its own, `--ca`).
 */
function fixFor(failure: TransportError, target: string, given: { readonly certificate: boolean; readonly ca: boolean }): string {
  const code = failure.code;
  const skip = 'or skip verification with --insecure';
  // The certificate did not verify: the handshake itself worked. Trusting a CA mends neither a name nor a date.
  if (/ALTNAME|HOSTNAME/.test(code)) return `give --target a host name the certificate names, or have it reissued for ${new URL(target).hostname}, ${skip}`;
  if (code === 'CERT_HAS_EXPIRED') return `renew the target's certificate, ${skip}`;
  if (code === 'CERT_NOT_YET_VALID') return `check this machine's clock and the certificate's dates, ${skip}`;
  if (/CERT|SIGNATURE|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/.test(code)) {
    return given.ca ? `the CA given with --ca does not verify it either: give --ca the CA that issued the target's certificate (the root of its chain), ${skip}`
      : `trust its CA with --ca <file>, ${skip}`;
  }
  // Under TLS 1.2 a server that requires a client certificate and is given none fails the handshake itself.
  if (!given.certificate && isHandshakeFailure(failure)) {
    return 'the server ended the TLS handshake (handshake failure): it may require a client certificate (give --client-cert <file> and ' +
      '--client-key <file>), or share no TLS version or cipher with this client';
  }
  // No TLS handshake at all: most often an https:// target whose server speaks plain http.
  if (/TLS|SSL|EPROTO/.test(code)) {
    return `the TLS handshake failed: check that the server at --target speaks https (for plain HTTP, give --target ${target.replace(/^https:/, 'http:')})`;
  }
  return 'check --target and that the server is running';
}
