import { rootCertificates } from 'node:tls';

/**
 * The environment variable that holds the passphrase of an encrypted `--client-key`: never a command-line value, and
 * never printed or written.
 */
export const CLIENT_KEY_PASSPHRASE_ENV = 'PETSTORE_CLIENT_KEY_PASSPHRASE';

/**
 * The certificate the run presents to a target that asks for one (mutual TLS): `--client-cert` and `--client-key`,
 * the key's passphrase from the environment (never the command line). The key and its passphrase are secrets.
 */
export interface ClientCertificate {
  /** The certificate, PEM (with its chain, if the file holds one). */
  readonly cert: string;
  /** Its private key, PEM. */
  readonly key: string;
  readonly passphrase?: string;
  /** How the console, the messages and the report name it: its file and subject, never its key. */
  readonly shown: string;
}

/** What decides a TLS connection to the target: the CAs trusted, whether to verify at all, the certificate presented. */
export interface TlsSettings {
  /** A CA certificate (PEM) to trust besides the system's (`--ca`), with those NODE_EXTRA_CA_CERTS names. */
  readonly ca?: string;
  /** Skip certificate verification (`--insecure`). */
  readonly insecure?: boolean;
  readonly clientCertificate?: ClientCertificate;
}

/** Node's TLS options (which undici's `connect` takes too) for these settings. */
export interface TlsOptions {
  ca?: string[];
  rejectUnauthorized?: false;
  cert?: string;
  key?: string;
  passphrase?: string;
}

/**
 * The TLS options of a connection to the target: `--ca` trusts one more CA besides the system's (Node's `ca` replaces
 * the default roots, so they are kept; those NODE_EXTRA_CA_CERTS names, which Node's roots do not hold, came with
 * `ca`: see networkOf in cli/run-setup.ts), `--insecure` verifies no certificate, a client certificate is presented with
 * its key. The same for the CLI's first contact, a spec fetched from a URL and the suites' requests.
 */
export function tlsOptions(settings: TlsSettings): TlsOptions {
  const { ca, insecure, clientCertificate: client } = settings;
  return {
    ...(ca ? { ca: [...rootCertificates, ca] } : {}),
    ...(insecure ? { rejectUnauthorized: false as const } : {}),
    ...(client ? { cert: client.cert, key: client.key, ...(client.passphrase !== undefined ? { passphrase: client.passphrase } : {}) } : {}),
  };
}
