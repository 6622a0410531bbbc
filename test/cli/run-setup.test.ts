import { describe, expect, it } from 'vitest';
import { parseCommand, type RunConfig } from '../../src/cli/options.js';
import { settingsFor } from '../../src/cli/run-setup.js';
import { loadSpec } from '../../src/spec/load.js';

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
