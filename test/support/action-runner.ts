/**
 * Runs action.yml's steps as a GitHub runner runs a composite action, for the tests: each `run` step with bash
 * (`bash --noprofile --norc -eo pipefail`, as `shell: bash` is run) in the job's workspace, with the step's env and the
 * runner's variables (GITHUB_OUTPUT a new file per step, GITHUB_ACTION_PATH, GITHUB_STEP_SUMMARY, RUNNER_TEMP…), its
 * outputs read back for the steps after; `if:` and `${{ }}` as the action uses them; a failed step skips the steps
 * after it but for those `if: always()`. The actions it uses are stood in for: setup-node puts this Node first on
 * PATH, cache/restore and cache/save copy to and from a directory that plays the cache, upload-artifact and
 * attest-build-provenance are recorded (an attestation needs GitHub's OIDC token and Sigstore: it cannot be made here).
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import yaml from 'js-yaml';

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string | number | boolean>;
}

interface Action {
  readonly inputs: Record<string, { readonly default?: string; readonly required?: boolean }>;
  readonly outputs: Record<string, { readonly value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

/** One job that uses the action: where it runs, what it is given, and the cache it shares with other jobs. */
export interface Job {
  /** The action's checkout (GITHUB_ACTION_PATH). */
  readonly actionPath: string;
  /** The job's working directory. */
  readonly workspace: string;
  /** The runner's temporary directory (RUNNER_TEMP). */
  readonly runnerTemp: string;
  /** The directory that plays the Actions cache, shared by the jobs of a test. */
  readonly cache: string;
  readonly inputs: Record<string, string>;
  /** The job's environment (PATH, NODE_ENV…), on top of the runner's variables. */
  readonly env: Record<string, string>;
  /** GITHUB_JOB. */
  readonly job?: string;
}

/** What a job did: its result (the first failed step's exit code, else 0), the steps, the action's outputs. */
export interface JobResult {
  readonly code: number;
  /** Each step by name, and whether it ran. */
  readonly steps: readonly { readonly name: string; readonly ran: boolean }[];
  readonly outputs: Record<string, string>;
  readonly uploads: readonly { readonly name: string; readonly path: string; readonly overwrite: boolean }[];
  /** The files each attest-build-provenance step was given, one a line of its subject-path. */
  readonly attestations: readonly (readonly string[])[];
  readonly summary: string;
  readonly log: string;
}

/** Runs every step of action.yml in `actionPath` for one job. */
export async function runAction(job: Job): Promise<JobResult> {
  const action = yaml.load(await readFile(join(job.actionPath, 'action.yml'), 'utf8')) as Action;
  if (action.runs.using !== 'composite') throw new Error(`a composite action is expected, not ${action.runs.using}`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => {
    const value = job.inputs[name] ?? input.default ?? '';
    if (input.required && !value) throw new Error(`the input ${name} is required`);
    return [name, value];
  }));
  const stepOutputs: Record<string, Record<string, string>> = {};
  const summaryFile = join(job.runnerTemp, 'step-summary.md');
  await mkdir(job.runnerTemp, { recursive: true });
  await writeFile(summaryFile, '');
  let path = job.env['PATH'] ?? '';
  let code = 0;
  let log = '';
  const steps: { name: string; ran: boolean }[] = [];
  const uploads: { name: string; path: string; overwrite: boolean }[] = [];
  const attestations: string[][] = [];

  const context = (expression: string): string => {
    const [scope, ...rest] = expression.trim().split('.');
    if (scope === 'inputs') return inputs[rest.join('.')] ?? '';
    if (scope === 'steps' && rest[1] === 'outputs') return stepOutputs[rest[0] as string]?.[rest.slice(2).join('.')] ?? '';
    throw new Error(`the test's runner does not know ${expression}`);
  };
  const interpolate = (text: string) => text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => context(expression));
  // `always()`, `success()`, or comparisons joined by `&&`, which imply success() as GitHub's do.
  const condition = (expression: string | undefined): boolean => {
    const text = (expression ?? 'success()').replace(/^\$\{\{(.*)\}\}$/, '$1').trim();
    if (text === 'always()') return true;
    if (text === 'success()') return code === 0;
    return code === 0 && text.split('&&').every((part) => {
      const comparison = /^([\w.-]+)\s*(==|!=)\s*'([^']*)'$/.exec(part.trim());
      if (!comparison) throw new Error(`the test's runner does not know the condition ${text}`);
      const equal = context(comparison[1] as string) === comparison[3];
      return comparison[2] === '==' ? equal : !equal;
    });
  };

  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${index + 1}`;
    const ran = condition(step.if);
    steps.push({ name, ran });
    if (!ran) continue;
    const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
    let outputs: Record<string, string> = {};
    if (step.run !== undefined) {
      if (step.shell !== 'bash') throw new Error(`${name}: the test's runner runs bash steps only`);
      const outputFile = join(job.runnerTemp, `output-${index}`);
      await writeFile(outputFile, '');
      const env = {
        ...job.env, PATH: path, GITHUB_ACTIONS: 'true', GITHUB_ACTION_PATH: job.actionPath, GITHUB_WORKSPACE: job.workspace,
        GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, GITHUB_JOB: job.job ?? 'conformance', RUNNER_TEMP: job.runnerTemp,
        RUNNER_OS: 'Linux', RUNNER_ARCH: 'X64',
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(v)])),
      };
      const result = await bash(step.run, env, job.workspace);
      log += `== ${name}\n${result.output}`;
      outputs = Object.fromEntries((await readFile(outputFile, 'utf8')).split('\n').filter(Boolean).map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)];
      }));
      if (result.code !== 0 && code === 0) code = result.code;
    } else if (step.uses?.startsWith('actions/setup-node@')) {
      path = `${dirname(process.execPath)}:${path}`;
    } else if (step.uses?.startsWith('actions/cache/restore@')) {
      const stored = join(job.cache, given['key'] as string);
      const hit = existsSync(stored);
      if (hit) await cp(stored, given['path'] as string, { recursive: true });
      outputs = { 'cache-hit': hit ? 'true' : 'false' };
    } else if (step.uses?.startsWith('actions/cache/save@')) {
      await cp(given['path'] as string, join(job.cache, given['key'] as string), { recursive: true });
    } else if (step.uses?.startsWith('actions/upload-artifact@')) {
      uploads.push({ name: given['name'] as string, path: given['path'] as string, overwrite: given['overwrite'] === 'true' });
    } else if (step.uses?.startsWith('actions/attest-build-provenance@')) {
      attestations.push((given['subject-path'] as string).split('\n').map((line) => line.trim()).filter(Boolean));
      outputs = { 'attestation-url': `https://github.com/attestations/${attestations.length}` };
    } else {
      throw new Error(`${name}: the test's runner does not stand in for ${step.uses}`);
    }
    if (step.id) stepOutputs[step.id] = outputs;
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, interpolate(output.value)]));
  return { code, steps, outputs, uploads, attestations, summary: await readFile(summaryFile, 'utf8'), log };
}

/** Runs a script as `shell: bash` does; resolves with its exit code and what it printed. */
function bash(script: string, env: Record<string, string>, cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { env, cwd });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
