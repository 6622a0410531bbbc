import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/core/package-info.js';
import { tempDir } from './support/cli.js';
import { reference } from './support/reference.js';

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

/** The script of the step that runs the check, as the runner hands it to bash: the block under its `run: |`. */
function checkStepScript(action: string): string {
  const lines = action.split('\n');
  const step = lines.findIndex((l) => /^\s+id: run$/.test(l));
  const start = lines.findIndex((l, i) => i > step && /^\s+run: \|$/.test(l));
  const indent = /^\s*/.exec(lines[start + 1] ?? '')?.[0].length ?? 0;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== '' && (/^\s*/.exec(line)?.[0].length ?? 0) < indent) break;
    body.push(line.slice(indent));
  }
  return body.join('\n');
}

describe('the check step of action.yml, run by bash as a runner runs it', () => {
  /**
   * Runs the step against a reference served here (or `target`), with the action's inputs as the runner passes them
   * (its env), in a workspace of its own (or `dir`, reused).
   */
  async function runStep(inputs: { failOnPartial: string; args: string; target?: string; dir?: string }) {
    const action = await readFile(join(packageRoot, 'action.yml'), 'utf8');
    const server = await reference({ apiKey: 'psk_action_test_key_0123456789' });
    const dir = inputs.dir ?? await tempDir();
    const output = join(dir, 'github-output');
    const env = {
      ...process.env, NO_COLOR: '1', GITHUB_ACTION_PATH: packageRoot, GITHUB_OUTPUT: output, PETSTORE_API_KEY: server.apiKey,
      TARGET: inputs.target ?? server.url, PROFILE: 'staging', FAIL_ON_PARTIAL: inputs.failOnPartial, REPORT_DIR: join(dir, 'reports'), ARGS: inputs.args,
    };
    const code = await new Promise<number | null>((resolve, reject) => {
      const bash = spawn('bash', ['-e', '-c', checkStepScript(action)], { env, stdio: 'ignore' });
      bash.on('error', reject);
      bash.on('close', resolve);
    });
    return { code, output: await readFile(output, 'utf8') };
  }

  it('fails the step on a partial verdict, and sets the verdict output', async () => {
    const { code, output } = await runStep({ failOnPartial: 'true', args: '--max-writes 30' });
    expect(code).toBe(3);
    expect(output).toBe('verdict=partial\n');
  });

  // Before: a run that stopped at start-up in a reused workspace left the earlier run's report.json, whose verdict the
  // step reported as this run's (and its summary.md went to the step summary).
  it('reports no earlier run\'s verdict from a reused workspace when the run stops at start-up', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'reports'));
    await writeFile(join(dir, 'reports', 'report.json'), JSON.stringify({ verdict: 'conformant' }));
    await writeFile(join(dir, 'reports', 'summary.md'), '## ✅ conformant\n');
    const { code, output } = await runStep({ failOnPartial: 'true', args: '', target: 'http://127.0.0.1:9/v1', dir });
    expect(code).toBe(2);
    expect(output).toBe('verdict=incomplete\n');
    expect(existsSync(join(dir, 'reports', 'summary.md'))).toBe(false);
  });

  it('lets a partial verdict pass when fail-on-partial is "false"; a default run is conformant', async () => {
    expect(await runStep({ failOnPartial: 'false', args: '--max-writes 30' })).toEqual({ code: 0, output: 'verdict=partial\n' });
    expect(await runStep({ failOnPartial: 'true', args: '' })).toEqual({ code: 0, output: 'verdict=conformant\n' });
  });
});
