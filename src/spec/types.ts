/**
 * What the suites need from the spec, in plain data: it crosses from the runner to the vitest workers
 * (structured clone), so it holds no functions and no compiled validators.
 */

/** A JSON Schema (draft 2020-12 or draft-07 flavour, see {@link SpecModel.schemaDialect}). */
export type JsonSchema = { readonly [keyword: string]: unknown } | boolean;

/** The contract's operations, as the spec maps them (see spec/mapping.ts). */
export type OperationRole = 'list' | 'create';

/** How a parameter's value is written (OpenAPI's `style`): the query's four, the header's and the path's. */
export type ParameterStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'matrix' | 'label';

/** A parameter an operation declares. */
export interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly required: boolean;
  /** Its JSON Schema; undefined where the spec gives none (or gives it as content). */
  readonly schema?: JsonSchema;
  /** How its value is written: the spec's `style`, else OpenAPI's default for its place (query, cookie: form; header, path: simple). */
  readonly style: ParameterStyle;
  /** Whether an array's items or an object's properties are written apart (`explode`): the spec's, else true for form only. */
  readonly explode: boolean;
  /** Whether reserved characters may go unencoded in a query value (`allowReserved`). */
  readonly allowReserved: boolean;
  /** The media type of a value the spec gives as `content` instead of a schema: a value the suite does not write. */
  readonly contentType?: string;
}

/** One operation of the spec. */
export interface Operation {
  /** `GET /pets/{petId}`: unique, stable, readable. */
  readonly key: string;
  /** The operationId, or the key where the spec gives none. */
  readonly label: string;
  readonly operationId?: string;
  readonly method: string;
  /** The path template relative to the server address, e.g. `/pets/{petId}`. */
  readonly path: string;
  /** The names of the path template's parameters. */
  readonly pathParameters: readonly string[];
  /** Response status codes the spec documents (`"200"`, `"4XX"`, `"default"`). */
  readonly documentedStatuses: readonly string[];
  /** Those of them whose response the spec gives a body (content). */
  readonly statusesWithBody: readonly string[];
  /** Whether the spec requires the bearer scheme for it. */
  readonly requiresBearer: boolean;
  readonly deprecated: boolean;
  /** Which of the contract's operations it is, when it is one. */
  readonly role?: OperationRole;
  /** The parameters it declares (its path item's and its own), but for those of its path template. */
  readonly parameters: readonly Parameter[];
  /**
   * The JSON Schemas of its client error responses, by the status key the spec documents them under (`401`, `4XX`,
   * `default`): what ERROR-1 judges such a response by, where it differs from the Error.
   */
  readonly errorSchemas: Readonly<Record<string, JsonSchema>>;
  /** The JSON Schema of its JSON request body, if it has one. */
  readonly requestBodySchema?: JsonSchema;
  /**
   * The JSON media types its request body takes (`application/json`, `application/vnd.petstore.v1+json`), as the spec
   * writes them (a charset parameter kept), in its order: what its bodies are sent as, the first unless a check says
   * otherwise. Empty when it takes no JSON body.
   */
  readonly requestMediaTypes: readonly string[];
  /** The other media types its request body takes (a form, text): never sent as JSON, nor as a wrong type. */
  readonly otherRequestMediaTypes: readonly string[];
  /**
   * The JSON media types the spec documents for its responses, by the status key (`201`, `4XX`, `default`), as written,
   * in its order; a status documented without a JSON body has none. What MEDIA-1 judges a response's Content-Type by.
   */
  readonly responseMediaTypes: Readonly<Record<string, readonly string[]>>;
  /**
   * Set on a path the spec does not list but a router may treat as this operation's (a trailing slash, another
   * letter case): the key of the operation it varies. The contract says nothing of such paths but that they must
   * not serve the operation without a credential.
   */
  readonly variantOf?: string;
}

/**
 * The same operation at another spelling of its path: a trailing slash, its first segment in upper case, or its
 * leading slash doubled (a router, or nginx's merge_slashes before it, merges it; an auth rule matched on the path as
 * sent does not).
 */
export function pathVariants(operation: Operation): Operation[] {
  const spellings = [`${operation.path}/`, operation.path.replace(/^\/([a-z])/, (_, c: string) => `/${c.toUpperCase()}`), `/${operation.path}`];
  return spellings.filter((path) => path !== operation.path).map((path) => ({
    ...operation,
    key: `${operation.method} ${path}`,
    label: `${operation.label} at ${path}`,
    path,
    documentedStatuses: ['default'],
    statusesWithBody: [],
    errorSchemas: {},
    responseMediaTypes: {},
    variantOf: operation.key,
  }));
}

/** The operations the spec guards with the bearer scheme: those the AUTH rules send their credentials to. */
export function guardedOperations(operations: readonly Operation[]): Operation[] {
  return operations.filter((op) => op.requiresBearer);
}

/** The schemas the checks judge responses and requests by. */
export const SCHEMA_NAMES = ['Category', 'NewCategory', 'Error'] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

/** The parts of a loaded spec that checks use. */
export interface SpecModel {
  readonly version: string;
  readonly operations: readonly Operation[];
  /** JSON Schemas derived from the spec, found through the operations that use them (see spec/mapping.ts). */
  readonly schemas: { readonly [name in SchemaName]: JsonSchema };
  /** Where each schema was found, in words for messages: `the request body of POST /categories`. */
  readonly schemaSources: { readonly [name in SchemaName]: string };
  /** `draft-07` for OpenAPI 3.0 (plus `nullable`), `2020-12` for OpenAPI 3.1. */
  readonly schemaDialect: 'draft-07' | '2020-12';
  /** The server addresses the spec names, by their description (`Production`, `Staging`). */
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
}

/** Methods that cannot create anything. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * How many writes one request to the operation counts for in the write budget: 1 for every method that could
 * create (a server that breaks the contract may create on any of them), 0 for safe ones.
 */
export function writesOf(operation: Pick<Operation, 'method'>): number {
  return SAFE_METHODS.has(operation.method) ? 0 : 1;
}

/**
 * The key of an operation's responses that documents a status, the most specific first: the status itself (`401`),
 * its range (`4XX`, any letter case), `default`; undefined when none does.
 */
export function responseKeyOf(status: number, keys: readonly string[]): string | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return keys.find((key) => key === exact) ?? keys.find((key) => key.toUpperCase() === range) ?? keys.find((key) => key === 'default');
}
