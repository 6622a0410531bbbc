/**
 * What each rule comes to for a spec (`rules --spec`): the properties, bounds, patterns, enums, formats and parameters
 * it judges, the open questions the spec answers, and what will not be exercised and why. Every line is read from the
 * code that decides what the suites send (the NewCategory bodies and the create's examples of generators/, the
 * parameters' trials, the coverage's reasons), never written again here: what `rules` says is what a run does.
 */
import { createExamples, invalidBodyExamples, undefinedProperties } from '../../generators/create-examples.js';
import { newCategoryBodies, type NewCategoryBodies } from '../../generators/new-category.js';
import { invalidParameterValues, parameterTrials, type ParameterTrial } from '../../generators/schema/parameter-values.js';
import { pathLabel } from '../../generators/schema/value-case.js';
import { violationCases } from '../../generators/schema/violations.js';
import { jsonText } from '../../json/write.js';
import type { RuleId } from '../../rules/catalogue.js';
import { ANSWERED_BY_THE_SPEC, NO_UNDEFINED_PROPERTY_NAME, OPEN_QUESTIONS, OTHER_PROPERTIES_FORBIDDEN } from '../../rules/open-questions.js';
import { whyUnsent } from '../../runner/coverage.js';
import type { LoadedSpec } from '../../spec/load.js';
import { contractStatuses, operationOf } from '../../spec/mapping.js';
import { bodyMediaTypeOf, charsetSpellings, CONTRACT_MEDIA_TYPE, essenceOf } from '../../spec/media-types.js';
import { writesValuesOf } from '../../spec/parameter-style.js';
import { specValidators } from '../../spec/prebuilt-validators.js';
import { answeredBy, nodeOf, shownContent, takesOtherProperties, type SchemaNode } from '../../spec/schema-node.js';
import { propertiesWords, schemaWords } from '../../spec/schema-words.js';
import { guardedOperations, pathVariants, responseKeyOf, writesOf, type JsonSchema, type Operation, type Parameter } from '../../spec/types.js';
import { NOT_EXERCISED } from './spec-lines.js';

/** What the suites send and judge of a spec, made by the code that makes what they send. */
export interface SpecUse {
  readonly spec: LoadedSpec;
  /** Whether the run holds the target to formats (--assert-formats). */
  readonly assertFormats: boolean;
  readonly bodies: NewCategoryBodies;
  readonly list: Operation;
  readonly create: Operation;
  /** The trials of the parameters of the list and the create whose values the suites write. */
  readonly listTrials: readonly ParameterTrial[];
  readonly createTrials: readonly ParameterTrial[];
}

/** What the suites make of a loaded spec, as the worker makes it (runtime/environment.ts) for a run with these options. */
export function specUse(spec: LoadedSpec, assertFormats: boolean): SpecUse {
  const { model } = spec;
  const list = operationOf(model.operations, 'list');
  const create = operationOf(model.operations, 'create');
  const bodies = newCategoryBodies(model, specValidators(model, spec.fromBuild), { assertFormats });
  // The create suite tries the create's parameters only with a valid NewCategory to send.
  return { spec, assertFormats, bodies, list, create, listTrials: parameterTrials(list, { assertFormats }), createTrials: bodies.canMakeValid ? parameterTrials(create, { assertFormats }) : [] };
}

/** What each rule comes to for a spec, a line each; none for a rule that judges every spec alike. */
export function forSpecOf(rule: RuleId, use: SpecUse): string[] {
  return FOR_SPEC[rule]?.(use) ?? [];
}

/** A run's id as the lines show it: CREATE-4's properties are named for each run. */
const SHOWN_RUN_ID = '<run id>';
/** A run's id of the form a run makes (runner/run.ts), to name CREATE-4's properties as a run would. */
const SOME_RUN_ID = '0f3a9c21';

