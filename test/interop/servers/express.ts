/**
 * The Pet Store Service v1 on Express 5, as a tutorial writes it: `express.json()`, a hand-made bearer middleware,
 * an array for a store and a counter for ids. Each of the tutorial's natural faults is switched on by its option, so
 * that each can be judged alone; with every option off it keeps the contract (a second real stack that does).
 *
 * - `parseBeforeAuth`: `app.use(express.json())` comes first, as most tutorials write it, so a body is parsed (and
 *   a malformed one refused with 400) before the request is authenticated.
 * - `htmlErrors`: no error-handling middleware of its own, so `express.json()`'s parse errors (malformed JSON, a
 *   body that is not an object or array under body-parser's strict mode) reach Express's default error handler,
 *   which renders them as an HTML page (status 400, `text/html`). Unknown routes get Express's own HTML 404 too.
 * - `spreadBody`: the record is `{ id: nextId++, ...req.body }`, so an `id` the client sends wins (and every other
 *   property sent is stored and served back).
 * - `naiveBearer`: the key check is `req.headers.authorization?.split(' ')[1] === KEY`: any scheme, or none but a
 *   leading word, and anything after the key, pass.
 *
 * `vendorType` writes it for a spec whose create takes, and whose create and list answer, that media type (errors stay
 * application/json): `express.json({ type })` reads bodies of that type only, and categories are sent as it. Its
 * natural faults: `defaultParser`, the tutorial's `express.json()`, which reads application/json only (a body of the
 * vendor type is never read); `servedAsJson`, `res.json()`, which serves application/json.
 *
 * `parameters` writes it for a spec whose list takes tags (`?tag=dog&tag=cat`: at most 3, each of 1 to 10 characters)
 * and whose create requires an X-Request-Id (a uuid) and takes a source (web, app or import) in the query: read from
 * Express's own `req.query` (node:querystring: a repeated name is an array, a single one a text) and `req.get`. Its
 * natural fault: `tagAsText`, the tag read as one text (`req.query.tag.trim()`), which throws on a repeated tag.
 *
 * What stays the same in every mode: a refusal is 401 with an Error and `WWW-Authenticate: Bearer`, and the handler
 * validates the body's fields itself with 400 and an Error. Express's own headers (`X-Powered-By`, `ETag`),
 * case-insensitive, non-strict routing and Node's keep-alive are left as they are.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { RunningServer } from './fastify.js';

export interface ExpressFaults {
  readonly parseBeforeAuth?: boolean;
  readonly htmlErrors?: boolean;
  readonly spreadBody?: boolean;
  readonly naiveBearer?: boolean;
  readonly defaultParser?: boolean;
  readonly servedAsJson?: boolean;
  readonly tagAsText?: boolean;
}

export interface ExpressPetStoreOptions extends ExpressFaults {
  readonly apiKey: string;
  /** The media type the spec names for the create's body and its answers (see above); application/json when absent. */
  readonly vendorType?: string;
  /** The list's tags and the create's X-Request-Id and source, checked (see above). */
  readonly parameters?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const error = (res: Response, status: number, code: string, message: string) => res.status(status).json({ code, message, status });

export async function startExpress(options: ExpressPetStoreOptions): Promise<RunningServer> {
  const app = express();
  const categories: Record<string, unknown>[] = [];
  let nextId = 1;
  const parser = options.vendorType && !options.defaultParser ? express.json({ type: options.vendorType }) : express.json();
  // What the spec documents: res.json() serves application/json; the vendor type is set, and its text sent, by hand.
  const answer = (res: Response, body: unknown) => (options.vendorType && !options.servedAsJson ? res.type(options.vendorType).send(JSON.stringify(body)) : res.json(body));

  if (options.parseBeforeAuth) app.use(parser);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    const ok = options.naiveBearer
      ? header?.split(' ')[1] === options.apiKey
      : header !== undefined && /^bearer$/i.test(header.split(' ')[0] ?? '') && header.slice(header.indexOf(' ') + 1) === options.apiKey;
    if (ok) return next();
    res.set('WWW-Authenticate', 'Bearer realm="petstore"');
    error(res, 401, 'unauthorized', 'The API key is missing or invalid.');
  });

  if (!options.parseBeforeAuth) app.use(parser);

  app.get('/v1/categories', (req: Request, res: Response) => {
    if (options.parameters) {
      const given = req.query['tag'];
      const tags: unknown[] = given === undefined ? [] : options.tagAsText ? [(given as string).trim()] : [given].flat();
      const fine = tags.length <= 3 && tags.every((tag) => typeof tag === 'string' && [...tag].length >= 1 && [...tag].length <= 10);
      if (!fine) return error(res, 400, 'invalid_tag', 'Give at most 3 tags, each of 1 to 10 characters.');
    }
    answer(res, categories);
  });

  app.post('/v1/categories', (req: Request, res: Response) => {
    if (options.parameters) {
      if (!UUID.test(req.get('x-request-id') ?? '')) return error(res, 400, 'invalid_request_id', 'Send an X-Request-Id that is a uuid.');
      const source = req.query['source'];
      if (source !== undefined && !['web', 'app', 'import'].includes(source as string)) return error(res, 400, 'invalid_source', 'The source is web, app or import.');
    }
    // Express 5 leaves req.body undefined when no parser took the body (another Content-Type, or none).
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return error(res, 400, 'invalid_body', 'The body must be a JSON object.');
    const { name, description } = body as { name?: unknown; description?: unknown };
    if (typeof name !== 'string') return error(res, 400, 'invalid_name', 'name is required and must be a string.');
    if (description !== undefined && typeof description !== 'string') return error(res, 400, 'invalid_description', 'description must be a string.');
    const category = options.spreadBody
      ? { id: nextId++, ...body }
      : { id: nextId++, name, ...(description !== undefined ? { description } : {}) };
    categories.push(category);
    answer(res.status(201), category);
  });

  // Deprecated; the contract shows only its authentication. This service holds no pets.
  app.get('/v1/pets/:petId', (req: Request, res: Response) => {
    error(res, 404, 'not_found', `No pet ${req.params['petId']}.`);
  });

  if (!options.htmlErrors) {
    app.use((req: Request, res: Response) => {
      error(res, 404, 'not_found', `No route for ${req.method} ${req.path}.`);
    });
    app.use((err: { status?: number; statusCode?: number; type?: string; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
      const status = err.status ?? err.statusCode ?? 500;
      const known = status >= 400 && status < 500;
      error(res, known ? status : 500, known ? (err.type ?? 'bad_request') : 'internal_error', known ? (err.message ?? 'Bad request.') : 'Internal server error.');
    });
  }

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeIdleConnections();
    }),
  };
}
