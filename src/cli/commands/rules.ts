import { join } from 'node:path';
import { packageRoot } from '../../core/package-info.js';
import { CONTRACT_DOCUMENT, RULES, type Rule } from '../../rules/catalogue.js';
import { ANSWERED_BY_THE_SPEC, OPEN_QUESTIONS, OTHER_PROPERTIES_FORBIDDEN } from '../../rules/open-questions.js';
import { selects } from '../../rules/selection.js';
import { loadSpec, type LoadedSpec } from '../../spec/load.js';
import { operationOf } from '../../spec/mapping.js';
import { bodyMediaTypeOf, CONTRACT_MEDIA_TYPE, essenceOf, withCharset } from '../../spec/media-types.js';
import { writesValuesOf } from '../../spec/parameter-style.js';
import { answeredBy, nodeOf, takesOtherProperties } from '../../spec/schema-node.js';
import type { Parameter } from '../../spec/types.js';
import type { Output } from '../console/output.js';
import { defaultProfile, PROFILES } from '../profiles.js';
import { environmentNetwork, specFetcher } from '../run-setup.js';

/** What a rule comes to for the spec in use, beyond its requirement: a line of words each. */
type ForSpec = readonly string[];

/**
 * `petstore-conformance rules [<rule|area>...]`: the catalogue (or the rules named), as a table or as JSON, with what
 * each rule comes to for the spec in use (the bundled one, or --spec): which of the INFO rules' open questions the spec
 * answers (then CREATE-1 and CREATE-2 judge them as it says), whether CREATE-4 applies, which parameters of the list
 * LIST-1 judges, and which of the create CREATE-1 and CREATE-2 do.
 */
export async function printRules(out: Output, json: boolean, only: readonly string[], specPath: string | undefined, env: NodeJS.ProcessEnv): Promise<void> {
  // A spec at a URL is fetched through the environment's proxy, trusting the system's CAs, within a run's deadline.
  const spec = await loadSpec(specPath, { fetch: specFetcher(environmentNetwork(env), PROFILES[defaultProfile(false)].timeoutMs) });
  const rules = RULES.filter((rule) => selects({ only, skip: [] }, rule.id));
  const forSpec = new Map(rules.map((rule) => [rule.id, forSpecOf(rule, spec)] as const));
  if (json) {
    out.line(JSON.stringify(rules.map((rule) => ({ ...rule, ...(forSpec.get(rule.id)?.length ? { forSpec: forSpec.get(rule.id) } : {}) })), null, 2));
    return;
  }
  for (const rule of rules) {
    out.line(`${out.style.bold(rule.id.padEnd(9))}${rule.level.padEnd(7)}${rule.requirement}`);
    out.line(out.style.dim(`${' '.repeat(16)}source: ${rule.source}`));
    for (const line of forSpec.get(rule.id) ?? []) out.line(`${' '.repeat(16)}${out.style.yellow('for this spec:')} ${line}`);
  }
  out.line('');
  out.line(`"contract §N" is section N of the contract, ${join(packageRoot, CONTRACT_DOCUMENT)}`);
  out.line(`"for this spec" is what a rule comes to for ${spec.path} (${spec.title} ${spec.model.version}); --spec names another`);
}

function forSpecOf(rule: Rule, spec: LoadedSpec): ForSpec {
  const node = nodeOf(spec.model.schemas.NewCategory);
  if (rule.id === 'CREATE-4') return takesOtherProperties(node) ? [] : [`does not apply: ${OTHER_PROPERTIES_FORBIDDEN}`];
  const create = operationOf(spec.model.operations, 'create');
  // The parameters the list and the create are tried with.
  const tried = (role: 'list' | 'create') => operationOf(spec.model.operations, role).parameters.filter(writesValuesOf);
  const named = (p: Parameter) => `the parameter ${p.name} (${p.in}, ${p.style}${p.explode ? ', exploded' : ''})`;
  if (rule.id === 'CREATE-3' && bodyMediaTypeOf(create) !== CONTRACT_MEDIA_TYPE) {
    const type = bodyMediaTypeOf(create);
    return [`sends the create's body as "${withCharset(type, 'spaced')}" and as "${withCharset(type, 'tight')}", each judged like one sent as "${type}"`];
  }
  if (rule.id === 'MEDIA-1') return documentedMediaTypes(spec);
  if (rule.id === 'LIST-1') {
    return tried('list').map((p) => `also judges ${named(p)}: values its schema allows get 200 and a JSON array, others (where it constrains them)${p.required ? ' and the list without it' : ''} 400`);
  }
  if (rule.id === 'CREATE-1') {
    return [
      ...(create.requestMediaTypes.length > 1 ? [`also sends a valid NewCategory in each JSON media type the spec names for the create's body: ${create.requestMediaTypes.join(', ')}`] : []),
      ...tried('create').map((p) => `also judges ${named(p)}: a valid NewCategory sent with each value its schema allows gets 201 with what was sent`),
    ];
  }
  if (rule.id === 'CREATE-2') {
    return tried('create').map((p) => `also judges ${named(p)}: a create with a value its schema does not allow (where it constrains them)${p.required ? ' or without it' : ''} gets 400 and creates nothing`);
  }
  // The INFO rules: the questions the spec answers; none left open, the rule does not apply.
  const questions = OPEN_QUESTIONS.filter((q) => q.rule === rule.id);
  const lines: string[] = [];
  let open = 0;
  for (const q of questions) {
    const property = node.object.properties[q.property];
    const answer = property && answeredBy(property, q.aspect);
    if (!property) lines.push(`${q.question}: the spec defines no ${q.property}`);
    else if (answer) lines.push(`${q.question}: answered by the spec (${q.property}: ${answer}), judged under CREATE-1 where it allows it and CREATE-2 where it does not`);
    else open++;
  }
  return questions.length > 0 && open === 0 ? [...lines, `does not apply: ${ANSWERED_BY_THE_SPEC}`] : lines;
}

/** The response media types the spec documents other than the contract's application/json, by operation and status. */
function documentedMediaTypes(spec: LoadedSpec): ForSpec {
  return spec.model.operations.flatMap((op) => {
    const statuses = Object.entries(op.responseMediaTypes).filter(([, types]) => types.some((type) => essenceOf(type) !== CONTRACT_MEDIA_TYPE));
    return statuses.length === 0 ? [] : [`${op.label}: ${statuses.map(([status, types]) => `${status} served as ${types.join(' or ')}`).join('; ')}`];
  });
}