const FOR_SPEC: Partial<Record<RuleId, (use: SpecUse) => string[]>> = {
  'AUTH-1': ({ spec }) => {
    const guarded = guardedOperations(spec.model.operations);
    const variants = guarded.flatMap(pathVariants).length;
    return [`sent with no credential: ${labels(guarded)}${variants > 0 ? `, and ${variants} other spellings of their paths (a trailing slash, another letter case, a doubled slash)` : ''}`,
      ...unguarded(spec)];
  },
  'AUTH-2': ({ spec }) => [`sent with a wrong key and every kind of invalid credential: ${labels(guardedOperations(spec.model.operations))}`, ...unguarded(spec)],
  'AUTH-3': ({ spec, list, create }) => {
    const others = guardedOperations(spec.model.operations).filter((op) => op !== list && op !== create);
    return [`sent with the valid key: ${list.label} and ${create.label}${others.length > 0 ? `, and ${labels(others)} (any answer but a refusal)` : ''}`];
  },
  'AUTH-4': ({ spec }) => {
    const writing = guardedOperations(spec.model.operations).filter((op) => writesOf(op) > 0);
    return writing.length > 0 ? [`every refused request to ${labels(writing)}, which must create nothing`] : [];
  },
  'AUTH-5': ({ create }) => [`${create.label} with no credential and a body without name, malformed JSON, an empty body, a body of another media type`],
  'AUTH-6': ({ spec }) => [`every 401 the run gets from ${labels(guardedOperations(spec.model.operations))}`],
  'AUTH-7': ({ list, create }) => [`sent with the scheme in other letter cases: ${list.label} and ${create.label}`],
  'LIST-1': ({ list, listTrials, assertFormats }) => [
    ...(listTrials.length === 0 ? [`${list.label} declares no parameter whose values the suite writes`] : []),
    ...listTrials.flatMap(({ parameter, node, valid, drawn, invalid }) => [
      ...(valid.length > 0 || drawn ? [`${parameterWords(parameter, node)}: values it allows get 200 and a JSON array: ${counted(valid.map((c) => c.label))}${drawn ? ', and generated ones' : ''}`] : []),
      ...(invalid.length > 0 ? [`${parameter.name}: values it does not allow get 400: ${counted(invalid.map((c) => c.label))}`] : []),
      ...(parameter.required ? [`${parameter.name}: the list without it gets 400`] : []),
    ]),
    ...unwritten(list, listTrials),
    ...(assertFormats ? [] : unassertedFormats(undefined, listTrials)),
  ],
  'LIST-2': ({ spec }) => [`each category the run created, by its id, with ${shownContent(nodeOf(spec.model.schemas.Category)).join(', ') || 'nothing else'} as its 201 showed them`],
  'CREATE-1': ({ bodies, create, createTrials }) => {
    if (!bodies.canMakeValid) return [`${NOT_EXERCISED}no valid NewCategory can be made of the spec's: ${bodies.problems({}).join('; ')}`];
    const sent = bodies.properties.filter((p) => !bodies.unexercised.some((u) => u.property === p));
    const examples = createExamples(bodies).filter((e) => !e.forbidden);
    return [
      `valid NewCategories, sent as ${bodyMediaTypeOf(create)}: ${propertiesWords(bodies.node, sent)}`,
      ...(create.requestMediaTypes.length > 1 ? [`also a valid NewCategory in each JSON media type the spec names for the create's body: ${create.requestMediaTypes.join(', ')}`] : []),
      `${examples.length} by example (the name grammar's shapes, the text hazards${bodies.boundaries.length > 0 ? ', the spec\'s boundary values' : ''})${bodies.arbitrary ? ', and generated ones' : ''}`,
      ...(bodies.boundaries.length > 0 ? [`at the spec's bounds: ${counted(bodies.boundaries.map((c) => c.label), 8)}`] : []),
      ...createTrials.filter((t) => t.valid.length > 0).map((t) => `${parameterWords(t.parameter, t.node)}: values it allows, each with a valid NewCategory: ${counted(t.valid.map((c) => c.label))}`),
      ...bodies.unexercised.map(({ property, why }) => `${NOT_EXERCISED}property ${property} (${why})`),
      ...unwritten(create, createTrials),
    ];
  },
  'CREATE-2': ({ bodies, createTrials, assertFormats }) => {
    if (!bodies.canMakeValid) return [`${NOT_EXERCISED}no valid NewCategory can be made of the spec's to break`];
    const forbidden = createExamples(bodies).filter((e) => e.forbidden);
    const invalid = invalidBodyExamples(bodies);
    return [
      ...(bodies.violations.length > 0 ? [`${bodies.violations.length} NewCategories that each break one constraint of the spec's${bodies.randomViolations ? ' (and generated ones around them)' : ''}, by constraint:`] : []),
      ...byConstraint(bodies),
      ...(forbidden.length > 0 ? [`CREATE-1's examples the spec does not allow: ${counted(forbidden.map((e) => e.name))}`] : []),
      `the contract's invalid bodies: ${counted(invalid.map((e) => e.label))}, and generated ones`,
      ...createTrials.flatMap(({ parameter, node, invalid: values }) => [
        ...(values.length > 0 ? [`${parameterWords(parameter, node)}: values it does not allow: ${counted(values.map((c) => c.label))}`] : []),
        ...(parameter.required ? [`${parameter.name}: the create without it`] : []),
      ]),
      ...(assertFormats ? [] : unassertedFormats(bodies, createTrials)),
    ];
  },
  'CREATE-3': ({ create }) => {
    const type = bodyMediaTypeOf(create);
    const [spaced, tight] = charsetSpellings(type);
    return [`the create's body sent as "${spaced}" and as "${tight}", each judged like one sent as "${type}"`];
  },
  'CREATE-4': ({ bodies }) => {
    if (!bodies.undefinedPropertiesAllowed) return [`does not apply: ${OTHER_PROPERTIES_FORBIDDEN}`];
    const probe = Object.entries(undefinedProperties(bodies, SOME_RUN_ID));
    if (probe.length === 0) return bodies.canMakeValid ? [`does not apply: ${NO_UNDEFINED_PROPERTY_NAME}`] : [];
    const shown = probe.map(([name, value]) => `${name.replace(SOME_RUN_ID, SHOWN_RUN_ID)}: ${jsonText(value)}`).join(', ');
    return [`a valid NewCategory with ${shown}, named for each run, so that no spec defines them`];
  },
  'MODEL-1': ({ spec }) => {
    const node = nodeOf(spec.model.schemas.Category);
    return [`every Category a 201 or the list shows, as the spec's Category: ${propertiesWords(node)}${takesOtherProperties(node) ? '' : ', and no other property'}`];
  },
  'ERROR-1': ({ spec }) => errorSchemas(spec),
  'MEDIA-1': ({ spec }) => documentedMediaTypes(spec),
  'HTTP-1': ({ spec }) => {
    const omitted = spec.model.operations.map((op) => [op, contractStatuses(op).filter((s) => responseKeyOf(Number(s), op.documentedStatuses) === undefined)] as const).filter(([, statuses]) => statuses.length > 0);
    return [
      `the statuses the spec documents: ${spec.model.operations.map((op) => `${op.label} ${op.documentedStatuses.join(', ')}`).join('; ')}`,
      ...(omitted.length > 0 ? [`and those the contract gives, which the spec leaves out: ${omitted.map(([op, statuses]) => `${op.label} ${statuses.join(', ')}`).join('; ')}`] : []),
    ];
  },
  'INFO-1': (use) => openQuestions('INFO-1', use),
  'INFO-2': (use) => openQuestions('INFO-2', use),
  'INFO-3': (use) => openQuestions('INFO-3', use),
};

