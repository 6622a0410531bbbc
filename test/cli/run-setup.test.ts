import { describe, expect, it } from 'vitest';
import { parseCommand, type RunConfig } from '../../src/cli/options.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiKeyOf, networkOf, settingsFor } from '../../src/cli/run-setup.js';
import { UsageError } from '../../src/core/errors.js';
import { authority, hasOpenssl, selfSigned } from '../support/certificates.js';
import { tempDir } from '../support/cli.js';
import { closeLocalServers, listen } from '../support/local-servers.js';
import { firstContact } from '../../src/http/first-contact.js';
import { loadSpec } from '../../src/spec/load.js';
import { revisedSpecFile } from '../support/spec-files.js';

/** The settings of a run of the default command against this target, with the spec at `specPath` (the bundled one). */
async function settingsAgainst(target: string, specPath?: string) {
  const { config } = parseCommand(['--target', target, ...(specPath ? ['--spec', specPath] : [])]) as { config: RunConfig };
  return settingsFor(config, await loadSpec(specPath), target);
}

describe('settingsFor: the target and the spec\'s servers', () => {
  it.each([
    // A version segment in capitals is suggested in lower case, not with another segment after it.
    ['https://x.test/api/V1', /^--target must end in the version segment, e\.g\. https:\/\/x\.test\/api\/v1 \(the spec's servers end in \/v1\)$/],
    ['https://x.test/api', /e\.g\. https:\/\/x\.test\/api\/v1 \(/],
    // An operation's address given for the base URL: the base URL suggested, not another segment after it.
    ['https://x.test/v1/categories', /e\.g\. https:\/\/x\.test\/v1 \(/],
    ['https://x.test/v2', /^--target ends in \/v2, but the spec's servers end in \/v1/],
  ])('refuses %s, suggesting the address meant', async (target, message) => {
    await expect(settingsAgainst(target)).rejects.toThrow(message);
  });

  it('takes a target without a version segment where the spec\'s servers name the host only (the version in its paths)', async () => {
    const spec = await revisedSpecFile((doc) => {
      doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [`/api/v1${path}`, item]));
      doc.servers = [{ url: 'https://petstore.example.com', description: 'Production' }];
    });
    await expect(settingsAgainst('https://x.test', spec)).resolves.toMatchObject({ concurrency: 8 });
  });
});

function configOf(argv: string[]): RunConfig {
  const command = parseCommand(argv);
  if (command.kind !== 'run') throw new Error(`not a run: ${argv.join(' ')}`);
  return command.config;
}

describe('settingsFor', () => {
  it('takes the spec\'s production server for production however its host name is written: letter case, a trailing dot, the default port', async () => {
    const spec = await loadSpec();
    for (const target of ['https://petstore.example.com/v1', 'https://PetStore.Example.COM/v1', 'https://petstore.example.com./v1', 'https://petstore.example.com.:443/v1/']) {
      const config = configOf(['--target', target]);
      expect((await settingsFor(config, spec, target)).readOnly, target).toMatch(/^the target is the spec's production server \(https:\/\/petstore\.example\.com\/v1\); --allow-writes lifts this$/);
    }
    const staging = 'https://staging.petstore.example.com./v1';
    expect((await settingsFor(configOf(['--target', staging]), spec, staging)).readOnly).toBeUndefined();
  });
});

describe('apiKeyOf: the key from PETSTORE_API_KEY or --api-key-file, alike', () => {
  /** The key, or the message refusing it, from each source holding the same text. */
  async function fromBoth(text: string): Promise<[string, string]> {
    const file = join(await tempDir(), 'key');
    await writeFile(file, text);
    const attempt = (args: string[], env: NodeJS.ProcessEnv) => apiKeyOf((parseCommand(['--target', 'https://x.test/v1', ...args]) as { config: RunConfig }).config, env)
      .catch((error: Error) => error.message.replace(/^(PETSTORE_API_KEY|--api-key-file \S+) /, '<source> '));
    return [await attempt([], { PETSTORE_API_KEY: text }), await attempt(['--api-key-file', file], {})];
  }

  // Before: a trailing newline was dropped from the file but refused from the environment.
  it.each([['psk_0123456789\n'], ['psk_0123456789\r\n']])('drops one trailing line break from either: %j', async (text) => {
    expect(await fromBoth(text)).toEqual(['psk_0123456789', 'psk_0123456789']);
  });

  // Before: white space around the key was "white space inside the key".
  it.each([
    [' psk_0123456789', 'white space before the key (U+0020, character 1 of 15)'],
    ['psk_0123456789 ', 'white space after the key (U+0020, character 15 of 15)'],
    ['psk_0123456789\n\n', 'white space after the key (U+000A, character 15 of 15)'],
    ['psk_01234 56789', 'white space inside the key (U+0020, character 10 of 15)'],
  ])('refuses %j from either, saying where the white space is', async (text, where) => {
    const [env, file] = await fromBoth(text);
    expect(env).toBe(file);
    expect(env).toBe(`<source> holds ${where}, which a bearer token in an HTTP header cannot carry: check how the key was written, and remove it`);
  });
});

describe('networkOf and settingsFor: the client certificate and the proxy', () => {
  const target = 'https://x.test/v1';
  const files = async (entries: Record<string, string>) => {
    const dir = await tempDir();
    await Promise.all(Object.entries(entries).map(([name, text]) => writeFile(join(dir, name), text)));
    return (name: string) => join(dir, name);
  };
  const networkFor = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const config = configOf(['--target', target, ...argv]);
    return networkOf({ ...config, insecure: config.settings.insecure }, env);
  };

  it('decides the proxy of a deployment from the environment, and none for the bundled reference; its credentials are the run\'s secrets', async () => {
    const env = { HTTPS_PROXY: 'http://suite:proxy-secret-7f3a9c21@proxy.example:3128', HTTP_PROXY: 'http://proxy.example:3128', PATH: '/usr/bin' };
    const network = await networkFor([], env);
    expect(network.proxyVariables).toEqual({ HTTPS_PROXY: env.HTTPS_PROXY, HTTP_PROXY: env.HTTP_PROXY, https_proxy: undefined, http_proxy: undefined, NO_PROXY: undefined, no_proxy: undefined });
    expect(network.secrets).toEqual(expect.arrayContaining(['proxy-secret-7f3a9c21', 'suite:proxy-secret-7f3a9c21']));
    const spec = await loadSpec();
    expect(settingsFor(configOf(['--target', target]), spec, target, network).proxy).toMatchObject({ url: 'http://proxy.example:3128', variable: 'HTTPS_PROXY' });
    const reference = 'http://127.0.0.1:18080/v1';
    expect(settingsFor(configOf(['--target', 'reference']), spec, reference, network)).not.toHaveProperty('proxy');
    expect(settingsFor(configOf(['--target', target]), spec, target, await networkFor([], { ...env, NO_PROXY: '.x.test,x.test' }))).not.toHaveProperty('proxy');
  });

  // Before: --ca replaced them, and a target whose certificate the machine's own CA issued (NODE_EXTRA_CA_CERTS) could not be reached.
  it.skipIf(!hasOpenssl)('keeps trusting the CAs NODE_EXTRA_CA_CERTS names when --ca adds one', async () => {
    const given = await authority();
    const machines = await authority();
    const own = await machines.issue({});
    const origin = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[]'), { key: own.key, cert: own.cert });
    try {
      const contact = async (env: NodeJS.ProcessEnv) => firstContact('/categories', { target: `${origin}/v1`, timeoutMs: 5000, ...(await networkFor(['--ca', given.certFile], env)) });
      expect(await contact({ NODE_EXTRA_CA_CERTS: machines.certFile })).toEqual({ status: 200 });
      expect((await contact({})).failure?.code).toMatch(/UNABLE_TO_VERIFY|SELF_SIGNED|CERT/);
      // A file Node could not read (it warned of it when it started) adds nothing.
      expect((await contact({ NODE_EXTRA_CA_CERTS: join(given.certFile, 'missing') })).failure?.code).toMatch(/UNABLE_TO_VERIFY|SELF_SIGNED|CERT/);
      // The one given is trusted as before.
      const ownOfGiven = await given.issue({});
      const second = await listen((_request, response) => response.writeHead(200).end('[]'), { key: ownOfGiven.key, cert: ownOfGiven.cert });
      expect(await firstContact('/categories', { target: `${second}/v1`, timeoutMs: 5000, ...(await networkFor(['--ca', given.certFile], { NODE_EXTRA_CA_CERTS: machines.certFile })) })).toEqual({ status: 200 });
    } finally {
      await closeLocalServers();
    }
  });

  it.skipIf(!hasOpenssl)('reads the client certificate and its key, the passphrase from the environment; the key and the passphrase are the run\'s secrets', async () => {
    const ca = await authority();
    const client = await ca.issue({ client: 'suite-client', passphrase: 'passphrase-7f3a9c21' });
    const network = await networkFor(['--client-cert', client.certFile, '--client-key', client.keyFile], { PETSTORE_CLIENT_KEY_PASSPHRASE: 'passphrase-7f3a9c21\n' });
    expect(network.clientCertificate).toEqual({ cert: client.cert, key: client.key, passphrase: 'passphrase-7f3a9c21', shown: `${client.certFile} (CN=suite-client)` });
    expect(network.secrets).toEqual([client.key, 'passphrase-7f3a9c21']);
  });

  it.skipIf(!hasOpenssl)('refuses, in one line that never holds the key or its passphrase, what cannot serve as the client certificate', async () => {
    const ca = await authority();
    const locked = await ca.issue({ client: 'locked', passphrase: 'passphrase-7f3a9c21' });
    const plain = await ca.issue({ client: 'plain' });
    const expired = await selfSigned({ name: 'old.example', expired: true });
    const file = await files({ 'empty.pem': '', 'cert-only.pem': plain.cert });
    const refusal = async (cert: string, key: string, env: NodeJS.ProcessEnv = {}) => {
      const error = await networkFor(['--client-cert', cert, '--client-key', key], env).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      const message = (error as Error).message;
      for (const secret of ['passphrase-7f3a9c21', 'wrong-passphrase', ...locked.key.split('\n').slice(1, 3)]) expect(message).not.toContain(secret);
      return message;
    };
    expect(await refusal(file('empty.pem'), plain.keyFile)).toBe(`--client-cert ${file('empty.pem')} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"): give the client certificate in PEM form`);
    expect(await refusal(plain.certFile, file('cert-only.pem'))).toBe(`--client-key ${file('cert-only.pem')} holds no PEM private key ("-----BEGIN PRIVATE KEY-----"): give the certificate's private key in PEM form`);
    expect(await refusal(plain.certFile, file('missing.key'))).toBe(`cannot read --client-key ${file('missing.key')}: no such file (ENOENT)`);
    expect(await refusal(locked.certFile, locked.keyFile)).toBe(`--client-key ${locked.keyFile} is encrypted: set its passphrase in PETSTORE_CLIENT_KEY_PASSPHRASE`);
    expect(await refusal(locked.certFile, locked.keyFile, { PETSTORE_CLIENT_KEY_PASSPHRASE: 'wrong-passphrase' }))
      .toBe(`--client-key ${locked.keyFile} does not open with the passphrase in PETSTORE_CLIENT_KEY_PASSPHRASE: check it`);
    expect(await refusal(plain.certFile, locked.keyFile, { PETSTORE_CLIENT_KEY_PASSPHRASE: 'passphrase-7f3a9c21' }))
      .toBe(`--client-key ${locked.keyFile} is not the key of --client-cert ${plain.certFile} (they do not match): give the key the certificate was issued for`);
    expect(await refusal(expired.certFile, expired.keyFile)).toMatch(new RegExp(`^--client-cert ${expired.certFile} \\(CN=old\\.example\\) expired on .+: renew it$`));
  });
});
