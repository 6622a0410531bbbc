/**
 * Certificates made at test time with openssl, in temporary directories removed after the test file: a self-signed
 * server certificate, and a CA of its own that issues server and client certificates (mutual TLS). Tests that need
 * them are skipped where openssl is not installed ({@link hasOpenssl}).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from './cli.js';

const run = promisify(execFile);

/** Whether openssl is installed to make the certificates. */
export const hasOpenssl = ['/usr/bin/openssl', '/bin/openssl'].some(existsSync);

/** A key and its certificate, as PEM text and as the files that hold them. */
export interface Pem {
  readonly key: string;
  readonly cert: string;
  readonly keyFile: string;
  readonly certFile: string;
}

/** A CA made for the test, which issues certificates. */
export interface Authority {
  readonly cert: string;
  readonly certFile: string;
  /**
   * A certificate it signs, for 127.0.0.1 (a server's: its subjectAltName is the address) or for a client (`client`,
   * its name the subject's CN), valid for a day; its key encrypted with `passphrase` when one is given.
   */
  issue(options: { client?: string; passphrase?: string }): Promise<Pem>;
}

/** The subjectAltName of a certificate for this name: an IP address, or a DNS name. */
function san(name: string): string {
  return `subjectAltName=${/^[\d.]+$/.test(name) ? 'IP' : 'DNS'}:${name}\n`;
}

/**
 * A self-signed certificate: for 127.0.0.1, or for the name given, valid for a day (or expired the day before: a
 * certificate request signed with -days -1).
 */
export async function selfSigned(options: { name?: string; expired?: boolean } = {}): Promise<Pem> {
  const dir = await tempDir('petstore-tls-');
  const [keyFile, certFile, request, extensions] = ['key.pem', 'cert.pem', 'cert.csr', 'san.ext'].map((f) => join(dir, f)) as [string, string, string, string];
  const name = options.name ?? '127.0.0.1';
  await writeFile(extensions, san(name));
  await run('openssl', ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', request, '-subj', `/CN=${name}`]);
  await run('openssl', ['x509', '-req', '-in', request, '-signkey', keyFile, '-days', options.expired ? '-1' : '1', '-extfile', extensions, '-out', certFile]);
  return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8'), keyFile, certFile };
}

/** A new CA, in a directory of its own. */
export async function authority(name = 'petstore-conformance test CA'): Promise<Authority> {
  const dir = await tempDir('petstore-ca-');
  const [caKey, certFile] = [join(dir, 'ca.key'), join(dir, 'ca.pem')];
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', caKey, '-out', certFile, '-days', '1', '-subj', `/CN=${name}`]);
  let issued = 0;
  return {
    cert: await readFile(certFile, 'utf8'),
    certFile,
    async issue({ client, passphrase }) {
      const base = join(dir, `issued-${++issued}`);
      const [keyFile, request, extensions, cert] = ['.key', '.csr', '.ext', '.pem'].map((suffix) => base + suffix) as [string, string, string, string];
      const subject = client ?? '127.0.0.1';
      await writeFile(extensions, client === undefined ? san(subject) : 'extendedKeyUsage=clientAuth\n');
      await run('openssl', ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', request, '-subj', `/CN=${subject}`]);
      await run('openssl', ['x509', '-req', '-in', request, '-CA', certFile, '-CAkey', caKey, '-CAcreateserial', '-days', '1', '-extfile', extensions, '-out', cert]);
      if (passphrase !== undefined) {
        await run('openssl', ['pkey', '-in', keyFile, '-out', `${keyFile}.enc`, '-aes256', '-passout', `pass:${passphrase}`]);
        await rename(`${keyFile}.enc`, keyFile);
      }
      return { key: await readFile(keyFile, 'utf8'), cert: await readFile(cert, 'utf8'), keyFile, certFile: cert };
    },
  };
}

/**
 * `openssl s_server`, serving a status page over https (any GET) only to clients with a certificate the CA issued:
 * one without, or with another, is refused with a TLS alert (`certificate required`, `unknown ca`), as servers built
 * on OpenSSL refuse it (Node's https server closes such a connection without one). Its origin, and how to stop it.
 */
export async function opensslServer(ca: Authority, own: Pem): Promise<{ origin: string; close(): void }> {
  const child = spawn('openssl', ['s_server', '-accept', '127.0.0.1:0', '-cert', own.certFile, '-key', own.keyFile, '-CAfile', ca.certFile,
    '-Verify', '1', '-verify_return_error', '-www'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`openssl s_server did not start: ${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const accepted = /ACCEPT .*:(\d+)/.exec(output);
      if (accepted) {
        clearTimeout(timer);
        resolve(accepted[1] as string);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`openssl s_server exited (${code}): ${output}`)));
  });
  return { origin: `https://127.0.0.1:${port}`, close: () => child.kill() };
}
