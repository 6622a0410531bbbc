import { fault } from './fault.js';

/** Authentication bugs: bypasses, loose comparisons, side effects, missing niceties. */
export const authFaults = [
  fault('auth-optional', 'AUTH-1',
    'The auth middleware only verifies a token when an Authorization header is present; requests without one pass.',
    (base) => ({ accepts: (token, key) => token === undefined || base.accepts(token, key) })),
  fault('auth-pets-unprotected', 'AUTH-1',
    'The deprecated pets route was registered before the auth middleware and answers without a credential.',
    (base) => ({ protects: (route) => route !== 'getPet' && base.protects(route) })),
  fault('auth-key-prefix', 'AUTH-2',
    'The key check tests token.startsWith(key), so a key with anything appended is accepted.',
    () => ({ accepts: (token, key) => token !== undefined && token.startsWith(key) })),
  fault('auth-key-case-insensitive', 'AUTH-2',
    'Keys are compared after lower-casing both sides, so a re-cased key is accepted.',
    () => ({ accepts: (token, key) => token !== undefined && token.toLowerCase() === key.toLowerCase() })),
  fault('auth-key-truncated-compare', 'AUTH-2',
    'Only the first 12 characters of the token are compared (a fixed-size buffer), so altered tails are accepted.',
    () => ({ accepts: (token, key) => token !== undefined && token.length >= 12 && token.slice(0, 12) === key.slice(0, 12) })),
  fault('auth-any-scheme', 'AUTH-2',
    'The token is taken from after the first space whatever the scheme, so "Basic <key>" and "Token <key>" pass.',
    (base) => ({
      credentialOf: (request, url) => {
        const value = request.headers.authorization ?? '';
        return /^\S+ +(\S+)$/.exec(value)?.[1] ?? base.credentialOf(request, url);
      },
    })),
  fault('auth-key-in-query', 'AUTH-2',
    'A convenience for browser clients reads the key from ?api_key= or ?access_token= as well.',
    (base) => ({
      credentialOf: (request, url) => base.credentialOf(request, url) ?? url.searchParams.get('api_key') ?? url.searchParams.get('access_token') ?? undefined,
    })),
  fault('auth-x-api-key', 'AUTH-2',
    'A legacy gateway rule still accepts the key in an X-API-Key header.',
    (base) => ({
      credentialOf: (request, url) => base.credentialOf(request, url) ?? (request.headers['x-api-key'] as string | undefined),
    })),
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
];
