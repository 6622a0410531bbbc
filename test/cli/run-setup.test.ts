import { describe, expect, it } from 'vitest';
import { parseCommand, type RunConfig } from '../../src/cli/options.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiKeyOf, settingsFor } from '../../src/cli/run-setup.js';
import { tempDir } from '../support/cli.js';
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
