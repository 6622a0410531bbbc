import type { OpenAPIV3 } from 'openapi-types';
import { SpecError } from '../core/errors.js';
import { jsonMediaTypesIn } from './media-types.js';
import { nodeOf } from './schema-node.js';
import { conversionOf, toJsonSchema } from './schemas.js';
import type { JsonSchema, Operation, OperationRole, SchemaName } from './types.js';

/**
 * How the suites find the contract's two operations in a spec: by operationId, else by method and path. A revision
 * that renames an operationId, or moves the version segment into its paths, still maps.
 */
const ROLES: { readonly [role in OperationRole]: { readonly operationId: string; readonly method: string; readonly path: string } } = {
  list: { operationId: 'listCategories', method: 'GET', path: '/categories' },
  create: { operationId: 'createCategory', method: 'POST', path: '/categories' },
};

/** The operations with the contract's roles marked (see Operation.role); a spec without one of them cannot be checked. */
export function withRoles(operations: readonly Operation[]): Operation[] {
  const roles = new Map<Operation, OperationRole>();
  for (const role of Object.keys(ROLES) as OperationRole[]) roles.set(findRole(operations, role), role);
  return operations.map((op) => {
    const role = roles.get(op);
    return role ? { ...op, role } : op;
  });
}

function findRole(operations: readonly Operation[], role: OperationRole): Operation {
  const { operationId, method, path } = ROLES[role];
  const byId = operations.find((op) => op.operationId === operationId);
  if (byId) return byId;
  const exact = operations.filter((op) => op.method === method && op.path === path);
  // Another base path: the version segment (or more) written into the paths, under a server at the host's root.
  const under = operations.filter((op) => op.method === method && op.path.endsWith(path));
  const found = exact.length > 0 ? exact : under;
  if (found.length === 1) return found[0] as Operation;
  const where = `${method} ${path}`;
  if (found.length > 1) {
    throw new SpecError(`the spec has ${found.length} operations that could be ${operationId} (${found.map((op) => op.key).join(', ')}) and none with that operationId: give it to one of them`);
  }
  throw new SpecError(`the spec has no operation with operationId "${operationId}", nor a ${where}, which the suites check; add it or point --spec at a revision of this contract`);
}

/**
 * The statuses the contract gives an operation whatever its spec documents, and those of them with a body: the list's
 * 200 (an array of Categories), the create's 201 (the Category) and 400 (an Error), and a 401 (an Error) on every
 * operation the bearer scheme guards (contract §4.1, §4.2, §5). A spec that leaves one out does not take it from the
 * contract, whose statuses the suite judges by.
 */
export function contractStatuses(operation: Pick<Operation, 'role' | 'requiresBearer'>): readonly string[] {
  const own = operation.role === 'list' ? ['200'] : operation.role === 'create' ? ['201', '400'] : [];
  return operation.requiresBearer ? [...own, '401'] : own;
}

/** The operation the spec maps to a role (see withRoles). */
export function operationOf(operations: readonly Operation[], role: OperationRole): Operation {
  const found = operations.find((op) => op.role === role);
  if (!found) throw new SpecError(`the spec maps no operation to ${ROLES[role].operationId}`);
  return found;
}

/** Where the model found each schema, in words: `the request body of POST /categories`. */
export type SchemaSources = { readonly [name in SchemaName]: string };

/**
 * The schemas the checks judge by, found through the operations that use them: NewCategory as the create's request
 * body, Category as its 201 (else as the list's items), Error as the body of a 400 or 401; each else by its component
 * name. A schema found nowhere is named in a one-line SpecError.
 */
