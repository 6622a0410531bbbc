import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/core/package-info.js';

describe('action.yml', async () => {
  const action = await readFile(join(packageRoot, 'action.yml'), 'utf8');

  it('passes the key through the environment only, never on a command line', () => {
    expect(action).toMatch(/PETSTORE_API_KEY: \$\{\{ inputs\.api-key \}\}/);
    const commands = action.split('\n').filter((l) => /main\.js/.test(l));
    expect(commands.length).toBe(1);
    expect(commands[0]).not.toMatch(/api-key|PETSTORE_API_KEY/);
    // Inputs reach scripts as environment variables, not spliced into them (no script injection).
    for (const line of action.split('\n').filter((l) => /^\s+(run:|node |echo |if \[)/.test(l))) expect(line).not.toMatch(/\$\{\{/);
  });

  it('runs the built CLI, writes the step summary and uploads the reports even when the check fails', () => {
    expect(action).toContain('"$GITHUB_ACTION_PATH/dist/src/cli/main.js"');
    expect(existsSync(join(packageRoot, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    expect(action).toMatch(/if: always\(\)\n\s+shell: bash\n[\s\S]*GITHUB_STEP_SUMMARY/);
    expect(action).toMatch(/if: always\(\)\n\s+uses: actions\/upload-artifact/);
  });

  it('fails on a partial verdict unless told otherwise', () => {
    expect(action).toMatch(/fail-on-partial:\n\s+description: .*\n\s+default: 'true'/);
    expect(action).toContain('if [ "$FAIL_ON_PARTIAL" != "false" ]; then partial="--fail-on-partial"; fi');
    expect(action).toMatch(/main\.js" .*\$partial/);
  });
});
