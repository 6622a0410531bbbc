import { describe, expect, it } from 'vitest';
import { parseCommand, type RunConfig } from '../../src/cli/options.js';
import { settingsFor } from '../../src/cli/run-setup.js';
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
