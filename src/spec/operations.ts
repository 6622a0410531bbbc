import type { OpenAPI, OpenAPIV3 } from 'openapi-types';
import { SpecError } from '../core/errors.js';
import { toJsonSchema } from './schemas.js';
import type { Operation } from './types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of a dereferenced OpenAPI 3 document, in document order. */
export function operationsOf(document: OpenAPI.Document): Operation[] {
  const doc = document as OpenAPIV3.Document;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push(describe(doc, path, method, op));
    }
  }
  return operations;
}

function describe(doc: OpenAPIV3.Document, path: string, method: string, op: OpenAPIV3.OperationObject): Operation {
  const key = `${method.toUpperCase()} ${path}`;
  const requirements = op.security ?? doc.security ?? [];
  const bearerSchemes = Object.entries(doc.components?.securitySchemes ?? {})
    .filter(([, scheme]) => isBearer(scheme))
    .map(([name]) => name);
  const body = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content?.['application/json']?.schema;
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
    ...(body ? { requestBodySchema: toJsonSchema(body, `${key} request body`) } : {}),
  };
}

function isBearer(scheme: unknown): boolean {
  const s = scheme as OpenAPIV3.SecuritySchemeObject;
  return s.type === 'http' && s.scheme.toLowerCase() === 'bearer';
}

/** The operation with this operationId; a spec without it cannot be checked by the suites. */
export function requireOperation(operations: readonly Operation[], operationId: string): Operation {
  const found = operations.find((op) => op.operationId === operationId);
  if (!found) {
    throw new SpecError(`the spec has no operation with operationId "${operationId}", which the suites check; add it or point --spec at a revision of this contract`);
  }
  return found;
}
