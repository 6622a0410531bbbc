import type { OpenAPI, OpenAPIV3 } from 'openapi-types';
import { jsonSchemaIn } from './mapping.js';
import { CONTRACT_MEDIA_TYPE, isJsonMediaType, isJsonRange, jsonMediaTypesIn } from './media-types.js';
import { conversionOf, toJsonSchema, type SchemaConversion } from './schemas.js';
import type { Operation, Parameter, ParameterStyle } from './types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of a dereferenced OpenAPI 3 document, in document order. */
export function operationsOf(document: OpenAPI.Document): Operation[] {
  const doc = document as OpenAPIV3.Document;
  const operations: Operation[] = [];
  const conversion = conversionOf(doc);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push(describe(doc, conversion, path, method, op, (item.parameters ?? []) as OpenAPIV3.ParameterObject[]));
    }
  }
  return operations;
}

function describe(doc: OpenAPIV3.Document, conversion: SchemaConversion, path: string, method: string, op: OpenAPIV3.OperationObject, shared: readonly OpenAPIV3.ParameterObject[]): Operation {
  const key = `${method.toUpperCase()} ${path}`;
  const requirements = op.security ?? doc.security ?? [];
  const bearerSchemes = Object.entries(doc.components?.securitySchemes ?? {})
    .filter(([, scheme]) => isBearer(scheme))
    .map(([name]) => name);
  const bodyContent = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
  const body = jsonSchemaIn(bodyContent);
  const bodyTypes = Object.keys(bodyContent ?? {});
  return {
    key,
    label: op.operationId ?? key,
    ...(op.operationId ? { operationId: op.operationId } : {}),
    method: method.toUpperCase(),
    path,
    pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''),
    documentedStatuses: Object.keys(op.responses ?? {}),
    statusesWithBody: Object.entries(op.responses ?? {})
      .filter(([, response]) => Object.keys((response as OpenAPIV3.ResponseObject).content ?? {}).length > 0)
      .map(([status]) => status),
    // Security requirements are alternatives; the bearer scheme is required when every alternative names it.
    requiresBearer: requirements.length > 0 && requirements.every((req) => bearerSchemes.some((name) => name in req)),
    deprecated: op.deprecated === true,
    parameters: parametersOf(key, conversion, shared, (op.parameters ?? []) as OpenAPIV3.ParameterObject[]),
    errorSchemas: Object.fromEntries(Object.entries(op.responses ?? {}).flatMap(([status, response]) => {
      const schema = /^(4\d\d|4XX|default)$/i.test(status) ? jsonSchemaIn((response as OpenAPIV3.ResponseObject).content) : undefined;
      return schema === undefined ? [] : [[status, toJsonSchema(schema, `${key} ${status} response`, conversion)]];
    })),
    ...(body ? { requestBodySchema: toJsonSchema(body, `${key} request body`, conversion) } : {}),
    // A body the spec takes as a range (`*/*`) goes as the contract's application/json.
    requestMediaTypes: jsonMediaTypesIn(bodyContent).map((type) => (isJsonRange(type) ? CONTRACT_MEDIA_TYPE : type)),
    otherRequestMediaTypes: bodyTypes.filter((type) => !isJsonMediaType(type) && !isJsonRange(type)),
    responseMediaTypes: Object.fromEntries(Object.entries(op.responses ?? {}).flatMap(([status, response]) => {
      const types = jsonMediaTypesIn((response as OpenAPIV3.ResponseObject).content);
      return types.length === 0 ? [] : [[status, types]];
    })),
  };
}

/** Header parameters OpenAPI says are ignored: the request's own fields decide them (the suite's, here). */
const IGNORED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/**
 * An operation's parameters: its path item's, overridden by its own of the same name and place; not its path's, nor
 * the headers OpenAPI ignores.
 */
function parametersOf(key: string, conversion: SchemaConversion, shared: readonly OpenAPIV3.ParameterObject[], own: readonly OpenAPIV3.ParameterObject[]): Parameter[] {
  const byPlace = new Map<string, OpenAPIV3.ParameterObject>();
  for (const p of [...shared, ...own]) byPlace.set(`${p.in} ${p.name}`, p);
  const ignored = (p: OpenAPIV3.ParameterObject) => p.in === 'path' || (p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase()));
  return [...byPlace.values()].filter((p) => !ignored(p)).map((p) => {
    const place = p.in as Parameter['in'];
    const style = (p.style ?? (place === 'query' || place === 'cookie' ? 'form' : 'simple')) as ParameterStyle;
    const [contentType] = Object.keys(p.content ?? {});
    return {
      name: p.name,
      in: place,
      required: p.required === true,
      ...(p.schema ? { schema: toJsonSchema(p.schema, `${key} parameter ${p.name}`, conversion) } : {}),
      // OpenAPI's defaults: explode is true for form only; allowReserved applies to the query only.
      style,
      explode: p.explode ?? style === 'form',
      allowReserved: place === 'query' && p.allowReserved === true,
      ...(contentType !== undefined ? { contentType } : {}),
    };
  });
}

function isBearer(scheme: unknown): boolean {
  const s = scheme as OpenAPIV3.SecuritySchemeObject;
  return s.type === 'http' && s.scheme.toLowerCase() === 'bearer';
}
