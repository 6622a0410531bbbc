import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closest, DEFAULTS, parseCommand, targetArgsOf, type RunConfig } from '../../src/cli/options.js';
import { PROFILES } from '../../src/cli/profiles.js';
import { UsageError } from '../../src/core/errors.js';
import { OTHER_HEADERS } from '../../src/core/key-headers.js';
import { tempDir } from '../support/cli.js';

describe('parseCommand', () => {
  it('reads a run against a deployment with the staging profile\'s defaults', () => {
    const staging = PROFILES.staging;
    expect(parseCommand(['--target', 'https://staging.example.test/api/v1/'])).toEqual({
      kind: 'run',
      config: {
        target: { kind: 'url', url: 'https://staging.example.test/api/v1' }, profile: 'staging', keepReports: 10,
        settings: {
          numRuns: 25, createRuns: 8, maxWrites: 100, topUp: 257, timeoutMs: staging.timeoutMs, maxResponseBytes: DEFAULTS.maxResponseBytes,
          concurrency: staging.concurrency, insecure: false, assertFormats: false,
        },
        timeoutGiven: false, faults: [], variants: [], failOn: 'any', strict: false, failOnPartial: false, certify: false,
        readOnly: false, allowWrites: false, secrets: [],
      },
    });
  });

  it('gives the bundled reference the ci profile, and takes each profile\'s defaults, which single flags override', () => {
    expect(parseCommand(['--target', 'reference'])).toMatchObject({ config: { profile: 'ci', settings: { numRuns: 25, createRuns: 25, topUp: 257 }, failOnPartial: false, certify: false } });
    expect(parseCommand(['--target', 'reference'])).not.toHaveProperty('config.settings.maxWrites');
    expect(parseCommand(['--target', 'https://x.test/v1', '--profile', 'ci'])).not.toHaveProperty('config.settings.maxWrites');
    expect(parseCommand(['--target', 'https://x.test/v1', '--profile', 'certify'])).toMatchObject({ config: { settings: { numRuns: 100, createRuns: 100 }, failOnPartial: true, certify: true } });
    expect(parseCommand(['--target', 'https://x.test/v1', '--profile', 'certify', '--max-writes', '500', '--runs', '10'])).toMatchObject({ config: { settings: { maxWrites: 500, numRuns: 10, createRuns: 10 } } });
    expect(parseCommand(['--target', 'https://x.test/v1', '--runs', '50', '--create-runs', '3', '--top-up', '0', '--fail-on-partial'])).toMatchObject({
      config: { profile: 'staging', settings: { maxWrites: 100, numRuns: 50, createRuns: 3, topUp: 0 }, failOnPartial: true },
    });
  });

  it('reads every option', () => {
    const command = parseCommand(['--target', 'reference', '--spec', 's.yaml', '--report-dir', 'out', '--seed', '0', '--runs', '3',
      '--timeout', '500', '--max-response-bytes', '2048', '--fault', 'a', '--fault', 'b', '--variant', 'c',
      '--concurrency', '4', '--rate', '20', '--api-key-file', 'key.txt', '--ca', 'ca.pem', '--insecure', '--env', 'production',
      '--read-only', '--allow-writes', '--assert-formats', '--client-cert', 'client.pem', '--client-key', 'client.key']);
    expect(command).toEqual({
      kind: 'run',
      config: {
        // Absolute: the suites run with the package as their root, and a shard's blob must land beside the reports.
        target: { kind: 'reference' }, profile: 'ci', specPath: 's.yaml', reportDir: resolve('out'), keepReports: 10, seed: 0,
        settings: { numRuns: 3, createRuns: 3, topUp: 257, timeoutMs: 500, maxResponseBytes: 2048, concurrency: 4, rate: 20, insecure: true, assertFormats: true },
        timeoutGiven: true, faults: ['a', 'b'], variants: ['c'], failOn: 'any', strict: false, failOnPartial: false, certify: false,
        apiKeyFile: 'key.txt', caFile: 'ca.pem', clientCertFile: 'client.pem', clientKeyFile: 'client.key', env: 'production', readOnly: true, allowWrites: true,
        secrets: [],
      },
    });
  });

  it('reads the other commands', () => {
    expect(parseCommand(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommand(['-v'])).toEqual({ kind: 'version' });
    expect(parseCommand(['rules', '--json'])).toEqual({ kind: 'rules', json: true, assertFormats: false, only: [], network: { insecure: false } });
    expect(parseCommand(['rules', '--assert-formats'])).toMatchObject({ kind: 'rules', assertFormats: true });
    expect(parseCommand(['rules', 'auth-2', 'LIST'])).toEqual({ kind: 'rules', json: false, assertFormats: false, only: ['AUTH-2', 'LIST'], network: { insecure: false } });
    // Before: rules took --ca, --insecure, --client-cert and --client-key, and fetched a spec's URL without them.
    expect(parseCommand(['rules', '--spec', 'https://x.test/openapi.yaml', '--ca', 'ca.pem', '--insecure', '--client-cert', 'client.pem', '--client-key', 'client.key'])).toMatchObject({
      kind: 'rules', specPath: 'https://x.test/openapi.yaml', network: { caFile: 'ca.pem', insecure: true, clientCertFile: 'client.pem', clientKeyFile: 'client.key' },
    });
    expect(() => parseCommand(['rules', '--client-cert', 'client.pem'])).toThrow(/^--client-cert needs --client-key <file>/);
    expect(parseCommand(['faults'])).toEqual({ kind: 'faults', json: false });
    expect(parseCommand(['faults', '--json'])).toEqual({ kind: 'faults', json: true });
    expect(parseCommand(['--target', 'https://x.test/v1', '--env', 'PROD'])).toMatchObject({ config: { env: 'prod' } });
    expect(parseCommand(['selftest', '--fault', 'x'])).toMatchObject({ kind: 'selftest', config: { target: { kind: 'reference' }, faults: ['x'] } });
    // How many runs the default reports folder keeps: 10, or as many as given, 0 for all; merge's too.
    expect(parseCommand(['--target', 'reference', '--keep-reports', '25'])).toMatchObject({ config: { keepReports: 25 } });
    expect(parseCommand(['selftest', '--keep-reports', '0'])).toMatchObject({ config: { keepReports: 0 } });
    expect(parseCommand(['merge', 'a', 'b'])).toMatchObject({ kind: 'merge', keepReports: 10 });
    expect(parseCommand(['merge', 'a', '--keep-reports', '3'])).toMatchObject({ kind: 'merge', keepReports: 3 });
    // Values come out typed: numbers, rule names in capitals, a shard, an absolute report directory.
    expect(parseCommand(['--target', 'reference', '--only', 'auth', '--skip', 'auth-7', '--shard', '2/3', '--rate', '7', '--report-dir', 'out'])).toMatchObject({
      config: { settings: { rate: 7, selection: { only: ['AUTH'], skip: ['AUTH-7'] } }, shard: { index: 2, count: 3 }, reportDir: resolve('out') },
    });
  });

  it.each([
    [['--target', 'https://x.test/v1?debug=1'], /query or fragment/],
    [['--target', 'https://user:pw@x.test/v1'], /must not carry credentials/],
    [['--target', 'https://x.test/v1', '--seed', '-1'], /--seed takes a value; write a value that starts with "-" as --seed=<value>/],
    [['--target', 'https://x.test/v1', '--seed=-1'], /--seed must be a whole number/],
    [['--target', 'https://x.test/v1', '--seed', '2147483648'], /--seed must be a whole number/],
    [['--token=abc'], /not accepted on the command line.*--api-key-file/],
    [['--key', 'psk_0123456789abcdef'], /^the API key is not accepted on the command line/],
    // curl's --key and --cert: a TLS client certificate's, which petstore-conformance takes as --client-key and --client-cert.
    [['--target', 'https://x.test/v1', '--key', 'client.pem'], /^--key is not an option: give a TLS client certificate's private key with --client-key <file>, and the certificate with --client-cert <file>$/],
    [['--target', 'https://x.test/v1', '--client-cert', 'client.pem', '--key=secret-file'], /^--key is not an option: give a TLS client certificate's private key with --client-key/],
    [['--target', 'https://x.test/v1', '--cert', 'client.pem'], /^unknown option --cert: did you mean --client-cert\? \(see --help\)$/],
    [['--target', 'https://x.test/v1', '--cacert', 'ca.pem'], /^unknown option --cacert: did you mean --ca\?/],
    [['--target', 'https://x.test/v1', '--client-cert', 'client.pem'], /^--client-cert needs --client-key <file>: the certificate's private key, in PEM$/],
    [['--target', 'https://x.test/v1', '--client-key', 'client.key'], /^--client-key needs --client-cert <file>: the certificate it is the key of$/],
    [['--target', 'https://x.test/v1', '--proxy', 'http://proxy.example:3128'], /^--proxy is not an option: the proxy comes from the environment, as curl reads it: export HTTPS_PROXY=http:\/\/proxy\.example:3128 \(HTTP_PROXY for an http target; NO_PROXY names the hosts to reach directly\)$/],
    [['selftest', '--client-cert', 'client.pem', '--client-key', 'client.key'], /^--client-cert is for runs against a deployment/],
    [['--target', 'https://x.test/v1', '--concurrency', '0'], /--concurrency must be a whole number from 1/],
    [['--target', 'https://x.test/v1', '--rate', 'fast'], /--rate must be a whole number/],
    [['--target', 'https://x.test/v1', '--profile', 'prod'], /--profile is one of staging, ci, certify, not "prod"/],
    [['--target', 'https://x.test/v1', '--top-up', '-1'], /--top-up takes a value/],
    [['--target', 'https://x.test/v1', '--env', 'prodution'], /--env takes production \(or prod, prd, live\) or one of staging, .*not "prodution"/],
    [['selftest', '--read-only'], /--read-only is for runs against a deployment; selftest runs against the bundled reference server/],
    [['selftest', '--ca', 'x.pem'], /--ca is for runs against a deployment/],
    [['selftest', '--target', 'https://x.test/v1'], /selftest always runs against the bundled reference/],
    // An unknown option or command names the one probably meant.
    [['--targt', 'reference'], /^unknown option --targt: did you mean --target\? \(see --help\)$/],
    [['--targt=reference'], /^unknown option --targt: did you mean --target\?/],
    [['--Target', 'reference'], /did you mean --target\?/],
    [['--tar', 'reference'], /did you mean --target\?/],
    [['--target', 'reference', '--seeed', '1'], /did you mean --seed\?/],
    [['--target', 'reference', '--max-write', '1'], /did you mean --max-writes\?/],
    [['--target', 'reference', '--readonly'], /did you mean --read-only\?/],
    [['-target', 'reference'], /^unknown option -target: did you mean --target\?/],
    [['--frobnicate'], /^Unknown option '--frobnicate'; see --help$/],
    [['-x'], /^Unknown option '-x'; see --help$/],
    [['rule'], /^unexpected argument "rule"; did you mean "rules"\? the commands are the default run, "rules", "faults", "selftest", "verify" and "merge"/],
    [['fault'], /did you mean "faults"\?/],
    [['selftets'], /did you mean "selftest"\?/],
    [['bogus'], /^unexpected argument "bogus"; the commands are/],
    [['rules', 'extra'], /^rules takes rule ids or areas \(AUTH, CREATE-2; petstore-conformance rules lists them\), not "EXTRA"$/],
    // Each row's parser says what is wrong with its own option.
    [['--target', 'reference', '--only', 'auth', '--skip', 'auth-99'], /^--skip takes rule ids or areas \(AUTH, CREATE-2; see the rules command\), not "AUTH-99"$/],
    [['--target', 'reference', '--fail-on', 'some'], /^--fail-on is "any" or "new", not "some"$/],
    // Before: a run of 0 checks, incomplete, exit 2, with nothing on stderr.
    [['--target', 'reference', '--only', 'error-1', '--skip', 'error'], /^--only ERROR-1 with --skip ERROR leaves no rule to check: skip fewer rules$/],
    [['--target', 'reference', ...['AUTH', 'LIST', 'CREATE', 'MODEL', 'ERROR', 'MEDIA', 'HTTP', 'INFO'].flatMap((area) => ['--skip', area])],
      /^--skip AUTH, LIST, CREATE, MODEL, ERROR, MEDIA, HTTP, INFO leaves no rule to check: skip fewer rules$/],
    [['--target', 'reference', '--fail-on', 'new'], /^--fail-on new needs --baseline <report\.json>/],
    [['--target', 'reference', '--shard', '3/2'], /^--shard is <i>\/<n> with 1 ≤ i ≤ n/],
    [['--target', 'reference', '--max-response-bytes', '1023'], /^--max-response-bytes must be a whole number from 1024 to 2147483647, not "1023"$/],
    [['--target', 'reference', '--implementation', 'acme'], /^--implementation takes the implementation's name and version, in at most 200 visible characters: --implementation 'acme-petstore 2\.3\.1'$/],
    [['--target', 'reference', '--implementation', 'acme\u0007 1.0'], /^--implementation takes the implementation's name and version/],
    [['--target', 'reference', '--implementation', `acme ${'9'.repeat(200)}`], /^--implementation takes/],
    [['selftest', '--implementation', 'acme 1.0'], /--implementation is for runs against a deployment/],
    [['--target', 'reference', '--keep-reports', 'all'], /^--keep-reports must be a whole number from 0 to 1000000, not "all"$/],
    [['--target', 'reference', '--keep-reports', '5', '--report-dir', 'out'], /^--keep-reports is for the default reports folder, and --report-dir is never cleared: drop one of them$/],
    [['merge', 'a', '--keep-reports', '5', '--report-dir', 'out'], /^--keep-reports is for the default reports folder/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });

  // Before: `cannot read --client-key -----BEGIN PRIVATE KEY-----\nMIIEv…`, the key printed whole; and `--client-key -----BEGIN…`
  // was told to write the value as --client-key=<value>, which led there.
  it.each([
    ['--client-key', 'the key', `-----BEGIN PRIVATE KEY-----\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCzXaTJVk\n-----END PRIVATE KEY-----\n`],
    ['--client-cert', 'the certificate', `-----BEGIN CERTIFICATE-----\nMIIDFjCCAf6gAwIBAgIUXzG6n+Mix2VfNSgEUbLBhYope9wwDQYJKoZIhvcNAQEL\n-----END CERTIFICATE-----`],
    ['--ca', 'the CA\'s certificate', `-----BEGIN CERTIFICATE-----\r\nMIIDFjCCAf6gAwIBAgIUXzG6n+Mix2VfNSgEUbLBhYope9wwDQYJKoZIhvcNAQEL\r\n`],
  ])('refuses PEM text given to %s instead of a file, in one line that repeats none of it', (option, what, pem) => {
    const pair = option === '--ca' ? [] : option === '--client-key' ? ['--client-cert', 'client.pem'] : ['--client-key', 'client.key'];
    const refusal = (argv: string[]) => {
      try {
        parseCommand(['--target', 'https://x.test/v1', ...pair, ...argv]);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('taken');
    };
    const given = refusal([`${option}=${pem}`]);
    expect(given).toBe(`${option} was given PEM text (${what} itself), not the path of a file: give the path of a file that holds ${what} (the text is not repeated here)`);
    expect(refusal([option, pem])).toBe(`${option} takes the path of a file, not what it holds (a value that starts with "-" reads as PEM text): give the file's path (./<name> for a name that starts with "-")`);
    expect(refusal([`${option}=MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYw\nggSiAgEAAoIBAQCzXaTJVk`])).toMatch(new RegExp(`^${option} was given text with line breaks, not the path of a file`));
    for (const line of pem.split(/\r?\n/).filter((l) => l.length > 20)) expect(given).not.toContain(line);
  });
});

describe('--implementation', () => {
  it('takes a name and a version, its white space folded, for the reports and the certificate', () => {
    const config = (parseCommand(['--target', 'https://x.test/v1', '--implementation', '  acme-petstore\t 2.3.1 ']) as { config: RunConfig }).config;
    expect(config.implementation).toBe('acme-petstore 2.3.1');
    expect((parseCommand(['--target', 'reference']) as { config: RunConfig }).config.implementation).toBeUndefined();
  });
});

describe('--header', () => {
  const configOf = (...argv: string[]) => (parseCommand(['--target', 'https://x.test/v1', ...argv]) as { config: RunConfig }).config;
  const refusal = (...argv: string[]) => {
    try {
      configOf(...argv);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return (error as Error).message;
    }
    throw new Error(`${argv.join(' ')} was not refused`);
  };

  it('reads NAME: VALUE and NAME:VALUE, repeatable, the value without the white space around it, the name as given', () => {
    const config = configOf('--header', 'X-Tenant: tenant-7f3a9c21', '--header', 'x-gateway-key:gk_0123456789', '--header', 'X-Note: \t two  words \t');
    expect(config.settings.headers).toEqual({ 'X-Tenant': 'tenant-7f3a9c21', 'x-gateway-key': 'gk_0123456789', 'X-Note': 'two  words' });
    // A value may hold a colon, and any character a header carries.
    expect(configOf('--header', 'X-Origin: https://a.test:8443/x').settings.headers).toEqual({ 'X-Origin': 'https://a.test:8443/x' });
    expect(configOf().settings).not.toHaveProperty('headers');
  });

  it('makes the values the run\'s secrets, but for those too short to tell from ordinary words and numbers', () => {
    expect(configOf('--header', 'X-Tenant: tenant-7f3a9c21', '--header', 'X-Region: eu', '--header', 'X-Debug: 1').secrets).toEqual(['tenant-7f3a9c21']);
  });

  it('is recorded for the replay commands by name, its value as [REDACTED]', () => {
    expect(targetArgsOf(configOf('--header', 'X-Tenant: tenant-7f3a9c21', '--insecure'))).toEqual(['--target', 'https://x.test/v1', '--insecure', '--header', 'X-Tenant: [REDACTED]']);
  });

  it.each([
    ['no colon', ['X-Tenant acme'], "--header takes NAME: VALUE, and the one given has no colon; write it as --header 'NAME: VALUE'"],
    ['no name', [': acme'], "--header takes NAME: VALUE, and the one given has no name before its colon; write it as --header 'NAME: VALUE'"],
    ['a name with a space', ['X Tenant: acme'], "--header: a header name is letters, digits and !#$%&'*+-.^_`|~ only, and the one given holds a space U+0020 at character 2 of 8; write it as --header 'NAME: VALUE'"],
    ['a name with a separator', ['X(Tenant): acme'], '--header: a header name is letters, digits and !#$%&\'*+-.^_`|~ only, and the one given holds "(" at character 2 of 9; write it as --header \'NAME: VALUE\''],
    ['a name outside ASCII', ['X-Ténant: acme'], "--header: a header name is letters, digits and !#$%&'*+-.^_`|~ only, and the one given holds U+00E9 at character 4 of 8; write it as --header 'NAME: VALUE'"],
    ['an empty value (the shell split it off)', ['X-Tenant:'], "--header X-Tenant has no value: give it after the colon, in quotes, so that the shell keeps it with its name (--header 'X-Tenant: <value>')"],
    ['a value of white space', ['X-Tenant: \t '], "--header X-Tenant has no value: give it after the colon, in quotes, so that the shell keeps it with its name (--header 'X-Tenant: <value>')"],
    ['a control character', ['X-Tenant: secret\u0007value'], '--header X-Tenant: its value holds a control character (U+0007, character 7 of 12), which an HTTP header cannot carry: check how the value was written, and remove it'],
    ['a line break', ['X-Tenant: secret\nX-Other: value'], '--header X-Tenant: its value holds white space (U+000A, character 7 of 21), which an HTTP header cannot carry: check how the value was written, and remove it'],
    ['an invisible character', ['X-Tenant: secret\u200b'], '--header X-Tenant: its value holds an invisible formatting character (U+200B, character 7 of 7), which an HTTP header cannot carry: check how the value was written, and remove it'],
    ['the reports\' stand-in for a value', ['X-Tenant: [REDACTED]'], "--header X-Tenant: [REDACTED] stands for a value the reports do not show; give the header's value (--header 'X-Tenant: <value>')"],
    ['a name given twice', ['X-Tenant: a', '--header', 'X-Tenant: b'], '--header X-Tenant is given twice; give each header once'],
    ['a name given twice in other letter cases', ['X-Tenant: a', '--header', 'x-TENANT: b'], "--header x-TENANT is given twice (as X-Tenant and x-TENANT: a header's name is the same in any letter case); give each header once"],
    ['Authorization', ['Authorization: Bearer other'], '--header Authorization: the suite sends its own Authorization header (the key comes from PETSTORE_API_KEY or --api-key-file)'],
    ['Content-Type', ['content-type: text/plain'], '--header content-type: the checks send their own Content-Type, and wrong ones on purpose, to judge how the target answers them'],
    ['Accept', ['Accept: */*'], '--header Accept: the checks send their own Accept (the JSON media types the spec documents for the operation\'s responses)'],
    ['Accept-Encoding', ['Accept-Encoding: gzip'], '--header Accept-Encoding: the checks send their own Accept-Encoding (identity: they read bodies as the target sent them)'],
    ['User-Agent', ['User-Agent: curl/8'], "--header User-Agent: the suite names itself in User-Agent, so that the target's operators can tell its requests"],
    ['traceparent', ['Traceparent: 00-1-2-01'], "--header Traceparent: the suite sends a traceparent of its own with each request, so that the target's operators can find it in their logs"],
    ['Host', ['Host: other.test'], '--header Host: the HTTP client manages Host itself, with the connection and the body'],
    ['Content-Length', ['Content-Length: 5'], '--header Content-Length: the HTTP client manages Content-Length itself, with the connection and the body'],
    ['Transfer-Encoding', ['transfer-encoding: chunked'], '--header transfer-encoding: the HTTP client manages Transfer-Encoding itself, with the connection and the body'],
    ['Connection', ['Connection: close'], '--header Connection: the HTTP client manages Connection itself, with the connection and the body'],
    ['X-API-Key', ['x-api-key: gw-key-0123456789'], '--header x-api-key: the AUTH checks send the key in X-API-Key themselves, to see that the target does not take it there'],
  ])('refuses %s, exit 2, never showing the value', (_, [header, ...more], message) => {
    const text = refusal('--header', header as string, ...more);
    expect(text).toBe(message);
    for (const secret of ['acme', 'secret', 'Bearer other', 'gw-key', 'text/plain']) expect(text).not.toContain(secret);
  });

  it('refuses every header the AUTH checks put the key in (generators/credentials.ts), and Cookie', () => {
    for (const name of [...OTHER_HEADERS, 'Cookie']) expect(refusal('--header', `${name}: v`)).toMatch(/the AUTH checks send the key in/);
  });

  it('is for runs against a deployment, not selftest', () => {
    expect(() => parseCommand(['selftest', '--header', 'X-Tenant: tenant-7f3a9c21'])).toThrow(/^--header is for runs against a deployment; selftest runs against the bundled reference server, so drop it$/);
  });

  it('is given again to a replay, whose report shows its value as [REDACTED]', async () => {
    const report = join(await tempDir(), 'report.json');
    await writeFile(report, JSON.stringify({ invocation: { targetArgs: ['--target', 'https://x.test/v1', '--header', 'X-Tenant: [REDACTED]', '--header', 'X-Gw: [REDACTED]'] } }));
    expect(() => parseCommand(['--replay', report, 'AUTH-3 check'])).toThrow(/^--replay: the report's run sent headers whose value it does not record \(X-Tenant, X-Gw\): give each again, as --header 'X-Tenant: <value>'$/);
    // Each of them: one given again does not stand for the others.
    expect(() => parseCommand(['--replay', report, 'AUTH-3 check', '--header', 'x-tenant: tenant-7f3a9c21'])).toThrow(/^--replay: the report's run sent a header whose value it does not record \(X-Gw\): give it again, as --header 'X-Gw: <value>'$/);
    const again = parseCommand(['--replay', report, 'AUTH-3 check', '--header', 'X-Tenant: tenant-7f3a9c21', '--header', 'X-Gw: gateway-key-0123']) as { config: RunConfig };
    expect(again.config).toMatchObject({
      target: { url: 'https://x.test/v1' }, settings: { headers: { 'X-Tenant': 'tenant-7f3a9c21', 'X-Gw': 'gateway-key-0123' } }, secrets: ['tenant-7f3a9c21', 'gateway-key-0123'],
    });
  });
});

describe('options a later value would silently replace', () => {
  it('are refused given twice with different values, a URL\'s not repeated; the same value twice is taken', () => {
    expect(() => parseCommand(['--target', 'https://a.test/v1', '--target', 'https://b.test/v1'])).toThrow(/^--target is given twice, with different values: give it once$/);
    expect(() => parseCommand(['--target', 'reference', '--spec', 'a.yaml', '--spec', 'b.yaml'])).toThrow(/^--spec is given twice, with different values: give it once$/);
    expect(parseCommand(['--target', 'reference', '--spec', 'a.yaml', '--spec', 'a.yaml'])).toMatchObject({ config: { specPath: 'a.yaml' } });
  });
});

describe('targetArgsOf', () => {
  const configOf = (argv: string[]) => (parseCommand(argv) as { config: RunConfig }).config;

  it('writes the options that chose the target and how it is reached, which a replay of the report reads back', () => {
    const argv = ['--target', 'https://x.test/v1', '--spec', '/specs/s.yaml', '--api-key-file', '/keys/key.txt', '--ca', '/certs/ca.pem', '--insecure', '--env', 'staging'];
    expect(targetArgsOf(configOf([...argv, '--seed', '3', '--only', 'AUTH']))).toEqual(argv);
    // Which checks there are, as the spec does: a replay of a format's check needs it.
    expect(targetArgsOf(configOf(['--target', 'https://x.test/v1', '--assert-formats']))).toEqual(['--target', 'https://x.test/v1', '--assert-formats']);
    expect(targetArgsOf(configOf(['--target', 'reference', '--fault', 'a', '--variant', 'b']))).toEqual(['--target', 'reference', '--fault', 'a', '--variant', 'b']);
  });

  it('names the files by absolute path, so that a replay runs from any directory; a spec\'s URL as given', () => {
    expect(targetArgsOf(configOf(['--target', 'https://x.test/v1', '--spec', 'specs/s.yaml', '--api-key-file', 'key.txt', '--ca', 'ca.pem'])))
      .toEqual(['--target', 'https://x.test/v1', '--spec', resolve('specs/s.yaml'), '--api-key-file', resolve('key.txt'), '--ca', resolve('ca.pem')]);
    expect(targetArgsOf(configOf(['--target', 'https://x.test/v1', '--spec', 'https://x.test/v1/openapi.json'])))
      .toEqual(['--target', 'https://x.test/v1', '--spec', 'https://x.test/v1/openapi.json']);
  });

  it('writes the client certificate\'s files by absolute path too, whose key\'s passphrase a replay reads from the environment again', () => {
    expect(targetArgsOf(configOf(['--target', 'https://x.test/v1', '--client-key', 'client.key', '--client-cert', 'client.pem'])))
      .toEqual(['--target', 'https://x.test/v1', '--client-cert', resolve('client.pem'), '--client-key', resolve('client.key')]);
  });
});

describe('closest', () => {
  it('finds a word two edits away (one for short words, a swap counting one), or one the word begins', () => {
    expect(closest('taget', ['target', 'seed'])).toBe('target');
    expect(closest('tagret', ['target', 'seed'])).toBe('target');
    expect(closest('sed', ['target', 'seed'])).toBe('seed');
    expect(closest('max', ['max-writes', 'max-response-bytes'])).toBe('max-writes');
    expect(closest('xyz', ['target', 'seed'])).toBeUndefined();
    expect(closest('ab', ['ca', 'env'])).toBeUndefined();
    expect(closest('psk_Pasted7Wx3Vb9Lk2Jh5Tn8', ['rules', 'faults', 'selftest', 'verify', 'merge'])).toBeUndefined();
  });
});

describe('a --target that is not a URL', () => {
  // Before, the message repeated the whole text: a password or a key pasted into its user information with it.
  it('is refused without what may be credentials in it', () => {
    for (const [target, shown] of [
      ['http://admin:SuperSecret123@[petstore.example.com/v1', 'http://<credentials>@[petstore.example.com/v1'],
      ['//admin:SuperSecret123@petstore.example.com/v1', '//<credentials>@petstore.example.com/v1'],
      ['https://user:p@ss:SuperSecret123@[::1/v1', 'https://<credentials>@[::1/v1'],
    ]) {
      expect(() => parseCommand(['--target', target as string])).toThrow(new UsageError(`--target "${shown}" is not a URL; give the base URL, e.g. https://petstore.example.com/v1`));
    }
  });
});

describe('a --target without its scheme', () => {
  // Before: `127.0.0.1:18080/v1` got the generic example, and `localhost:18080/v1` "must be an http or https URL, not localhost:".
  it.each([
    ['127.0.0.1:18080/v1', 'http://127.0.0.1:18080/v1'],
    ['localhost:18080/v1', 'http://localhost:18080/v1'],
    ['[::1]:8080/v1', 'http://[::1]:8080/v1'],
    ['10.0.3.7/v1/', 'http://10.0.3.7/v1'],
    ['staging.petstore.example.com/v1', 'https://staging.petstore.example.com/v1'],
  ])('%s is refused with the URL it was meant to be', (target, meant) => {
    expect(() => parseCommand(['--target', target])).toThrow(new UsageError(`--target "${target}" has no scheme: give it with one, e.g. ${meant}`));
  });
});
