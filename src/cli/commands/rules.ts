import { join } from 'node:path';
import { packageRoot } from '../../core/package-info.js';
import { CONTRACT_DOCUMENT, RULES } from '../../rules/catalogue.js';
import { selects } from '../../rules/selection.js';
import { loadSpec } from '../../spec/load.js';
import type { RuleId } from '../../rules/catalogue.js';
import type { LoadedSpec } from '../../spec/load.js';
import type { Output } from '../console/output.js';
import { defaultProfile, PROFILES } from '../profiles.js';
import type { Command } from '../options.js';
import { networkOf, specFetcher } from '../run-setup.js';
import { bundledSpecLines, NOT_EXERCISED, type SpecLines } from './spec-lines.js';

/**
 * `petstore-conformance rules [<rule|area>...]`: the catalogue (or the rules named), as a table or as JSON, with what
 * each rule comes to for the spec in use (the bundled one, or --spec; with --assert-formats, as a run with it): see
 * rules-for-spec.ts.
 */
export async function printRules(out: Output, command: Extract<Command, { kind: 'rules' }>, env: NodeJS.ProcessEnv): Promise<void> {
  const { json, only, specPath, assertFormats } = command;
  // A spec at a URL is fetched as a run fetches it (the proxy the environment names, --ca, --insecure, the client
  // certificate), within a run's deadline.
  const spec = await loadSpec(specPath, { fetch: specFetcher(await networkOf(command.network, env), PROFILES[defaultProfile(false)].timeoutMs) });
  const rules = RULES.filter((rule) => selects({ only, skip: [] }, rule.id));
  const forSpec = await specLinesOf(spec, assertFormats, rules.map((rule) => rule.id));
  if (json) {
    out.line(JSON.stringify(rules.map((rule) => ({ ...rule, ...(forSpec[rule.id]?.length ? { forSpec: forSpec[rule.id] } : {}) })), null, 2));
    return;
  }
  const indent = ' '.repeat(16);
  for (const rule of rules) {
    out.line(`${out.style.bold(rule.id.padEnd(9))}${rule.level.padEnd(7)}${rule.requirement}`);
    out.line(out.style.dim(`${indent}source: ${rule.source}`));
    const lines = forSpec[rule.id] ?? [];
    // The first line says what the lines are; the others stand under its text, those of what is not exercised set apart.
    const heading = 'for this spec: ';
    for (const [i, line] of lines.entries()) {
      const text = line.startsWith(NOT_EXERCISED) ? `${out.style.dim(NOT_EXERCISED)}${line.slice(NOT_EXERCISED.length)}` : line;
      out.line(`${indent}${i === 0 ? out.style.yellow(heading) : ' '.repeat(heading.length)}${text}`);
    }
  }
  out.line('');
  out.line(`"contract §N" is section N of the contract, ${join(packageRoot, CONTRACT_DOCUMENT)}`);
  out.line(`"for this spec" is what a rule comes to for ${spec.path} (${spec.title} ${spec.model.version})${assertFormats ? ' with --assert-formats' : ''}; --spec names another`);
}

/**
 * What these rules come to for the spec: the build's lines for the bundled spec (read, not worked out: see
 * spec-lines.ts), else worked out by the generators, loaded only then.
 */
async function specLinesOf(spec: LoadedSpec, assertFormats: boolean, rules: readonly RuleId[]): Promise<SpecLines> {
  const built = spec.fromBuild && !assertFormats ? await bundledSpecLines(spec.sha256) : undefined;
  if (built) return built;
  const { forSpecOf, specUse } = await import('./rules-for-spec.js');
  const use = specUse(spec, assertFormats);
  return Object.fromEntries(rules.map((rule) => [rule, forSpecOf(rule, use)]));
}