export function schemasOf(doc: OpenAPIV3.Document, operations: readonly Operation[]): { readonly schemas: { readonly [name in SchemaName]: JsonSchema }; readonly sources: SchemaSources } {
  const list = operationOf(operations, 'list');
  const create = operationOf(operations, 'create');
  const listOp = operationObject(doc, list);
  const createOp = operationObject(doc, create);
  requireJsonBody(create, createOp);
  const responseSchema = (op: OpenAPIV3.OperationObject | undefined, status: string) => jsonSchemaIn((op?.responses?.[status] as OpenAPIV3.ResponseObject | undefined)?.content);
  const listed = responseSchema(listOp, '200');
  const listedItems = listed && typeof listed === 'object' && !Array.isArray(listed) ? (listed as OpenAPIV3.ArraySchemaObject).items : undefined;
  const candidates: { readonly [name in SchemaName]: readonly (readonly [string, unknown])[] } = {
    NewCategory: [[`the request body of ${create.key}`, jsonSchemaIn((createOp?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content)]],
    Category: [[`the 201 response of ${create.key}`, responseSchema(createOp, '201')], [`the items of the 200 response of ${list.key}`, listedItems]],
    Error: [
      [`the 400 response of ${create.key}`, responseSchema(createOp, '400')],
      [`the 401 response of ${create.key}`, responseSchema(createOp, '401')],
      [`the 401 response of ${list.key}`, responseSchema(listOp, '401')],
    ],
  };
  const schemas = {} as Record<SchemaName, JsonSchema>;
  const sources = {} as Record<SchemaName, string>;
  const conversion = conversionOf(doc);
  for (const name of Object.keys(candidates) as SchemaName[]) {
    const found = [...candidates[name], [`components.schemas.${name}`, doc.components?.schemas?.[name]] as const].find(([, schema]) => schema !== undefined);
    if (!found) throw new SpecError(`the spec gives no schema for a ${name} (${candidates[name].map(([where]) => where).join(', ')}, or components.schemas.${name}), which the suites ${name === 'NewCategory' ? 'send' : 'validate against'}`);
    const [where, schema] = found;
    // OpenAPI's readOnly and writeOnly: a property required and read-only is required in responses only, one required
    // and write-only in requests only.
    schemas[name] = requiredOnlyWhere(toJsonSchema(schema, where, conversion), name === 'NewCategory' ? 'readOnly' : 'writeOnly');
    sources[name] = where;
  }
  return { schemas, sources };
}

/**
 * The schema with the properties marked `marked` (readOnly or writeOnly) taken out of the `required` lists that name
 * them, in depth (the definitions a recursive schema refers to included): what a request (or a response) must carry
 * where the spec marks a required property as not its own.
 */
function requiredOnlyWhere(schema: JsonSchema, marked: 'readOnly' | 'writeOnly'): JsonSchema {
  if (typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = { ...schema };
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  if (properties) {
    out['properties'] = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, requiredOnlyWhere(v, marked)]));
    if (Array.isArray(schema['required'])) {
      out['required'] = (schema['required'] as string[]).filter((k) => !(typeof properties[k] === 'object' && (properties[k] as Record<string, unknown>)[marked] === true));
    }
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[keyword])) out[keyword] = (schema[keyword] as JsonSchema[]).map((part) => requiredOnlyWhere(part, marked));
  }
  if (typeof schema['items'] === 'object' && !Array.isArray(schema['items'])) out['items'] = requiredOnlyWhere(schema['items'] as JsonSchema, marked);
  for (const keyword of ['$defs', 'definitions'] as const) {
    const definitions = schema[keyword] as Record<string, JsonSchema> | undefined;
    if (definitions) out[keyword] = Object.fromEntries(Object.entries(definitions).map(([k, v]) => [k, requiredOnlyWhere(v, marked)]));
  }
  return out;
}

/**
 * The contract's Category has an integer id the service assigns (contract §2), which the id checks (MODEL-2, MODEL-3,
 * LIST-2) read exactly: a spec whose Category has none, or one of another type, is not a revision they can follow.
 */
export function requireIntegerId(category: JsonSchema, source: string): void {
  const id = nodeOf(category).object.properties['id'];
  if (!id) throw new SpecError(`the spec's Category (${source}) defines no id, which the contract's Category has and the suites check: add "id: {type: integer, format: int64}"`);
  if (id.typeStated && !id.types.has('integer')) {
    throw new SpecError(`the spec's Category (${source}) has an id of type ${[...id.types].join(' or ')}, where the contract's ids are integers (int64), which the suites check`);
  }
}

/**
 * The contract's create takes a NewCategory as a JSON body (contract §4.2): a spec whose create takes none, or only
 * bodies of other media types, is not a revision the suites can follow, whatever schemas its components hold.
 */
function requireJsonBody(create: Operation, op: OpenAPIV3.OperationObject | undefined): void {
  const content = (op?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
  if (jsonSchemaIn(content) !== undefined) return;
  const types = Object.keys(content ?? {});
  const takes = content === undefined ? 'takes no request body' : types.length === 0 ? 'gives its request body no content'
    : `takes a request body of ${types.join(', ')}, with no JSON schema`;
  throw new SpecError(`the spec's ${create.label} (${create.key}) ${takes}, where the contract's create takes a NewCategory as JSON: ` +
    'give it a requestBody with an application/json (or +json) schema');
}

function operationObject(doc: OpenAPIV3.Document, op: Operation): OpenAPIV3.OperationObject | undefined {
  return (doc.paths?.[op.path] as Record<string, OpenAPIV3.OperationObject> | undefined)?.[op.method.toLowerCase()];
}

/**
 * The schema of a JSON media type (`application/json`, with parameters, or `application/…+json` such as
 * `application/problem+json`) in a content map: of the first, in the spec's order, that gives one.
 */
export function jsonSchemaIn(content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>> | undefined): unknown {
  return jsonMediaTypesIn(content).map((type) => content?.[type]?.schema).find((schema) => schema !== undefined);
}
