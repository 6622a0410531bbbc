import { exec } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../src/cli/options.js';
import { FAULTS } from '../../src/reference/faults/index.js';
import { revisionById } from '../../src/reference/revisions.js';
import { VARIANTS } from '../../src/reference/variants.js';
import { RULES } from '../../src/rules/catalogue.js';
import { escapeRegExp as escape } from '../../src/core/regexp.js';
import { CLI, readReport, runCli, tempDir } from '../support/cli.js';
import { reference } from '../support/reference.js';
import { revisedSpecFile } from '../support/spec-files.js';

/** Runs a shell command line (a pipe), with colour off. */
function runShell(command: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    exec(command, { env: { ...process.env, NO_COLOR: '1' } }, (error, _stdout, stderr) => resolve({ code: error ? (error.code ?? 1) as number : 0, stderr }));
  });
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Exit 2 with exactly one line on stderr that matches. */
function expectUsageError(result: { code: number | null; stderr: string }, message: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^petstore-conformance: /);
  expect(result.stderr.trimEnd()).toMatch(message);
}

const KEY = 'psk_usage_test_key_0123456789abcd';

describe('the command line', () => {
  // What it says is held in test/cli/help.test.ts: here, that the command prints it.
  it('--help and -h print the help, --help <option> one option, exit 0; an unknown topic exits 2', async () => {
    const { code, stdout } = await runCli(['-h']);
    expect(code).toBe(0);
    expect(stdout).toBe((await runCli(['--help'])).stdout);
    for (const option of OPTIONS) expect(stdout).toContain(`--${option.name}`);
    const shard = await runCli(['--help', '--shard']);
    expect(shard.code).toBe(0);
    expect(shard.stdout).toMatch(/^--shard <i>\/<n>: run slice i of n/);
    expectUsageError(await runCli(['--help', 'bogus']), /--help takes an option or a command, not "bogus"/);
  });

  it('--version and -v print the version', async () => {
    for (const flag of ['--version', '-v']) {
      const { code, stdout } = await runCli([flag]);
      expect(code, flag).toBe(0);
      expect(stdout.trim(), flag).toBe('0.1.0');
    }
  });

  it('faults lists every fault (id, rule, story) and variant (id, story), one line each, and as JSON with --json', async () => {
    const { code, stdout } = await runCli(['faults']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    for (const fault of FAULTS) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}${fault.id} +${fault.rule} +${escape(fault.story)}$`)));
    for (const variant of VARIANTS) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}${variant.id} +${escape(variant.story)}$`)));
    expect(lines.filter((l) => l.startsWith('  '))).toHaveLength(FAULTS.length + VARIANTS.length);
    const json = JSON.parse((await runCli(['faults', '--json'])).stdout) as { faults: unknown[]; variants: unknown[] };
    expect(json.faults).toEqual(FAULTS.map(({ id, rule, also, story }) => ({ id, rule, also, story })));
    expect(json.variants).toEqual(VARIANTS.map(({ id, story }) => ({ id, story })));
  });

  it('stops quietly when its reader does (faults | head)', async () => {
    const { code, stderr } = await runShell(`node ${JSON.stringify(CLI)} faults | head -1 >/dev/null`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('rules prints the catalogue, and as JSON with --json', async () => {
    const table = await runCli(['rules']);
    for (const rule of RULES) expect(table.stdout).toContain(rule.id);
    const json = JSON.parse((await runCli(['rules', '--json'])).stdout) as ({ forSpec?: string[] } & (typeof RULES)[number])[];
    expect(json.map(({ forSpec: _lines, ...rule }) => rule)).toEqual(RULES);
    // What each rule comes to for the bundled spec: read from the build (see spec-lines.ts), a line or a few each.
    expect(json.find((r) => r.id === 'CREATE-1')?.forSpec?.[0]).toBe('valid NewCategories, sent as application/json: name (required; a string), description (a string)');
    expect(table.stdout).toMatch(/^CREATE-2 .*\n.*source: .*\n {16}for this spec: 12 NewCategories that each break one constraint .*\n {31}name \(required\): 2 \(missing; only inside a "__proto__" member\)$/m);
  });

  // Before: `rules AUTH-2` was refused as an unexpected argument.
  it('rules shows the rules named, by id or area, and refuses a name that is neither', async () => {
    const one = await runCli(['rules', 'auth-2']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^AUTH-2 +MUST +A request with an invalid credential gets 401/);
    expect(one.stdout.match(/^[A-Z]+-\d+ /gm)).toEqual(['AUTH-2 ']);
    const json = JSON.parse((await runCli(['rules', 'LIST', 'MODEL-3', '--json'])).stdout) as { id: string }[];
    expect(json.map((r) => r.id)).toEqual(['LIST-1', 'LIST-2', 'MODEL-3']);
    expectUsageError(await runCli(['rules', 'AUTH-9']), /rules takes rule ids or areas .*, not "AUTH-9"$/);
  });

  it('rules says what each rule comes to for the spec given', async () => {
    const spec = await revisedSpecFile((doc) => {
      const schemas = doc.components?.schemas as Record<string, { properties?: Record<string, object>; additionalProperties?: boolean }>;
      Object.assign(schemas['NewCategory']?.properties?.['name'] ?? {}, { maxLength: 50 });
      const list = doc.paths['/categories']?.get;
      if (list) list.parameters = [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }];
      // The create takes a vendor type beside application/json, and answers it; it requires an X-Request-Id.
      const create = doc.paths['/categories']?.post;
      const body = create?.requestBody as { content: Record<string, object> } | undefined;
      if (body) body.content = { 'application/vnd.petstore.v1+json': body.content['application/json'] as object, ...body.content };
      const created = create?.responses['201'] as { content: Record<string, object> } | undefined;
      if (created) created.content = { 'application/vnd.petstore.v1+json': created.content['application/json'] as object };
      if (create) create.parameters = [{ name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } }];
    });
    const json = JSON.parse((await runCli(['rules', '--json', '--spec', spec])).stdout) as { id: string; forSpec?: string[] }[];
    expect(json.find((r) => r.id === 'INFO-2')?.forSpec).toEqual([
      'names over 100 characters: answered by the spec (name: maxLength 50), judged under CREATE-1 where it allows it and CREATE-2 where it does not',
      'descriptions over 100 characters: left open by the spec, observed',
    ]);
    expect(json.find((r) => r.id === 'LIST-1')?.forSpec).toEqual([
      'the parameter limit (query, form, exploded; an integer, from 1): values it allows get 200 and a JSON array: 2 (its plainest value; a value 2147483647, the most it allows), and generated ones',
      'limit: values it does not allow get 400: 4 (a text where a number belongs; a fraction where an integer belongs; a value that is true; …)',
    ]);
    expect(json.find((r) => r.id === 'CREATE-2')?.forSpec).toEqual(expect.arrayContaining([
      'name (maxLength): 2 (of 51 characters, one more than its maxLength; of 51 characters in combining sequences, one more than its maxLength)',
      'X-Request-Id: the create without it',
      'not exercised: the formats of the parameter X-Request-Id (formats are annotations: no value that breaks one is sent without --assert-formats)',
    ]));
    expect(json.find((r) => r.id === 'CREATE-1')?.forSpec).toEqual(expect.arrayContaining([
      'also a valid NewCategory in each JSON media type the spec names for the create\'s body: application/vnd.petstore.v1+json, application/json',
      'the parameter X-Request-Id (header, simple, required; a string, format uuid): values it allows, each with a valid NewCategory: 1 (its plainest value)',
    ]));
    expect(json.find((r) => r.id === 'CREATE-3')?.forSpec).toEqual([
      'the create\'s body sent as "application/vnd.petstore.v1+json; charset=utf-8" and as "application/vnd.petstore.v1+json;charset=UTF-8", each judged like one sent as "application/vnd.petstore.v1+json"',
    ]);
    expect(json.find((r) => r.id === 'MEDIA-1')?.forSpec).toEqual(['createCategory: 201 served as application/vnd.petstore.v1+json']);
  });

  // rules --spec reads what the suites send from the code that makes it: what it says a run sends, a run sends.
  it('rules --spec claims nothing a run does not do: the violations, bounds and examples it names are the run\'s checks', async () => {
    const spec = await revisedSpecFile(revisionById('name-bounded').revise);
    const lines = (JSON.parse((await runCli(['rules', 'CREATE', 'MODEL-2', '--json', '--spec', spec])).stdout) as { id: string; forSpec: string[] }[])
      .reduce<Record<string, string[]>>((all, r) => ({ ...all, [r.id]: r.forSpec }), {});
    const server = await reference({ revision: 'name-bounded', apiKey: KEY });
    const dir = await tempDir();
    const run = await runCli(['--target', server.url, '--spec', spec, '--profile', 'ci', '--seed', '5', '--only', 'CREATE', '--only', 'MODEL-2', '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    expect(run.code, run.stdout).toBe(0);
    const checks = (await readReport(dir)).results;
    const titles = new Set(checks.map((c) => `${c.rule} ${c.check}`));
    // The labels a line names: `name (maxLength): 2 (<label>; <label>)`.
    const shown = (line: string) => (/: \d+ \((.*)\)$/.exec(line)?.[1] ?? '').split('; ').filter((label) => label !== '…');

    // CREATE-2: each violation named, by constraint, is a check, and as many are sent as the lines count, with the
    // examples the spec forbids and the contract's invalid bodies.
    let counted = 0;
    for (const line of lines['CREATE-2'] ?? []) {
      const constraint = /^(\S+) \((\w+)\): (\d+) \(/.exec(line);
      const other = /^(?:CREATE-1's examples the spec does not allow|the contract's invalid bodies): (\d+) \(/.exec(line);
      if (constraint) {
        counted += Number(constraint[3]);
        for (const label of shown(line)) expect(titles, line).toContain(`CREATE-2 ${constraint[1]} ${label} gets 400`);
      } else if (other) {
        counted += Number(other[1]);
      }
    }
    const byExample = checks.filter((c) => c.rule === 'CREATE-2' && c.suite === 'create' && c.kind === 'check');
    expect(byExample.length).toBe(counted);
    // CREATE-1: each bound it names is sent exactly, and the examples are as many as it says.
    const bounds = (lines['CREATE-1'] ?? []).find((l) => l.startsWith('at the spec\'s bounds: ')) ?? '';
    for (const label of shown(bounds)) expect(titles).toContain(`CREATE-1 ${label} gets 201 with what was sent`);
    const examples = /^(\d+) by example/.exec((lines['CREATE-1'] ?? []).find((l) => / by example /.test(l)) ?? '')?.[1];
    expect(titles).toContain(`MODEL-2 the ${examples} CREATE-1 examples, created at once, get different ids`);
  });

  it.each([
    [[], /--target is required/],
    [['--frobnicate'], /Unknown option '--frobnicate'; see --help/],
    [['--targt', 'reference'], /unknown option --targt: did you mean --target\? \(see --help\)$/],
    [['-target', 'reference'], /unknown option -target: did you mean --target\?/],
    [['--target', 'reference', '--fualt', 'auth-optional'], /did you mean --fault\?/],
    [['rule'], /unexpected argument "rule"; did you mean "rules"\?/],
    [['fault'], /unexpected argument "fault"; did you mean "faults"\?/],
    [['--target', 'not a url'], /is not a URL/],
    [['--target', 'ftp://example.test/v1'], /http or https/],
    [['--target', 'reference', '--seed', 'abc'], /--seed must be a whole number from 0 to 2147483647, not "abc"/],
    [['--target', 'reference', '--runs', '0'], /--runs must be a whole number/],
    [['--target', 'reference', '--timeout', '1.5'], /--timeout must be a whole number/],
    [['--target', 'reference', '--max-writes', 'lots'], /--max-writes must be a whole number from 0/],
    [['--target', 'reference', '--api-key', 'secret'], /not accepted on the command line.*PETSTORE_API_KEY/],
    [['--target', 'http://127.0.0.1:9/v1', '--fault', 'list-paged'], /--fault and --variant only work with --target reference/],
    [['--target', 'reference', '--fault', 'no-such-fault'], /unknown fault "no-such-fault"; the faults are: auth-optional, /],
    [['selftest', '--variant', 'no-such-variant'], /unknown variant "no-such-variant"/],
    [['bogus'], /unexpected argument "bogus"/],
  ])('refuses %j with exit 2 and one line', async (args, message) => {
    expectUsageError(await runCli(args), message);
  });

  it('refuses a target of another version than the spec\'s servers, before any request', async () => {
    const port = await closedPort();
    expectUsageError(await runCli(['--target', `http://127.0.0.1:${port}/v2`], { PETSTORE_API_KEY: 'k' }),
      /--target ends in \/v2, but the spec's servers end in \/v1: point --target at the \/v1 address, or give that version's spec with --spec/);
    expectUsageError(await runCli(['--target', `http://127.0.0.1:${port}/`], { PETSTORE_API_KEY: 'k' }),
      new RegExp(`must end in the version segment, e\\.g\\. http://127\\.0\\.0\\.1:${port}/v1 `));
  });

  it('never repeats the key in a usage error, wherever it was pasted', async () => {
    const key = 'psk_Pasted7Wx3Vb9Lk2Jh5Tn8';
    for (const args of [[key], ['--target', 'reference', '--seed', key], ['--target', `http://h/${key}`], ['--target', 'reference', '--only', key.toUpperCase()]]) {
      const { code, stderr } = await runCli(args, { PETSTORE_API_KEY: key });
      expect(code, args.join(' ')).toBe(2);
      for (let i = 0; i + 8 <= key.length; i++) expect(stderr.toLowerCase(), args.join(' ')).not.toContain(key.slice(i, i + 8).toLowerCase());
    }
  });

  it('needs PETSTORE_API_KEY for a URL target', async () => {
    expectUsageError(await runCli(['--target', 'http://127.0.0.1:9/v1']), /PETSTORE_API_KEY is not set/);
  });

  it('stops with exit 2 when the target cannot be reached, before any check', async () => {
    const port = await closedPort();
    const dir = await tempDir();
    const reports = join(dir, 'reports');
    const result = await runCli(['--target', `http://127.0.0.1:${port}/v1`, '--report-dir', reports], { PETSTORE_API_KEY: 'k' });
    expectUsageError(result, new RegExp(`cannot reach the target http://127.0.0.1:${port}/v1: CONNECTION_REFUSED`));
    expect(existsSync(reports), 'no empty report directory is left behind').toBe(false);
  });

  it('stops with exit 2 on an invalid or missing spec, with the parser\'s message', async () => {
    const dir = await tempDir();
    const spec = join(dir, 'bad.yaml');
    await writeFile(spec, 'openapi: 3.0.3\ninfo: {title: x}\npaths: {}\n');
    expectUsageError(await runCli(['--target', 'reference', '--spec', spec]), /invalid spec .*bad\.yaml: .*version/);
    expectUsageError(await runCli(['--target', 'reference', '--spec', join(dir, 'none.yaml')]), /cannot read the spec .*none\.yaml: ENOENT/);
  });

  it.each([
    ['notes.txt', 'These are my notes about the pet store.\nNothing here is YAML.\n', /it holds no JSON or YAML object/],
    ['other.yaml', 'name: my-service\nreplicas: 3\n', /it has no "openapi" field/],
    ['other.json', '{"name": "my-service"}', /it has no "openapi" field/],
    ['empty.yaml', '', /the file is empty/],
    ['broken.json', '{"name": ', /it is not valid YAML or JSON: .*\(\d+:\d+\)$/],
  ])('says a --spec of %s is not an OpenAPI document, naming it', async (name, text, why) => {
    const dir = await tempDir();
    const spec = join(dir, name);
    await writeFile(spec, text);
    const result = await runCli(['--target', 'reference', '--spec', spec]);
    expectUsageError(result, new RegExp(`^petstore-conformance: --spec ${escape(spec)} is not an OpenAPI document: `));
    expect(result.stderr.trimEnd()).toMatch(why);
  });

  it('names the --api-key-file that is missing, unreadable or empty', async () => {
    const dir = await tempDir();
    const target = ['--target', 'http://127.0.0.1:9/v1'];
    const missing = join(dir, 'missing.key');
    expectUsageError(await runCli([...target, '--api-key-file', missing]), new RegExp(`cannot read --api-key-file ${escape(missing)}: no such file \\(ENOENT\\)$`));
    expectUsageError(await runCli([...target, '--api-key-file', 'key.txt']), /cannot read --api-key-file key\.txt: no such file/);
    expectUsageError(await runCli([...target, '--api-key-file', dir]), new RegExp(`cannot read --api-key-file ${escape(dir)}: it is a directory \\(EISDIR\\)$`));
    const empty = join(dir, 'empty.key');
    await writeFile(empty, '\n');
    expectUsageError(await runCli([...target, '--api-key-file', empty]), new RegExp(`--api-key-file ${escape(empty)} is empty: it must hold the target's API key$`));
    const spaced = join(dir, 'spaced.key');
    await writeFile(spaced, 'two words\n');
    expectUsageError(await runCli([...target, '--api-key-file', spaced]), new RegExp(`--api-key-file ${escape(spaced)} holds white space inside the key`));
  });

  it('stops with exit 2 when the report directory cannot be written', async () => {
    const dir = await tempDir();
    const file = join(dir, 'a-file');
    await writeFile(file, '');
    expectUsageError(await runCli(['--target', 'reference', '--report-dir', join(file, 'reports')]), /cannot write reports to .*: ENOTDIR; choose another --report-dir/);
    // A parent that exists but takes no directories (Node's recursive mkdir loops for ever on it).
    if (existsSync('/proc/self')) {
      expectUsageError(await runCli(['--target', 'reference', '--report-dir', '/proc/petstore-conformance/reports'], {}, 20_000), /cannot write reports to \/proc\/petstore-conformance\/reports: ENOENT/);
    }
  });
});
