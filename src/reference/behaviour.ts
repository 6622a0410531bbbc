import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { jsonText } from '../json/write.js';

/** The operations the reference serves. */
export type Route = 'listCategories' | 'createCategory' | 'getPet';

/**
 * A valid NewCategory as the reference keeps it: the name and description the contract defines, and whatever else a
 * revision of the spec adds (see revisions/).
 */
export interface NewCategoryRecord {
  readonly name: string;
  readonly description?: string;
  readonly [property: string]: unknown;
}

/** A category as the reference stores it. Ids are bigints so that faults can produce any integer. */
export interface StoredCategory {
  id: bigint | number | string;
  name: unknown;
  description?: unknown;
  [property: string]: unknown;
}

/** The reference's data. */
export interface Store {
  readonly categories: Map<string, StoredCategory>;
  nextId: bigint;
}

/** A request refused with an Error: 400 unless another status is given. */
export interface Refusal {
  readonly refused: { readonly code: string; readonly message: string; readonly status?: number };
}

/**
 * The reference server's behaviour, as named steps. The conformant reference is {@link conformant}; each fault
 * replaces a step or two with the bug a real server has (see faults/).
 */
export interface Behaviour {
  /** Which operation a method and path (below /v1) address. */
  route(method: string, path: string): Route | undefined;
  /** Whether the operation, as addressed by this path (below /v1), needs a credential. */
  protects(route: Route, path: string): boolean;
  /** A refusal of a request's query parameters (after authentication), if any. */
  queryRefusal(route: Route, query: URLSearchParams): Refusal | undefined;
  /** What the server refuses before it authenticates a request (middleware mounted ahead of auth); none, kept. */
  precheck(route: Route, request: IncomingMessage, raw: string): Refusal | undefined;
  /** The token a request presents, from wherever this server looks for it (`raw` is the request body). */
  credentialOf(request: IncomingMessage, url: URL, raw: string): string | undefined;
  /** Whether a presented token is the key. */
  accepts(token: string | undefined, key: string): boolean;
  /** The WWW-Authenticate value of a 401. */
  challenge(tokenGiven: boolean): string | undefined;
  /** When authentication is decided relative to reading, validating and storing a create. */
  readonly authOrder: 'auth-first' | 'validate-first' | 'store-first';
  /** Parses a create's body (may throw, which a server turns into 500). */
  parse(raw: string, contentType: string | undefined): { readonly value: unknown } | Refusal;
  /** Turns a parsed body into the category to store. */
  validate(body: unknown): NewCategoryRecord | Refusal;
  /** Stores a valid NewCategory and returns what was stored. `body` is the whole parsed request body. */
  store(store: Store, category: NewCategoryRecord, body: unknown): Promise<StoredCategory>;
  /** A stored category as responses show it. */
  present(category: StoredCategory): Record<string, unknown>;
  /** The answer to GET /pets/{petId} once authenticated: pets are not part of the contract, so none exist. */
  pet(petId: string): { readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> };
  /** The list's body, from every presented category and the request's query. */
  listing(items: Record<string, unknown>[], query: URLSearchParams): unknown;
  /** The body of an error response. */
  errorBody(status: number, code: string, message: string): unknown;
  /** Writes a response. */
  send(response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
}

/** The contract, kept: what the reference does with no fault switched on. */
export const conformant: Behaviour = {
  route(method, path) {
    if (path === '/categories') return method === 'GET' ? 'listCategories' : method === 'POST' ? 'createCategory' : undefined;
    if (/^\/pets\/[^/]+$/.test(path) && method === 'GET') return 'getPet';
    return undefined;
  },
  protects: () => true,
  queryRefusal: () => undefined,
  precheck: () => undefined,
  credentialOf(request) {
    const match = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
    return match?.[1];
  },
  accepts(token, key) {
    if (token === undefined) return false;
    const a = Buffer.from(token);
    const b = Buffer.from(key);
    return a.length === b.length && timingSafeEqual(a, b);
  },
  challenge: (tokenGiven) => (tokenGiven ? 'Bearer realm="petstore", error="invalid_token"' : 'Bearer realm="petstore"'),
  authOrder: 'auth-first',
  parse(raw) {
    if (raw.length === 0) return refuse('empty_body', 'The request body is empty; send a NewCategory as JSON.');
    try {
      return { value: JSON.parse(raw) as unknown };
    } catch {
      return refuse('malformed_json', 'The request body is not well-formed JSON.');
    }
  },
  validate(body) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('invalid_body', 'The body must be a JSON object.');
    const { name, description } = body as Record<string, unknown>;
    if (name === undefined) return refuse('name_required', 'The name is required.');
    if (typeof name !== 'string') return refuse('invalid_name', 'The name must be a string.');
    if (description !== undefined && typeof description !== 'string') return refuse('invalid_description', 'The description must be a string.');
    return description === undefined ? { name } : { name, description };
  },
  async store(store, category) {
    const id = store.nextId++;
    const stored: StoredCategory = { id, ...category };
    store.categories.set(String(id), stored);
    return stored;
  },
  // Safe ids as numbers: bodies of them serialize without the bigint path (a list of 100,000 in a fraction of the time).
  present: (category) => ({ ...category, id: safeNumber(category.id) }),
  pet: () => ({ status: 404, body: { code: 'not_found', message: 'No such pet.', status: 404 } }),
  listing: (items) => items,
  errorBody: (status, code, message) => ({ code, message, status }),
  send(response, status, body, headers = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(jsonText(body));
  },
};

/** Whether a step's outcome is a refusal. */
export function isRefusal(outcome: object): outcome is Refusal {
  return typeof (outcome as Partial<Refusal>).refused === 'object';
}

/** A refusal, 400 unless told otherwise. */
export function refuse(code: string, message: string, status = 400): Refusal {
  return { refused: { code, message, status } };
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint within the doubles' exact range as a number (the same JSON); anything else as it is. */
function safeNumber(id: StoredCategory['id']): StoredCategory['id'] {
  return typeof id === 'bigint' && id <= MAX_SAFE && id >= -MAX_SAFE ? Number(id) : id;
}
