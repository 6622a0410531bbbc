import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { UsageError } from '../core/errors.js';
import { unsendableInToken } from '../core/header-text.js';
import { fetchDocument } from '../http/fetch-document.js';
import { PROXY_VARIABLES, proxyFor, proxySecrets, type ProxyVariables } from '../http/proxy.js';
import { CLIENT_KEY_PASSPHRASE_ENV, type ClientCertificate, type TlsSettings } from '../http/tls.js';
import type { Settings } from '../protocol/settings.js';
import type { FetchDocument } from '../spec/files.js';
import type { LoadedSpec } from '../spec/load.js';
import { API_KEY_ENV, PRODUCTION_NAMES, type NetworkOptions, type RunConfig } from './options.js';

/**
 * How the run reaches the network, as its options and the environment say (read once, here, before the spec, which
 * may be a URL fetched with them): the CA it trusts besides the system's, whether it verifies certificates, the client
 * certificate it presents, and the environment's proxy variables.
 */
export interface Network extends TlsSettings {
  readonly insecure: boolean;
  /** The proxy variables as the environment held them: each URL's proxy is decided from them (http/proxy.ts). */
  readonly proxyVariables: ProxyVariables;
  /** What of these must never be printed or written: the client key and its passphrase, the proxies' credentials. */
  readonly secrets: readonly string[];
}

/**
 * The {@link Network} of a run, or of `rules --spec <url>`: the environment's proxy variables, and the files the
 * options name read and checked, each problem a usage error of one line.
 */
export async function networkOf(options: NetworkOptions, env: NodeJS.ProcessEnv): Promise<Network> {
  const proxyVariables = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, env[name]]));
  const clientCertificate = await readClientCertificate(options, env);
  return {
    insecure: options.insecure,
    ...(options.caFile !== undefined ? { ca: await trustedBesidesTheSystems(options.caFile, env) } : {}),
    ...(clientCertificate ? { clientCertificate } : {}),
    proxyVariables,
    secrets: [
      ...proxySecrets(proxyVariables),
      ...(clientCertificate ? [clientCertificate.key, ...(clientCertificate.passphrase !== undefined ? [clientCertificate.passphrase] : [])] : []),
    ],
  };
}

/**
 * How a spec given as a URL, and the files its `$ref`s name there, are fetched: as the target is reached (the run's
 * TLS settings and client certificate, the proxy the environment names for each URL), within the run's deadline,
 * bounded in size, following a few redirects.
 */
export function specFetcher(network: Network, timeoutMs: number): FetchDocument {
  return async (url) => {
    const { bytes, finalUrl } = await fetchDocument(url, { ...network, timeoutMs, what: 'the spec' });
    return { bytes, url: finalUrl };
  };
}

/**
 * The run's settings against this target: what the command line decided, with what it reaches the network by
 * (`network`, absent for selftest, which takes none of it) and whether the run may write decided. A deployment's
 * requests go through the proxy the environment names for it; the bundled reference, the run's own server on this
 * machine, is reached directly.
 */
export function settingsFor(config: RunConfig, spec: LoadedSpec, target: string, network?: Network): Settings {
  requireSpecVersionSegment(spec, target);
  const readOnly = readOnlyReason(config, spec, target);
  const proxy = network && config.target.kind === 'url' ? proxyFor(target, network.proxyVariables) : undefined;
  return {
    ...config.settings,
    ...(network?.ca !== undefined ? { ca: network.ca } : {}),
    ...(network?.clientCertificate ? { clientCertificate: network.clientCertificate } : {}),
    ...(proxy ? { proxy } : {}),
    ...(readOnly ? { readOnly } : {}),
  };
}

/**
 * The target must end in the version segment the spec's servers end in (the contract's `/v1`): a /v2 deployment
 * checked against the v1 contract would fail for being another version, not for breaking this one, and a target
 * without its version segment would be sent requests the deployment does not serve. A spec whose servers name the host
 * only (the version written into its paths) asks for none.
 */
function requireSpecVersionSegment(spec: LoadedSpec, target: string): void {
  const segmentOf = (url: string) => /\/(v\d+)\/*$/.exec(url)?.[1];
  const expected = [...new Set(spec.model.servers.map((s) => segmentOf(s.url)).filter((v) => v !== undefined))];
  const given = segmentOf(target);
  if (expected.length === 0 || (given !== undefined && expected.includes(given))) return;
  if (given !== undefined) {
    throw new UsageError(`--target ends in /${given}, but the spec's servers end in /${expected.join(' or /')}: ` +
      `point --target at the /${expected[0]} address, or give that version's spec with --spec`);
  }
  const url = new URL(target);
  throw new UsageError(`--target must end in the version segment, e.g. ${url.origin}${suggestedPath(spec, url.pathname.replace(/\/+$/, ''), expected[0] as string)} ` +
    `(the spec's servers end in /${expected.join(' or /')})`);
}

/**
 * The path a target probably meant: a version segment in capitals in lower case; an operation's path given with it
 * (`/v1/categories`) without that path; else the version segment after what was given.
 */
function suggestedPath(spec: LoadedSpec, path: string, segment: string): string {
  if (new RegExp(`/${segment}$`, 'i').test(path)) return path.replace(new RegExp(`/${segment}$`, 'i'), `/${segment}`);
  const operation = spec.model.operations.map((op) => op.path.replace(/\{[^}]+\}/g, '[^/]+')).find((p) => new RegExp(`/${segment}${p}$`).test(path));
  if (operation) return path.replace(new RegExp(`${operation}$`), '');
  return `${path}/${segment}`;
}

