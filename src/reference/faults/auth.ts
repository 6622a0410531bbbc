import { isRefusal, refuse, type Store } from '../behaviour.js';
import { fault } from './fault.js';

/**
 * Key lookups after which auth-fail-open-late lets everything through: fewer than a run with an unlimited write
 * budget makes at any --runs (its list suite tops the run up to 257 categories: about 400 requests in all).
 */
const FAIL_OPEN_AFTER = 300;

/** What auth-skipped-for-non-json's credential lookup gives a request its check never sees; accepted as any key is. */
const NOT_CHECKED = '\u0000not checked';

/** A text of base64 characters, either alphabet's, unpadded: what auth-key-base64-decoded takes for an encoded key. */
const BASE64_TEXT = /^[A-Za-z0-9+/_-]+$/;

/** Authentication bugs: bypasses, loose comparisons, side effects, missing niceties. */
export const authFaults = [
  fault('auth-optional', 'AUTH-1',
    'The auth middleware only verifies a token when an Authorization header is present; requests without one pass.',
    (base) => ({ accepts: (token, key) => token === undefined || base.accepts(token, key) }), ['AUTH-2', 'AUTH-4']),
  fault('auth-pets-unprotected', 'AUTH-1',
    'The deprecated pets route was registered before the auth middleware and serves pets without a credential.',
    (base) => ({
      protects: (route, path) => route !== 'getPet' && base.protects(route, path),
      pet: (petId) => ({ status: 200, body: { id: Number(petId) || 1, name: 'Rex' } }),
    }), ['AUTH-2']),
  fault('auth-key-prefix', 'AUTH-2',
    'The key check tests token.startsWith(key), so a key with anything appended is accepted.',
    () => ({ accepts: (token, key) => token !== undefined && token.startsWith(key) }), ['AUTH-4']),
  fault('auth-key-case-insensitive', 'AUTH-2',
    'Keys are compared after lower-casing both sides, so a re-cased key is accepted.',
    () => ({ accepts: (token, key) => token !== undefined && token.toLowerCase() === key.toLowerCase() }), ['AUTH-4']),
  fault('auth-key-truncated-compare', 'AUTH-2',
    'Only the first 12 characters of the token are compared (a fixed-size buffer), so altered tails are accepted.',
    () => ({ accepts: (token, key) => token !== undefined && token.length >= 12 && token.slice(0, 12) === key.slice(0, 12) }), ['AUTH-4']),
  fault('auth-any-scheme', 'AUTH-2',
    'The token is taken from after the first space whatever the scheme, so "Basic <key>" and "Token <key>" pass.',
    (base) => ({
      credentialOf: (request, url, raw) => {
        const value = request.headers.authorization ?? '';
        return /^\S+ +(\S+)$/.exec(value)?.[1] ?? base.credentialOf(request, url, raw);
      },
    }), ['AUTH-4']),
  fault('auth-scheme-prefix-stripped', 'AUTH-2',
    'The token is the header with "Bearer" cut off and trimmed, so "Bearer<key>" with no space passes.',
    (base) => ({
      credentialOf: (request, url, raw) => {
        const value = request.headers.authorization ?? '';
        return value.startsWith('Bearer') ? value.slice('Bearer'.length).trim() : base.credentialOf(request, url, raw);
      },
    }), ['AUTH-4']),
  fault('auth-key-in-query', 'AUTH-2',
    'A convenience for browser clients reads the key from ?api_key= or ?access_token= as well.',
    (base) => ({
      credentialOf: (request, url, raw) => base.credentialOf(request, url, raw) ?? url.searchParams.get('api_key') ?? url.searchParams.get('access_token') ?? undefined,
    }), ['AUTH-4']),
  fault('auth-x-api-key', 'AUTH-2',
    'A legacy gateway rule still accepts the key in an X-API-Key header.',
    (base) => ({
      credentialOf: (request, url, raw) => base.credentialOf(request, url, raw) ?? (request.headers['x-api-key'] as string | undefined),
    }), ['AUTH-4']),
  fault('auth-cookie-key', 'AUTH-2',
    'The browser dashboard\'s session cookie middleware also accepts the API key as an api_key cookie.',
    (base) => ({
      credentialOf: (request, url, raw) => base.credentialOf(request, url, raw) ?? /(?:^|;\s*)api_key=([^;]+)/.exec(request.headers.cookie ?? '')?.[1],
    }), ['AUTH-4']),
  fault('auth-body-access-token', 'AUTH-2',
    'The bearer strategy (passport-http-bearer) also reads access_token from the parsed body.',
    (base) => ({
      credentialOf: (request, url, raw) => {
        const fromHeader = base.credentialOf(request, url, raw);
        if (fromHeader !== undefined) return fromHeader;
        try {
          const token = (JSON.parse(raw) as { access_token?: unknown }).access_token;
          return typeof token === 'string' ? token : undefined;
        } catch {
          return undefined;
        }
      },
    }), ['AUTH-4']),
  fault('auth-basic-password', 'AUTH-2',
    'Basic credentials are accepted too, with the key as the password, for curl -u users.',
    (base) => ({
      credentialOf: (request, url, raw) => {
        const basic = /^basic +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (basic) return Buffer.from(basic, 'base64').toString('utf8').replace(/^[^:]*:/, '');
        return base.credentialOf(request, url, raw);
      },
    }), ['AUTH-4']),
  fault('auth-trailing-slash-bypass', 'AUTH-1',
    'The auth middleware is mounted on "/categories" exactly, while the router also serves "/categories/".',
    (base) => ({
      route: (method, path) => base.route(method, path.replace(/\/$/, '')),
      protects: (route, path) => !path.endsWith('/') && base.protects(route, path),
    }), ['AUTH-4']),
  fault('auth-merged-slashes-bypass', 'AUTH-1',
    'The auth middleware matches the path as sent, while the router merges repeated slashes (as nginx\'s merge_slashes ' +
    'does in front of it): "//categories" is served without a credential.',
    (base) => ({
      route: (method, path) => base.route(method, path.replace(/\/{2,}/g, '/')),
      protects: (route, path) => !path.includes('//') && base.protects(route, path),
    }), ['AUTH-4']),
  fault('auth-key-with-newline', 'AUTH-3',
    'The key was read from a file with its trailing newline, so the real key never matches.',
    (base) => ({ accepts: (token, key) => base.accepts(token, `${key}\n`) })),
  fault('auth-store-before-check', 'AUTH-4',
    'The create handler writes to the database before the auth hook runs, so a rejected POST still creates.',
    () => ({ authOrder: 'store-first' })),
  fault('auth-validate-first', 'AUTH-5',
    'Body validation middleware runs before authentication, so an unauthenticated bad body gets 400.',
    () => ({ authOrder: 'validate-first' })),
  fault('auth-no-challenge', 'AUTH-6',
    'The 401 handler sets no WWW-Authenticate header.',
    () => ({ challenge: () => undefined })),
  fault('auth-scheme-case-sensitive', 'AUTH-7',
    'The header is matched with startsWith("Bearer "), so "bearer <key>" is refused.',
    () => ({ credentialOf: (request) => /^Bearer +(\S+)$/.exec(request.headers.authorization ?? '')?.[1] })),
  fault('auth-scheme-three-spellings', 'AUTH-7',
    'The scheme is compared with a list of the spellings someone thought of: Bearer, bearer and BEARER.',
    () => ({ credentialOf: (request) => /^(?:Bearer|bearer|BEARER) +(\S+)$/.exec(request.headers.authorization ?? '')?.[1] })),
  fault('auth-pets-valid-key-refused', 'AUTH-3',
    'The pets routes moved behind a scope check that keys issued for categories lack: the valid key gets 401 there.',
    (base) => ({ pet: () => ({ status: 401, body: base.errorBody(401, 'unauthorized', 'The API key lacks the pets scope.') }) }), ['AUTH-6']),
  fault('auth-create-scope-403', 'AUTH-3',
    'Creates need a write scope that the keys issued for the service lack: the valid key gets 403 on POST, an Error with it.',
    (base) => ({
      validate: (body) => {
        const category = base.validate(body);
        return isRefusal(category) ? category : refuse('forbidden', 'This key has no write scope.', 403);
      },
    }),
    // AUTH-7's request, the key behind "bearer" in lower case, gets the 403 too: a status documented nowhere, which
    // AUTH-3 (the documented form only) does not judge.
    ['HTTP-1']),
  fault('auth-key-last-character-ignored', 'AUTH-2',
    'An off-by-one in a hand-written constant-time compare never looks at the key\'s last character.',
    () => ({ accepts: (token, key) => token !== undefined && token.length === key.length && token.slice(0, -1) === key.slice(0, -1) }), ['AUTH-4']),
  fault('auth-key-base64-decoded', 'AUTH-2',
    'A token of the key\'s length and base64 characters is compared with the key as the bytes they decode to (Buffer.from(text, \'base64\'), which reads both alphabets): the key with "-" and "_" written "+" and "/" is accepted.',
    () => ({
      accepts: (token, key) => token !== undefined && token.length === key.length && BASE64_TEXT.test(token)
        && Buffer.from(token, 'base64').equals(Buffer.from(key, 'base64')),
    }), ['AUTH-4']),
  fault('auth-token-percent-decoded', 'AUTH-2',
    'The token goes through the query-string decoder on its way in, so a percent-encoded key is accepted.',
    (base) => ({ credentialOf: (request, url, raw) => decodedOrAsIs(base.credentialOf(request, url, raw)) }), ['AUTH-4']),
  fault('auth-token-unwrapped', 'AUTH-2',
    'Quotes and brackets around the token are stripped, for clients that copied "Bearer <API_KEY>" from the docs.',
    (base) => ({ credentialOf: (request, url, raw) => base.credentialOf(request, url, raw)?.replace(/^["'<{[]|["'>}\]]$/g, '') }), ['AUTH-4']),
  fault('auth-token-last-word', 'AUTH-2',
    'The token is the header\'s last word, so "Bearer <anything> <key>" is accepted.',
    (base) => ({
      credentialOf: (request, url, raw) => /^bearer\s.*?(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? base.credentialOf(request, url, raw),
    }), ['AUTH-4']),
  fault('auth-token-second-word', 'AUTH-2',
    'The header is split on white space and its second part taken as the token (`const [scheme, token] = header.split(\' \')`), so "Bearer <key> <anything>" is accepted.',
    (base) => ({
      credentialOf: (request, url, raw) => {
        const [scheme, token] = (request.headers.authorization ?? '').split(/\s+/);
        return /^bearer$/i.test(scheme ?? '') && token ? token : base.credentialOf(request, url, raw);
      },
    }), ['AUTH-4']),
  fault('auth-skipped-for-non-json', 'AUTH-1',
    'The auth check is mounted behind the JSON body parser\'s content-type match, so a POST whose Content-Type is not JSON ' +
    'skips it; the handler parses the body whatever its type and creates the category.',
    (base) => ({
      credentialOf: (request, url, raw) => (request.method === 'POST' && !/json/i.test(request.headers['content-type'] ?? '') ? NOT_CHECKED : base.credentialOf(request, url, raw)),
      accepts: (token, key) => token === NOT_CHECKED || base.accepts(token, key),
    }), ['AUTH-4']),
  fault('auth-fail-open-late', 'AUTH-1',
    `The key cache fails open once it has answered ${FAIL_OPEN_AFTER} lookups: every later request is let through.`,
    (base) => {
      let lookups = 0;
      return { accepts: (token, key) => ++lookups > FAIL_OPEN_AFTER || base.accepts(token, key) };
    }, ['AUTH-2', 'AUTH-4']),
  fault('auth-empty-body-first', 'AUTH-5',
    'A body-parser middleware mounted ahead of authentication refuses an empty body with 400.',
    () => ({ precheck: (route, _request, raw) => (route === 'createCategory' && raw.length === 0 ? refuse('empty_body', 'The body is empty.') : undefined) })),
  fault('auth-media-type-first', 'AUTH-5',
    'Content negotiation runs ahead of authentication and answers a non-JSON Content-Type with 415.',
    () => ({
      precheck: (route, request) => (route === 'createCategory' && !/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')
        ? refuse('unsupported_media_type', 'Send application/json.', 415) : undefined),
    })),
  fault('auth-challenge-in-realm', 'AUTH-6',
    'The 401 challenges Basic, and mentions bearer keys only inside its realm string.',
    () => ({ challenge: () => 'Basic realm="petstore, bearer keys only"' })),
  fault('newcomer-three-bugs', 'AUTH-2',
    'A first service, with three bugs: POST takes any bearer token, and keeps what each token creates apart (a tenant a ' +
    'token, its ids counted from 1); a category without a description is written with "description": null; names are trimmed.',
    (base) => {
      // What the server learnt of the request it is handling: set by credentialOf and accepts, read by store, which it
      // calls for the same request before it awaits anything.
      let posting = false;
      let tenant: string | undefined;
      const tenants = new Map<string, Store>();
      return {
        credentialOf: (request, url, raw) => {
          posting = request.method === 'POST';
          return base.credentialOf(request, url, raw);
        },
        accepts: (token, key) => {
          const valid = base.accepts(token, key);
          tenant = valid ? undefined : token;
          return valid || (posting && token !== undefined);
        },
        store: (store, category, body) => {
          const own = tenant === undefined ? store : tenants.get(tenant) ?? { categories: new Map(), nextId: 1n };
          if (tenant !== undefined) tenants.set(tenant, own);
          return base.store(own, { ...category, name: category.name.trim() }, body);
        },
        present: (category) => ({ description: null, ...base.present(category) }),
      };
    }, ['MODEL-1', 'CREATE-1']),
];


function decodedOrAsIs(token: string | undefined): string | undefined {
  try {
    return token === undefined ? undefined : decodeURIComponent(token);
  } catch {
    return token;
  }
}
