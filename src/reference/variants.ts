import { randomBytes } from 'node:crypto';
import { isRefusal, refuse, type Behaviour } from './behaviour.js';
import { jsonText } from '../json/write.js';
import { byId } from './by-id.js';
import { depthOf, longestNumberOf, propertiesIn } from './json-shape.js';

/**
 * A way of keeping the contract that differs from the plain reference: everything the contract allows and a
 * careless suite might condemn. Each must be judged conformant with no check failed (selftest proves it).
 */
export interface Variant {
  readonly id: string;
  /** What it does differently, and why the contract allows it. */
  readonly story: string;
  readonly patch: (base: Behaviour) => Partial<Behaviour>;
  /** Categories the store holds before the run. */
  readonly preload?: number;
}

const variant = (id: string, story: string, patch: Variant['patch'], preload?: number): Variant => ({ id, story, patch, ...(preload ? { preload } : {}) });

/** Stores categories under ids from a source of its own. */
const storeWithIds = (next: () => bigint): Partial<Behaviour> => ({
  store: async (store, category) => {
    const id = next();
    store.categories.set(String(id), { id, ...category });
    return { id, ...category };
  },
});

/** Ids counted from `first` in steps of `step`; the counter belongs to one server. */
const counting = (first: bigint, step: bigint): Variant['patch'] => () => {
  let next = first;
  return storeWithIds(() => (next += step) - step);
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Controls, line and paragraph separators, invisible format characters (but the joiners emoji and scripts need), lone
 * surrogates: the characters INFO-3 asks about.
 */
const NOT_PRINTABLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u2028\u2029\u200b\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const VARIANTS: readonly Variant[] = [
  variant('ids-near-int64-max', 'Ids count up from 2^63 − 10,000: legal int64 values that doubles cannot tell apart.',
    counting(2n ** 63n - 10_000n, 1n)),
  variant('ids-negative', 'Ids count down from −1: int64 has no sign restriction.', counting(-1n, -1n)),
  variant('ids-random', 'Ids are random 64-bit values, negative ones included.',
    () => storeWithIds(() => randomBytes(8).readBigInt64BE(0))),
  variant('ids-from-zero', 'The first id is 0.', counting(0n, 1n)),
  variant('extra-properties', 'Categories and Errors carry properties the spec does not define.',
    (base) => ({
      present: (category) => ({ ...base.present(category), createdAt: '2026-01-01T00:00:00Z', links: { self: `/categories/${category.id}` } }),
      errorBody: (status, code, message) => ({ ...(base.errorBody(status, code, message) as object), traceId: 'abc123', details: [] }),
    })),
  variant('media-type-spelling', 'Responses are served as "Application/JSON; Charset=UTF-8": media types are case-insensitive.',
    () => ({
      send: (response, status, body, headers = {}) => {
        response.writeHead(status, { ...headers, 'content-type': 'Application/JSON; Charset=UTF-8' });
        response.end(jsonText(body));
      },
    })),
  variant('ascii-escaped-json', 'JSON is pretty-printed with every non-ASCII character escaped (\\u00e9, surrogate pairs).',
    () => ({
      send: (response, status, body, headers = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        const pretty = jsonText(body, 2);
        response.end(pretty.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
      },
    })),
  variant('list-newest-first', 'The list is ordered newest first: the contract fixes no order.',
    () => ({ listing: (items) => [...items].reverse() })),
  variant('list-shuffled', 'The list comes in a different order each time.',
    () => ({
      listing: (items) => {
        const shuffled = [...items];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [shuffled[i], shuffled[j]] = [shuffled[j] as Record<string, unknown>, shuffled[i] as Record<string, unknown>];
        }
        return shuffled;
      },
    })),
  variant('slow', 'Every answer takes 20 ms longer: slow, but well within any deadline.',
    (base) => ({ send: (response, status, body, headers) => void delay(20).then(() => base.send(response, status, body, headers)) })),
  variant('chunked-trickle', 'Bodies arrive chunked: their first 700 bytes 7 at a time with pauses, the rest in 4 KiB chunks.',
    () => ({
      send: (response, status, body, headers = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        const text = Buffer.from(jsonText(body));
        void (async () => {
          for (let i = 0; i < text.length;) {
            const size = i < 700 ? 7 : 4096;
            response.write(text.subarray(i, i + size));
            i += size;
            if (i % 70 === 0 || size > 7) await delay(1);
          }
          response.end();
        })();
      },
    })),
  variant('connection-close', 'Every response closes its connection.',
    (base) => ({ send: (response, status, body, headers = {}) => base.send(response, status, body, { ...headers, connection: 'close' }) })),
  variant('several-challenges', 'A 401 offers two challenges, Basic first: "Basic realm=…, Bearer realm=…".',
    () => ({ challenge: () => 'Basic realm="legacy", Bearer realm="petstore"' })),
  variant('pets-retired', 'The deprecated pets route is past its sunset: it answers 410 with an Error to everyone, key or not.',
    (base) => ({
      protects: (route, path) => route !== 'getPet' && base.protects(route, path),
      pet: () => ({ status: 410, body: base.errorBody(410, 'gone', 'This operation was retired at its sunset date.') }),
    })),
  variant('pets-moved', 'The deprecated pets route is past its sunset: the valid key gets a 308 to its successor in v2, with an ' +
    'Error saying so (a request without the key still gets 401). The contract shows only its 401 (§9 rule 3).',
    (base) => ({ pet: (petId) => ({ status: 308, body: base.errorBody(308, 'moved', 'Use /v2/pets/{petId}.'), headers: { location: `/v2/pets/${encodeURIComponent(petId)}` } }) })),
  variant('pets-forbidden', 'The pets route takes the key but answers 403: keys issued for categories have no pets scope.',
    (base) => ({ pet: () => ({ status: 403, body: base.errorBody(403, 'forbidden', 'This key has no pets scope.') }) })),
  variant('query-checked-first', 'A validation middleware mounted ahead of authentication refuses any query parameter with 400, ' +
    'the key\'s included: a request that carries one is refused before its credential is read.',
    () => ({ precheck: (_route, request) => (new URL(request.url ?? '/', 'http://x').search ? refuse('unknown_parameter', 'This operation takes no query parameters.') : undefined) })),
  variant('preloaded', 'The store already holds 3,000 categories that are not the run\'s.', () => ({}), 3000),
  variant('rate-limited-dated', 'A gateway answers every 50th request 429, with a Retry-After as an HTTP-date one to two ' +
    'seconds ahead (the next whole second, and one more): the contract shows no rate limits (§8), and a client that waits ' +
    'as asked is served.',
    (base) => {
      let requests = 0;
      return {
        precheck: (route, request, raw) => (++requests % 50 === 0 ? refuse('rate_limited', 'Too many requests.', 429) : base.precheck(route, request, raw)),
        send: (response, status, body, headers = {}) =>
          base.send(response, status, body, status === 429 ? { ...headers, 'retry-after': new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000).toUTCString() } : headers),
      };
    }),
  variant('rate-limited-bare', 'A gateway takes 100 requests a second, counted in whole seconds, and answers the others 429 ' +
    'without a Retry-After.',
    (base) => {
      let second = 0;
      let taken = 0;
      return {
        precheck: (route, request, raw) => {
          const now = Math.floor(Date.now() / 1000);
          if (now !== second) [second, taken] = [now, 0];
          return ++taken > 100 ? refuse('rate_limited', 'Too many requests.', 429) : base.precheck(route, request, raw);
        },
      };
    }),
  variant('refuses-open-cases', 'Every case the contract leaves open is refused: empty and long names, long, empty and blank ' +
    'descriptions, names and descriptions with control or invisible characters, bodies nested deep (400), with long ' +
    'numbers (400) or with many properties (413), unknown query parameters, a wrong Content-Type.',
    (base) => ({
      parse: (raw, contentType) => {
        if (contentType === undefined || !/^application\/json\s*(;|$)/i.test(contentType)) {
          return refuse('unsupported_media_type', 'Send application/json.');
        }
        // As a gateway's limits and Jackson's stream constraints refuse what is past them; the body parsers choke on is
        // past all three, and the first answers it: 413, which HTTP-1 accepts there.
        const parsed = base.parse(raw, contentType);
        if (!isRefusal(parsed) && propertiesIn(parsed.value) > 100) return refuse('too_large', 'A body has at most 100 properties.', 413);
        if (depthOf(raw) > 32) return refuse('too_deep', 'A body nests at most 32 levels.');
        if (longestNumberOf(raw) > 100) return refuse('number_too_long', 'A number has at most 100 digits.');
        return parsed;
      },
      validate: (body) => {
        const result = base.validate(body);
        if (isRefusal(result)) return result;
        if (result.name.length === 0 || result.name.length > 100 || NOT_PRINTABLE.test(result.name)) {
          return refuse('invalid_name', 'Names have 1 to 100 printable characters.');
        }
        if ((result.description?.length ?? 0) > 100 || NOT_PRINTABLE.test(result.description ?? '')) {
          return refuse('invalid_description', 'Descriptions have at most 100 printable characters.');
        }
        // Empty included, as Joi's strings and many validators refuse by default: the contract sets no lower bound.
        if (result.description !== undefined && result.description.trim() === '') {
          return refuse('invalid_description', 'A description is not empty or blank.');
        }
        return result;
      },
      queryRefusal: (_route, query) => ([...query.keys()].length ? refuse('unknown_parameter', 'This operation takes no query parameters.') : undefined),
    })),
];

/** The variant with this id; an unknown id is a usage error that lists the known ones. */
export function variantById(id: string): Variant {
  return byId(VARIANTS, id, 'variant');
}