/**
 * Why the run may not create anything, and how that is lifted, or undefined: --read-only, or a production target
 * (the spec's server described as production, or --env production) without --allow-writes.
 */
function readOnlyReason(config: RunConfig, spec: LoadedSpec, target: string): string | undefined {
  if (config.readOnly) return '--read-only was given';
  if (config.allowWrites) return undefined;
  const lift = '--allow-writes lifts this';
  if (config.env !== undefined && PRODUCTION_NAMES.includes(config.env)) return `the target is production (--env ${config.env}); ${lift}`;
  const production = spec.model.servers.find((s) => /production/i.test(s.description ?? '') && sameAddress(s.url, target));
  return production ? `the target is the spec's production server (${production.url}); ${lift}` : undefined;
}

/**
 * Whether two base URLs address the same place: parsed, so default ports, letter case and dot segments do not matter,
 * nor a host name's trailing dot (`petstore.example.com.` is the same host, fully qualified).
 */
function sameAddress(a: string, b: string): boolean {
  const normal = (text: string) => {
    try {
      const url = new URL(text);
      url.hostname = url.hostname.replace(/\.+$/, '');
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return text;
    }
  };
  return normal(a) === normal(b);
}

/**
 * The API key: from --api-key-file or PETSTORE_API_KEY, alike: one trailing line break dropped (a file's last line
 * ends in one, and so does a secret pasted with its line), anything else as written. Never from the command line,
 * where process lists and shell history would show it.
 */
export async function apiKeyOf(config: RunConfig, env: NodeJS.ProcessEnv): Promise<string> {
  const fromFile = config.apiKeyFile !== undefined;
  const source = fromFile ? `--api-key-file ${config.apiKeyFile}` : API_KEY_ENV;
  const text = fromFile ? await readText(config.apiKeyFile as string, '--api-key-file') : env[API_KEY_ENV];
  if (text === undefined) throw new UsageError(`${API_KEY_ENV} is not set: export the target's API key in it (it is sent as "Authorization: Bearer <key>"), or give --api-key-file`);
  const key = text.replace(/\r?\n$/, '');
  if (!key) throw new UsageError(`${source} is empty: it must hold the target's API key`);
  return sendable(key, source);
}

/**
 * The key, if a bearer token can carry every character of it; else the place of the first that it cannot and what
 * kind it is (never the key, nor the character itself), and whether it is before, inside or after the key. A key
 * undici cannot send would hang the run (see core/header-text.ts), and a key sent other than as written is refused by
 * the target for no fault of its own.
 */
function sendable(key: string, source: string): string {
  const bad = unsendableInToken(key);
  if (!bad) return key;
  const where = bad.position === 1 && /^\s/.test(key) ? 'before the key' : bad.position > [...key.trimEnd()].length ? 'after the key' : 'inside the key';
  throw new UsageError(`${source} holds ${bad.kind} ${where} (${bad.codePoint}, character ${bad.position} of ${bad.length}), ` +
    'which a bearer token in an HTTP header cannot carry: check how the key was written, and remove it');
}

/**
 * What is wrong with how a file that holds a secret is kept (--api-key-file's key, --client-key's private key), or
 * undefined: one others on the machine can read (group or world) has as good as leaked, as ssh says of a private key.
 * Said, not refused: the run is the user's to make.
 */
export async function keyFileExposure(path: string, flag: '--api-key-file' | '--client-key'): Promise<string | undefined> {
  if (process.platform === 'win32') return undefined; // modes there are not POSIX permissions
  const mode = (await stat(path)).mode & 0o777;
  if ((mode & 0o044) === 0) return undefined;
  return `${flag} ${path} can be read by other users of this machine (mode ${mode.toString(8).padStart(4, '0')}): chmod 600 ${path}`;
}

/**
 * The CAs trusted besides the system's once --ca is given: its file's, and those of the file NODE_EXTRA_CA_CERTS names,
 * which Node added to the system's when it started. A connection given CAs of its own (`ca`) trusts no others, so
 * tlsOptions (http/tls.ts) adds Node's built-in roots, which do not include them: read here, as Node reads them, so
 * that a machine's own CA stays trusted. A file Node could not read it warned of when it started, and is left out.
 */