/** Operations in words: `listCategories, createCategory and GET /pets/{petId}`. */
function labels(operations: readonly Operation[]): string {
  const names = operations.map((op) => op.label);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}` : names[0] ?? 'no operation';
}

/** How many, and the first few: `3 (its plainest value; 1, the least it allows; …)`. */
function counted(items: readonly string[], shown = 3): string {
  const more = items.length > shown ? '; …' : '';
  return `${items.length}${items.length > 0 ? ` (${items.slice(0, shown).join('; ')}${more})` : ''}`;
}

/** A parameter in words: `the parameter limit (query, form, exploded; an integer, from 1 to 100)`. */
function parameterWords(parameter: Parameter, node: SchemaNode): string {
  const required = parameter.required ? ', required' : '';
  return `the parameter ${parameter.name} (${parameter.in}, ${parameter.style}${parameter.explode ? ', exploded' : ''}${required}; ${schemaWords(node)})`;
}

/** The operations the spec does not guard with the bearer scheme: the AUTH rules send them nothing. */
function unguarded(spec: LoadedSpec): string[] {
  return spec.model.operations.filter((op) => !op.requiresBearer).map((op) => `${NOT_EXERCISED}${op.label} (the spec requires no bearer credential for it)`);
}

/** An operation's parameters of which no valid value is sent, and why where the coverage knows (runner/coverage.ts). */
function unwritten(operation: Operation, trials: readonly ParameterTrial[]): string[] {
  return operation.parameters.flatMap((parameter) => {
    const why = whyUnsent(operation, parameter);
    const trial = trials.find((t) => t.parameter === parameter);
    if (why) return [`${NOT_EXERCISED}the parameter ${parameter.name} (${why})`];
    if (!writesValuesOf(parameter) || (trial && (trial.valid.length > 0 || trial.drawn))) return [];
    return [`${NOT_EXERCISED}the parameter ${parameter.name} (no value its schema allows reads back as its style writes it)`];
  });
}

/** CREATE-2's violations of the NewCategory, by the constraint each breaks: `name (type): 5 (is 42, is true, is null, …)`. */
function byConstraint(bodies: NewCategoryBodies): string[] {
  const groups = new Map<string, string[]>();
  for (const violation of bodies.violations) {
    const at = pathLabel(violation.path);
    const key = `${at} (${violation.keyword ?? 'value'})`;
    const label = violation.label.startsWith(`${at} `) ? violation.label.slice(at.length + 1) : violation.label;
    groups.set(key, [...groups.get(key) ?? [], label]);
  }
  return [...groups].map(([constraint, cases]) => `${constraint}: ${counted(cases)}`);
}

/**
 * The formats, of the NewCategory's properties (none without `bodies`) and of the parameters tried, whose breaking
 * values are sent only with --assert-formats: what a run with it adds (violations.ts, parameter-values.ts).
 */
function unassertedFormats(bodies: NewCategoryBodies | undefined, trials: readonly ParameterTrial[]): string[] {
  const sent = new Set(bodies ? violationCases(bodies.node).map((c) => c.label) : []);
  const properties = bodies ? violationCases(bodies.node, [], { assertFormats: true }).filter((c) => c.keyword === 'format' && !sent.has(c.label)).map((c) => pathLabel(c.path)) : [];
  const parameters = trials.filter(({ parameter, node }) => {
    const without = new Set(invalidParameterValues(parameter, node).map((c) => c.label));
    return invalidParameterValues(parameter, node, { assertFormats: true }).some((c) => !without.has(c.label));
  }).map(({ parameter }) => `the parameter ${parameter.name}`);
  const formatted = [...new Set(properties), ...parameters];
  return formatted.length === 0 ? [] : [`${NOT_EXERCISED}the formats of ${formatted.join(', ')} (formats are annotations: no value that breaks one is sent without --assert-formats)`];
}

/** What ERROR-1 judges each client error's body by (spec/validators.ts's errorFor): the Error, and any schema of an operation's own. */
function errorSchemas(spec: LoadedSpec): string[] {
  const errorText = JSON.stringify(spec.model.schemas.Error);
  // Alike as the validators find them alike: by their text.
  const own = new Map<string, { readonly schema: JsonSchema; readonly where: string[] }>();
  for (const op of spec.model.operations) {
    for (const [status, schema] of Object.entries(op.errorSchemas)) {
      const text = JSON.stringify(schema);
      if (text !== errorText) own.set(text, { schema, where: [...own.get(text)?.where ?? [], `${op.label} ${status}`] });
    }
  }
  return [
    `every client error's body as the spec's Error: ${propertiesWords(nodeOf(spec.model.schemas.Error))}${own.size > 0 ? ', unless its operation documents another for its status' : ''}` +
      `${own.size > 0 || !keepsContractError(spec.model.schemas.Error) ? '; and always as the contract\'s Error: code (a string), message (a string), status (an integer)' : ''}`,
    ...[...own.values()].map(({ schema, where }) => `${where.join(', ')}: ${propertiesWords(nodeOf(schema))}`),
  ];
}

/** Whether a schema requires the contract's Error fields itself: then saying the contract's adds nothing. */
function keepsContractError(schema: JsonSchema): boolean {
  const { object } = nodeOf(schema);
  return ['code', 'message', 'status'].every((field) => object.required.includes(field));
}

/** The response media types the spec documents other than the contract's application/json, by operation and status. */
function documentedMediaTypes(spec: LoadedSpec): string[] {
  return spec.model.operations.flatMap((op) => {
    const statuses = Object.entries(op.responseMediaTypes).filter(([, types]) => types.some((type) => essenceOf(type) !== CONTRACT_MEDIA_TYPE));
    return statuses.length === 0 ? [] : [`${op.label}: ${statuses.map(([status, types]) => `${status} served as ${types.join(' or ')}`).join('; ')}`];
  });
}

/**
 * An INFO rule's open questions: those the spec answers (then CREATE-1 and CREATE-2 judge them as it says), and those
 * it leaves open, which the rule observes; none left open, the rule does not apply.
 */
function openQuestions(rule: RuleId, { bodies }: SpecUse): string[] {
  const questions = OPEN_QUESTIONS.filter((q) => q.rule === rule);
  const lines: string[] = [];
  const open: string[] = [];
  for (const q of questions) {
    const property = bodies.node.object.properties[q.property];
    const answer = property && answeredBy(property, q.aspect);
    if (!bodies.properties.includes(q.property)) lines.push(`${q.question}: the spec defines no ${q.property}`);
    else if (answer) lines.push(`${q.question}: answered by the spec (${q.property}: ${answer}), judged under CREATE-1 where it allows it and CREATE-2 where it does not`);
    else open.push(q.question);
  }
  if (open.length > 0) return [...lines, `${open.join(', ')}: left open by the spec, observed`];
  return questions.length > 0 ? [...lines, `does not apply: ${ANSWERED_BY_THE_SPEC}`] : lines;
}
