import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { OpenAPI, OpenAPIV3 } from 'openapi-types';
import { SpecError } from '../core/errors.js';
import { packageRoot } from '../core/package-info.js';
import { requireIntegerId, schemasOf, withRoles } from './mapping.js';
import { operationsOf } from './operations.js';
import { madeByInstalled, readSnapshot, SPEC_LOADERS } from './snapshot.js';
import type { SpecModel } from './types.js';
import { compileValidators } from './validators.js';

/** The spec that ships with the suite: the contract as OpenAPI. */
export const BUNDLED_SPEC = join(packageRoot, 'spec', 'openapi.yaml');

/** A validated, dereferenced spec and what identifies it in reports. */
export interface LoadedSpec {
  readonly path: string;
  readonly sha256: string;
  /**
   * Taken from the build's snapshot (snapshot.ts): the bundled spec, whose validators the same build compiled to
   * code (prebuilt-validators.ts), which the suites' worker then loads instead of ajv.
   */
  readonly fromBuild: boolean;
  readonly title: string;
  readonly model: SpecModel;
}

/**
 * Loads an OpenAPI document: checks it against the OpenAPI schema, then resolves every `$ref`, then derives
 * what the suites need and checks that its schemas compile. Any problem is a {@link SpecError} whose message
 * carries the parser's own words. The bundled spec, byte for byte, comes from the build's snapshot of that
 * (snapshot.ts) unless `inFull` asks for the whole load.
 */
export async function loadSpec(path: string = BUNDLED_SPEC, { inFull = false }: { readonly inFull?: boolean } = {}): Promise<LoadedSpec> {
  const absolute = resolve(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    throw new SpecError(`cannot read the spec ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; check the --spec path`);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const snapshot = inFull ? undefined : await readSnapshot();
  if (snapshot?.sha256 === sha256 && madeByInstalled(snapshot.versions, SPEC_LOADERS)) {
    return { path: absolute, sha256, title: snapshot.title, model: snapshot.model, fromBuild: true };
  }
  // Loaded only here: a run of the bundled spec needs none of it, and the modules are slow to load.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  let document: OpenAPI.Document;
  const named = path === BUNDLED_SPEC ? `the bundled spec ${path}` : `--spec ${path}`;
  let parsed: OpenAPI.Document;
  try {
    parsed = await SwaggerParser.parse(absolute);
  } catch (error) {
    throw new SpecError(unparsed(error, bytes.toString('utf8'), named, path));
  }
  try {
    // validate() mutates its input and dereference() would resolve it again: give each its own copy.
    await SwaggerParser.validate(structuredClone(parsed));
    document = await SwaggerParser.dereference(absolute, structuredClone(parsed), {});
  } catch (error) {
    throw new SpecError(`invalid spec ${path}: ${parserMessage(error)}`);
  }
  if (!('openapi' in document) || !/^3\.[01]\./.test(String(document.openapi))) {
    const swagger = 'swagger' in document ? `it is Swagger ${String(document.swagger)}; ` : '';
    throw new SpecError(`invalid spec ${path}: ${swagger}only OpenAPI 3.0 and 3.1 documents are supported`);
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
    schemaDialect: String(doc.openapi).startsWith('3.1.') ? '2020-12' : 'draft-07',
    servers: (doc.servers ?? []).map((s) => ({ url: s.url, ...(s.description ? { description: s.description } : {}) })),
  };
  try {
    compileValidators(model); // the suites compile them again in their worker; this finds a bad schema first
  } catch (error) {
    throw new SpecError(`invalid spec ${path}: its schemas do not compile: ${(error as Error).message.replace(/\s+/g, ' ')}`);
  }
  return { path: absolute, sha256, title: doc.info.title, model, fromBuild: false };
}

/**
 * An OpenAPI document as written, its `$ref`s unresolved: for revising it (selftest's revisions of the contract).
 * Throws a SpecError as {@link loadSpec} does for a file that does not parse.
 */
export async function readSpecDocument(path: string): Promise<OpenAPIV3.Document> {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    return await SwaggerParser.parse(resolve(path)) as OpenAPIV3.Document;
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
  if (/is not a valid Openapi API definition$/.test(message)) {
    return claimsOpenApi ? `invalid spec ${path}: it has no "paths"` : notOpenApi('it has no "openapi" field (an OpenAPI document begins "openapi: 3.x"); is it the right file?');
  }
  return `invalid spec ${path}: ${message}`;
}
