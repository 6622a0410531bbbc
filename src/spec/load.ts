import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { OpenAPI, OpenAPIV3 } from 'openapi-types';
import { DocumentFetchError, SpecError } from '../core/errors.js';
import { packageRoot } from '../core/package-info.js';
import { requireIntegerId, schemasOf, withRoles } from './mapping.js';
import { operationsOf } from './operations.js';
import { dialectOf } from './schemas.js';
import { madeByInstalled, readSnapshot, SPEC_LOADERS } from './snapshot.js';
import type { SpecModel } from './types.js';
import { compileValidators } from './validators.js';
import { isUrl, SpecFiles, specDigest, type FetchDocument, type SpecFile } from './files.js';
import { SPEC_YAML_OPTIONS } from './yaml.js';

/** The spec that ships with the suite: the contract as OpenAPI. */
export const BUNDLED_SPEC = join(packageRoot, 'spec', 'openapi.yaml');

/** A validated, dereferenced spec and what identifies it in reports. */
export interface LoadedSpec {
  /** Its root file: an absolute path, or the URL it was fetched from. */
  readonly path: string;
  /** Its digest (see specDigest): the root file's sha256, or for a spec split over files, their list's. */
  readonly sha256: string;
  /** Every file it is made of, the root first, each with its sha256. */
  readonly files: readonly SpecFile[];
  /**
   * Taken from the build's snapshot (snapshot.ts): the bundled spec, whose validators the same build compiled to
   * code (prebuilt-validators.ts), which the suites' worker then loads instead of ajv.
   */
  readonly fromBuild: boolean;
  readonly title: string;
  readonly model: SpecModel;
}

/** How a spec is read: in full even where the build has a snapshot of it; and how a URL is fetched. */
export interface LoadOptions {
  readonly inFull?: boolean;
  /** Reads a spec served at a URL (and the files its `$ref`s name there); without it, only files are read. */
  readonly fetch?: FetchDocument;
}

/**
 * Loads an OpenAPI document, in one file or split over several (YAML or JSON, each `$ref` resolved against the file
 * that holds it): checks it against the OpenAPI schema, then resolves every `$ref`, then derives what the suites need
 * and checks that its schemas compile. Any problem is a {@link SpecError} whose message carries the parser's own
 * words. The bundled spec, byte for byte, comes from the build's snapshot of that (snapshot.ts) unless `inFull` asks
 * for the whole load.
 */
export async function loadSpec(location: string = BUNDLED_SPEC, { inFull = false, fetch }: LoadOptions = {}): Promise<LoadedSpec> {
  const root = isUrl(location) ? location : resolve(location);
  const files = new SpecFiles(root, fetch);
  let bytes: Buffer;
  try {
    bytes = await files.rootBytes();
  } catch (error) {
    // A URL's fetch says in its own line what went wrong, and where (the proxy, the TLS, the status).
    if (error instanceof DocumentFetchError) throw error;
    throw new SpecError(`cannot read the spec ${location}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; check the --spec ${isUrl(location) ? 'URL' : 'path'}`);
  }
  const snapshot = inFull ? undefined : await readSnapshot();
  // The bundled spec's bytes pull in no other file: the same bytes are the same spec.
  if (snapshot && snapshot.sha256 === createHash('sha256').update(bytes).digest('hex') && madeByInstalled(snapshot.versions, SPEC_LOADERS)) {
    return { path: root, sha256: snapshot.sha256, files: await files.files(), title: snapshot.title, model: snapshot.model, fromBuild: true };
  }
  // Loaded only here: a run of the bundled spec needs none of it, and the modules are slow to load.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const named = location === BUNDLED_SPEC ? `the bundled spec ${location}` : `--spec ${location}`;
  const options = { ...SPEC_YAML_OPTIONS, resolve: files.resolvers };
  let parsed: OpenAPI.Document;
  try {
    parsed = await SwaggerParser.parse(files.root, options);
  } catch (error) {
    throw new SpecError(unparsed(error, bytes.toString('utf8'), named, location));
  }
  // Before validate(), which would judge a Swagger 2.0 document by Swagger's schema and list every way it is not ours.
  // The parser takes no other OpenAPI version than these two (see unparsed): this holds should a later one take more.
  if (!('openapi' in parsed) || !/^3\.[01]\./.test(String(parsed.openapi))) {
    const swagger = 'swagger' in parsed ? `it is Swagger ${String(parsed.swagger)}; ` : '';
    throw new SpecError(`invalid spec ${location}: ${swagger}only OpenAPI 3.0 and 3.1 documents are supported: convert it to OpenAPI 3.0 or 3.1`);
  }
  let document: OpenAPI.Document;
  try {
    // The root's location, given with the document, is what its relative $refs resolve against. validate() mutates
    // its input: it gets a copy. It returns the document with every $ref resolved.
    document = await SwaggerParser.validate(files.root, structuredClone(parsed), options);
  } catch (error) {
    // The file a problem is in, where it is not the root (a $ref's pointer to nothing in another file).
    const source = (error as { source?: unknown }).source;
    const inFile = typeof source === 'string' && source !== '' && files.nameOf(source) !== files.nameOf(files.root) ? ` (in ${files.nameOf(source)})` : '';
    throw new SpecError(`invalid spec ${location}: ${files.unreadable ?? `${parserMessage(error)}${inFile}`}`);
  }
  const doc = document as OpenAPIV3.Document;
  const operations = withRoles(operationsOf(doc));
  const { schemas, sources } = schemasOf(doc, operations);
  requireIntegerId(schemas.Category, sources.Category);
  const model: SpecModel = {
    version: doc.info.version,
    operations,
    schemas,
    schemaSources: sources,
    schemaDialect: dialectOf(doc),
    servers: (doc.servers ?? []).map((s) => ({ url: s.url, ...(s.description ? { description: s.description } : {}) })),
  };
  try {
    compileValidators(model); // the suites compile them again in their worker; this finds a bad schema first
  } catch (error) {
    throw new SpecError(`invalid spec ${location}: its schemas do not compile: ${(error as Error).message.replace(/\s+/g, ' ')}`);
  }
  const read = await files.files();
  return { path: root, sha256: specDigest(read), files: read, title: doc.info.title, model, fromBuild: false };
}

