/**
 * The Pet Store Service v1 on Fastify 5, written as a careful Fastify developer writes it: the contract's schemas as
 * route schemas (Fastify's own ajv validates bodies and fast-json-stringify serializes responses), bearer
 * authentication in an `onRequest` hook (before any body is read), and an error handler and a not-found handler that
 * answer every error with the contract's Error. Everything else is Fastify's own: its headers, its content-type with
 * charset, keep-alive, its body limit and its parsers.
 *
 * One setting departs from Fastify's defaults, as the contract makes a careful developer do: ajv's type coercion
 * (`coerceTypes: 'array'` by default) is off, since the contract refuses a name of another JSON type with 400, where
 * coercion would store `42` as `"42"` and `null` as `""` (the test shows that default is caught under CREATE-2).
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';

export interface FastifyPetStoreOptions {
  readonly apiKey: string;
  /** Fastify's default ajv options, type coercion included: a natural fault (CREATE-2). */
  readonly coerceTypes?: boolean;
  /**
   * The schemas of a revision of the spec, as a team that generates its route schemas from its OpenAPI document has
   * them (the request body, the 201 and the list's items, the Error); the contract's own by default. What the body
   * holds is stored as it is.
   */
  readonly schemas?: { readonly NewCategory: unknown; readonly Category: unknown; readonly Error: unknown };
}

export interface RunningServer {
  /** The base URL, ending in /v1. */
  readonly url: string;
  close(): Promise<void>;
}

const NewCategory = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
  },
} as const;

const Category = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
  },
} as const;

const ErrorBody = {
  type: 'object',
  required: ['code', 'message', 'status'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    status: { type: 'integer' },
  },
} as const;

interface StoredCategory {
  id: number;
  [property: string]: unknown;
}

function errorBody(status: number, code: string, message: string) {
  return { code, message, status };
}

export async function startFastify(options: FastifyPetStoreOptions): Promise<RunningServer> {
  // Besides type coercion, the careful developer turns off ajv's removeAdditional, by which Fastify strips a property a
  // closed schema forbids instead of refusing the body.
  const app = Fastify({
    logger: false,
    ...(options.coerceTypes ? {} : { ajv: { customOptions: { coerceTypes: false, removeAdditional: false } } }),
  });
  const schemas = options.schemas ?? { NewCategory, Category, Error: ErrorBody };
  const expected = Buffer.from(options.apiKey, 'utf8');
  const categories: StoredCategory[] = [];
  let nextId = 1;

  const authenticated = (request: FastifyRequest): boolean => {
    const match = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) +(\S+)$/.exec(request.headers.authorization ?? '');
    if (!match || match[1]?.toLowerCase() !== 'bearer') return false;
    const given = Buffer.from(match[2] ?? '', 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // Every route, and the not-found handler, requires the key; decided before the body is read.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (authenticated(request)) return;
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer realm="petstore"')
      .send(errorBody(401, 'unauthorized', 'The API key is missing or invalid.'));
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (error.validation) return reply.code(400).send(errorBody(400, 'invalid_body', `The body is invalid: ${error.message}`));
    const code = error.code ?? (status === 500 ? 'internal_error' : 'error');
    const message = status === 500 ? 'Internal server error.' : error.message;
    return reply.code(status).send(errorBody(status, code, message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, 'not_found', `No route for ${request.method} ${request.url}.`));
  });

  await app.register(async (v1) => {
    v1.get('/categories', {
      schema: { response: { 200: { type: 'array', items: schemas.Category }, 401: schemas.Error } },
    }, async () => categories);

    v1.post<{ Body: Record<string, unknown> }>('/categories', {
      schema: { body: schemas.NewCategory, response: { 201: schemas.Category, '4xx': schemas.Error } },
    }, async (request, reply) => {
      const category: StoredCategory = { ...request.body, id: nextId++ };
      categories.push(category);
      return reply.code(201).send(category);
    });

    // Deprecated; the contract shows only its authentication. This service holds no pets.
    v1.get<{ Params: { petId: string } }>('/pets/:petId', {
      schema: { response: { '4xx': schemas.Error } },
    }, async (request, reply) => {
      return reply.code(404).send(errorBody(404, 'not_found', `No pet ${request.params.petId}.`));
    });
  }, { prefix: '/v1' });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${address}/v1`, close: () => app.close() };
}