async function trustedBesidesTheSystems(caFile: string, env: NodeJS.ProcessEnv): Promise<string> {
  const own = await readCertificate(caFile);
  const extraFile = env['NODE_EXTRA_CA_CERTS'];
  const extra = extraFile ? await readFile(extraFile, 'utf8').catch(() => '') : '';
  return extra.includes('-----BEGIN CERTIFICATE-----') ? `${own.trimEnd()}\n${extra}` : own;
}

/** The --ca file, which must hold a PEM certificate: anything else would fail later as an untrusted certificate. */
async function readCertificate(path: string): Promise<string> {
  const text = await readText(path, '--ca');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--ca ${path} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"): give the CA's certificate in PEM form`);
  }
  return text;
}

/**
 * --client-cert and --client-key, with the key's passphrase from the environment: a PEM certificate, a PEM private key
 * that opens (with the passphrase, if encrypted) and is the certificate's, and a certificate still valid. Each problem
 * stops the run here, in one line that never holds the key or the passphrase.
 */
async function readClientCertificate(options: NetworkOptions, env: NodeJS.ProcessEnv): Promise<ClientCertificate | undefined> {
  const { clientCertFile: certFile, clientKeyFile: keyFile } = options;
  if (certFile === undefined || keyFile === undefined) return undefined;
  const cert = await readText(certFile, '--client-cert');
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--client-cert ${certFile} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"): give the client certificate in PEM form`);
  }
  const key = await readText(keyFile, '--client-key');
  if (!/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/.test(key)) {
    throw new UsageError(`--client-key ${keyFile} holds no PEM private key ("-----BEGIN PRIVATE KEY-----"): give the certificate's private key in PEM form`);
  }
  const passphrase = env[CLIENT_KEY_PASSPHRASE_ENV]?.replace(/\r?\n$/, '') || undefined;
  const keyObject = openKey(key, passphrase, keyFile);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (error) {
    throw new UsageError(`--client-cert ${certFile} holds no certificate that can be read (${(error as Error).message}): give the client certificate in PEM form`);
  }
  if (!x509.checkPrivateKey(keyObject)) {
    throw new UsageError(`--client-key ${keyFile} is not the key of --client-cert ${certFile} (they do not match): give the key the certificate was issued for`);
  }
  const subject = x509.subject.split('\n').join(', ');
  if (Date.parse(x509.validTo) < Date.now()) throw new UsageError(`--client-cert ${certFile} (${subject}) expired on ${x509.validTo}: renew it`);
  if (Date.parse(x509.validFrom) > Date.now()) {
    throw new UsageError(`--client-cert ${certFile} (${subject}) is valid only from ${x509.validFrom}: check this machine's clock and the certificate's dates`);
  }
  return { cert, key, ...(passphrase !== undefined ? { passphrase } : {}), shown: `${certFile} (${subject})` };
}

/** The private key, opened: an encrypted one with the passphrase, whose absence or mistake is said (never the passphrase). */
function openKey(key: string, passphrase: string | undefined, keyFile: string): KeyObject {
  try {
    return createPrivateKey({ key, format: 'pem', ...(passphrase !== undefined ? { passphrase } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (passphrase === undefined && (code === 'ERR_MISSING_PASSPHRASE' || /ENCRYPTED/.test(key))) {
      throw new UsageError(`--client-key ${keyFile} is encrypted: set its passphrase in ${CLIENT_KEY_PASSPHRASE_ENV}`);
    }
    if (passphrase !== undefined && /ENCRYPTED/.test(key)) {
      throw new UsageError(`--client-key ${keyFile} does not open with the passphrase in ${CLIENT_KEY_PASSPHRASE_ENV}: check it`);
    }
    throw new UsageError(`--client-key ${keyFile} holds no private key that can be read (${code ?? (error as Error).message}): give the certificate's private key in PEM form`);
  }
}

/** Reads a file a flag names; a failure names the file, unless --api-key-file was given what may be the key itself. */
async function readText(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const words: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'it is a directory' };
    const why = code === undefined ? (error as Error).message : words[code] ? `${words[code]} (${code})` : code;
    if (flag === '--api-key-file' && code === 'ENOENT' && mayBeKey(path)) {
      throw new UsageError('cannot read --api-key-file: no such file (ENOENT; its name is not repeated: it looks like a key itself); give the path of a file that holds the key');
    }
    throw new UsageError(`cannot read ${flag} ${path}: ${why}`);
  }
}

/**
 * Whether a name --api-key-file was given, which names no file, may be the key itself: one word of 20 characters
 * or more, with no path separator in it. A path someone mistyped (`~/keys/staging.txt`, `key.txt`) is not.
 */
function mayBeKey(path: string): boolean {
  return path.length >= 20 && !/[/\\\s]/.test(path);
}