/**
 * An OpenAPI document as written, its `$ref`s unresolved: for revising it (selftest's revisions of the contract).
 * Throws a SpecError as {@link loadSpec} does for a file that does not parse.
 */
export async function readSpecDocument(path: string): Promise<OpenAPIV3.Document> {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    return await SwaggerParser.parse(resolve(path), SPEC_YAML_OPTIONS) as OpenAPIV3.Document;
  } catch (error) {
    throw new SpecError(`invalid spec ${path}: ${parserMessage(error)}`);
  }
}

/** The parser's message in one line; for schema violations, the first few with their locations. */
function parserMessage(error: unknown): string {
  const e = error as Error & { details?: { message: string; path?: (string | number)[] }[] };
  const details = e.details?.slice(0, 3).map((d) => `${d.message}${d.path?.length ? ` at /${d.path.join('/')}` : ''}`);
  const message = details?.length ? `${e.message} ${details.join('; ')}` : e.message;
  return message.replace(/\s+/g, ' ').trim();
}

/**
 * Why the parser did not take a file in, in words for the person who gave it. A file with no "openapi" field at
 * all (a text file, YAML or JSON of something else) is not an OpenAPI document; one with it is an invalid one.
 */
function unparsed(error: unknown, text: string, named: string, path: string): string {
  const message = parserMessage(error);
  const claimsOpenApi = /(^|[{,])\s*["']?(openapi|swagger)["']?\s*:/m.test(text);
  const notOpenApi = (why: string) => `${named} is not an OpenAPI document: ${why}`;
  if (text.trim() === '') return notOpenApi('the file is empty');
  // Not YAML (nor JSON): the parser's words up to its position, without the excerpt it quotes.
  const syntax = /^Error parsing .*?: (.*?\(\d+:\d+\))/.exec(message);
  if (syntax) return claimsOpenApi ? `invalid spec ${path}: not valid YAML or JSON: ${syntax[1]}` : notOpenApi(`it is not valid YAML or JSON: ${syntax[1]}`);
  if (/is not a valid JSON Schema$/.test(message)) return notOpenApi('it holds no JSON or YAML object (a text or binary file?), where an OpenAPI document begins "openapi: 3.x"');
  const version = /^Unsupported OpenAPI version: (.*?)\. Swagger Parser only supports versions (.*)$/.exec(message);
  if (version) {
    // The parser checks the version of a document that has paths: one with no "openapi" field has version "undefined".
    const [, given, supported] = version;
    if (given === 'undefined') return `invalid spec ${path}: it has no "openapi" field: is it an OpenAPI 3.0 or 3.1 document? Then say so at its top ("openapi: 3.0.3" or "openapi: 3.1.0")`;
    const versions = (supported ?? '').split(', ').sort().join(', ');
    return `invalid spec ${path}: it is OpenAPI ${given}, and only OpenAPI 3.0 and 3.1 documents are supported (openapi: ${versions}): give a 3.0 or 3.1 version of it`;
  }
  if (/is not a valid Openapi API definition$/.test(message)) {
    return claimsOpenApi ? `invalid spec ${path}: it has no "paths"` : notOpenApi('it has no "openapi" field (an OpenAPI document begins "openapi: 3.x"); is it the right file?');
  }
  return `invalid spec ${path}: ${message}`;
}
