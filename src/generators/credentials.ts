import fc from 'fast-check';
import { authorization, basic, basicPassword, bearer, inBody, inCookie, inHeader, inQuery, shellLiteral, validKey, type Credential, type Token } from '../http/credential.js';
import { describeMutation, KNOWN_MUTATIONS, keyMutation, mutateKey, type KeyMutation } from './key-mutations.js';
import { knownShapes } from './known-shape.js';
import { OTHER_HEADERS } from '../core/key-headers.js';
import type { ProxyRoute } from '../http/proxy.js';

/**
 * A credential that must be refused (AUTH-2), as data: the valid key altered, or the valid key in the wrong
 * scheme, place or shape. Cases, counterexamples and reports hold the description, never the key.
 */
export type InvalidCredential =
  | { readonly kind: 'altered key'; readonly mutation: KeyMutation }
  | { readonly kind: 'other scheme'; readonly scheme: string; readonly mutation?: KeyMutation }
  | { readonly kind: 'no scheme' }
  | { readonly kind: 'Basic' }
  | { readonly kind: 'empty token'; readonly scheme: string }
  | { readonly kind: 'key and more'; readonly more: string }
  | { readonly kind: 'scheme joined to key'; readonly joint: string }
  | { readonly kind: 'word and key'; readonly word: string }
  | { readonly kind: 'query parameter'; readonly parameter: string }
  | { readonly kind: 'other header'; readonly header: string }
  | { readonly kind: 'cookie'; readonly cookie: string }
  | { readonly kind: 'body field'; readonly field: string }
  | { readonly kind: 'Basic password' };

/** Schemes that are not Bearer in any letter case: a case variant of Bearer is valid (AUTH-7). */
export const OTHER_SCHEMES = ['Token', 'Basic', 'Digest', 'ApiKey', 'Key', 'JWT', 'OAuth', 'Bearer-Token', 'Beare', 'Bearerr'];

/**
 * The Bearer scheme with no token after it. "Bearer " and "Bearer\t" arrive as "Bearer" where a server trims field
 * values, as HTTP says it must, and as sent where it does not.
 */
export const EMPTY_TOKEN_SCHEMES = ['Bearer', 'bearer', 'Bearer ', 'Bearer\t'];

/**
 * What follows the valid key in `Bearer <key><more>`: a server that splits the header on white space and takes the
 * second part (`const [scheme, token] = header.split(' ')`) accepts it. Never a lone trailing space: HTTP trims
 * field values, so "Bearer <key> " arrives as the valid credential.
 */
export const MORE_AFTER_KEY = [' x', ',', ' Bearer', '; q=1', ' extra'];

/**
 * What joins the scheme to the valid key in `Bearer<joint><key>` instead of a space: a server that strips a "Bearer"
 * prefix (`header.replace('Bearer', '').trim()`, `header.slice(6)`) accepts it.
 */
export const JOINTS = ['', ':', '=', '-', '_'];

/** What comes between the scheme and the valid key in `Bearer <word> <key>`: a server that takes the last word accepts it. */
export const WORDS_BEFORE_KEY = ['x', 'Bearer', 'token', 'key='];

/** Query parameters some frameworks read a token from (OAuth's access_token, API gateways' api_key). */
export const QUERY_PARAMETERS = ['access_token', 'api_key', 'apikey', 'key', 'token', 'bearer'];

/** Cookies a browser session middleware may read a key from. */
export const COOKIES = ['api_key', 'access_token', 'token', 'session'];

/** Fields of a JSON body a bearer strategy may read a token from (passport-http-bearer reads access_token). */
export const BODY_FIELDS = ['access_token', 'api_key', 'token'];

/** Every shape of refused credential the grammar knows, around the constants above and every key mutation. */
export const invalidCredential: fc.Arbitrary<InvalidCredential> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('altered key' as const), mutation: keyMutation }) },
  {
    weight: 2,
    arbitrary: fc.record(
      { kind: fc.constant('other scheme' as const), scheme: fc.constantFrom(...OTHER_SCHEMES), mutation: fc.option(keyMutation, { nil: undefined }) },
      { requiredKeys: ['kind', 'scheme'] },
    ),
  },
  fc.constant({ kind: 'no scheme' as const }),
  fc.constant({ kind: 'Basic' as const }),
  fc.record({ kind: fc.constant('empty token' as const), scheme: fc.constantFrom(...EMPTY_TOKEN_SCHEMES) }),
  fc.record({ kind: fc.constant('key and more' as const), more: fc.constantFrom(...MORE_AFTER_KEY) }),
  fc.record({ kind: fc.constant('scheme joined to key' as const), joint: fc.constantFrom(...JOINTS) }),
  fc.record({ kind: fc.constant('word and key' as const), word: fc.constantFrom(...WORDS_BEFORE_KEY) }),
  fc.record({ kind: fc.constant('query parameter' as const), parameter: fc.constantFrom(...QUERY_PARAMETERS) }),
  fc.record({ kind: fc.constant('other header' as const), header: fc.constantFrom(...OTHER_HEADERS) }),
  fc.record({ kind: fc.constant('cookie' as const), cookie: fc.constantFrom(...COOKIES) }),
  fc.record({ kind: fc.constant('body field' as const), field: fc.constantFrom(...BODY_FIELDS) }),
  fc.constant({ kind: 'Basic password' as const }),
);

/**
 * How check names call each kind of refused credential. A record over every kind, so that a kind added to the grammar
 * does not compile until it has a name (and examples below).
 */
export const CREDENTIAL_KINDS: { readonly [K in InvalidCredential['kind']]: string } = {
  'altered key': 'the valid key altered',
  'other scheme': 'the valid key under another scheme',
  'no scheme': 'the valid key with no scheme',
  Basic: 'the valid key as the Basic user name',
  'empty token': 'an empty token',
  'key and more': 'the valid key followed by more',
  'scheme joined to key': 'the scheme joined to the valid key without a space',
  'word and key': 'a word between the scheme and the valid key',
  'query parameter': 'the valid key in a query parameter',
  'other header': 'the valid key in another header',
  cookie: 'the valid key in a cookie',
  'body field': 'the valid key in a body field',
  'Basic password': 'the valid key as the Basic password',
};

/** A case as words that hold for any key: for check names and messages. */
export function describeCredential(c: InvalidCredential): string {
  switch (c.kind) {
    case 'altered key':
      return describeMutation(c.mutation);
    case 'other scheme':
      return `${c.mutation ? describeMutation(c.mutation) : 'the valid key'} under the scheme ${JSON.stringify(c.scheme)}`;
    case 'empty token':
      return `the scheme ${JSON.stringify(c.scheme)} with no token`;
    case 'key and more':
      return `the valid key followed by ${JSON.stringify(c.more)}`;
    case 'scheme joined to key':
      return c.joint === '' ? 'the valid key right after the scheme ("Bearer<key>")' : `the valid key joined to the scheme by ${JSON.stringify(c.joint)}`;
    case 'word and key':
      return `${JSON.stringify(c.word)} between the scheme and the valid key`;
    case 'query parameter':
      return `the valid key in the query parameter ${c.parameter}`;
    case 'other header':
      return `the valid key in a header ${c.header}`;
    case 'cookie':
      return `the valid key in a cookie ${c.cookie}`;
    case 'body field':
      return `the valid key in the body's field ${c.field}`;
    default:
      return CREDENTIAL_KINDS[c.kind];
  }
}

/**
 * The refused credentials tried by example on every run, on every operation the spec lists: every constant of every
 * kind, each once (a scheme with the valid key, not also with each mutation: generation explores those), and every
 * representative key mutation.
 */
export const KNOWN_CREDENTIALS = knownShapes<InvalidCredential>([
  ...KNOWN_MUTATIONS.map(({ shape }) => ({ kind: 'altered key' as const, mutation: shape })),
  ...OTHER_SCHEMES.map((scheme) => ({ kind: 'other scheme' as const, scheme })),
  { kind: 'no scheme' },
  { kind: 'Basic' },
  ...EMPTY_TOKEN_SCHEMES.map((scheme) => ({ kind: 'empty token' as const, scheme })),
  ...MORE_AFTER_KEY.map((more) => ({ kind: 'key and more' as const, more })),
  ...JOINTS.map((joint) => ({ kind: 'scheme joined to key' as const, joint })),
  ...WORDS_BEFORE_KEY.map((word) => ({ kind: 'word and key' as const, word })),
  ...QUERY_PARAMETERS.map((parameter) => ({ kind: 'query parameter' as const, parameter })),
  ...OTHER_HEADERS.map((header) => ({ kind: 'other header' as const, header })),
  ...COOKIES.map((cookie) => ({ kind: 'cookie' as const, cookie })),
  ...BODY_FIELDS.map((field) => ({ kind: 'body field' as const, field })),
  { kind: 'Basic password' },
], describeCredential);

/**
 * The credential a case describes, for this key; undefined when the case does not apply: a mutation that leaves
 * this key unchanged, a body field for an operation without a JSON body, or where the run's proxy (`route`) would see
 * the key where it does not otherwise: in Proxy-Authorization through any proxy (that header is the proxy's, which
 * would take the key for its own credentials, not pass it on to the target), and in a query parameter through one that
 * forwards an http target's requests (the URL is what a proxy logs: tinyproxy does).
 */
export function credentialFor(c: InvalidCredential, key: string, takesBody: boolean, route?: ProxyRoute): Credential | undefined {
  const valid = validKey(key);
  switch (c.kind) {
    case 'altered key': {
      const token = mutateKey(key, c.mutation);
      return token && bearer(token);
    }
    case 'other scheme': {
      const token = c.mutation ? mutateKey(key, c.mutation) : valid;
      return token && bearer(token, c.scheme);
    }
    case 'no scheme':
      return authorization(key, valid.shown, valid.shell);
    case 'Basic':
      return basic(valid);
    case 'empty token':
      return authorization(c.scheme, c.scheme, shellLiteral(c.scheme));
    case 'key and more':
      return keyAndMore(valid, c.more);
    case 'scheme joined to key':
      return authorization(`Bearer${c.joint}${valid.value}`, `Bearer${c.joint}${valid.shown}`, `Bearer${shellLiteral(c.joint)}${valid.shell}`);
    case 'word and key':
      return wordAndKey(c.word, valid);
    case 'query parameter':
      return route === 'forward' ? undefined : inQuery(c.parameter, valid);
    case 'other header':
      return route !== undefined && c.header.toLowerCase() === 'proxy-authorization' ? undefined : inHeader(c.header, valid);
    case 'cookie':
      return inCookie(c.cookie, valid);
    case 'body field':
      return takesBody ? inBody(c.field, valid) : undefined;
    case 'Basic password':
      return basicPassword(valid);
  }
}

/** `Authorization: Bearer <word> <key>`: the valid key, but not as the token (the token is the word before it). */
export function wordAndKey(word: string, key: Token): Credential {
  return authorization(`Bearer ${word} ${key.value}`, `Bearer ${word} ${key.shown}`, `Bearer ${shellLiteral(word)} ${key.shell}`);
}

/** `Authorization: Bearer <key><more>`: the valid key, followed by more than the token (a word, a comma). */
export function keyAndMore(key: Token, more: string): Credential {
  return authorization(`Bearer ${key.value}${more}`, `Bearer ${key.shown}${more}`, `Bearer ${key.shell}${shellLiteral(more)}`);
}
