import fc from 'fast-check';
import { authorization, basic, basicPassword, bearer, inBody, inCookie, inHeader, inQuery, shellLiteral, validKey, type Credential, type Token } from '../http/credential.js';
import { keyMutation, mutateKey, type KeyMutation } from './key-mutations.js';

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
  | { readonly kind: 'word and key'; readonly word: string }
  | { readonly kind: 'query parameter'; readonly parameter: string }
  | { readonly kind: 'other header'; readonly header: string }
  | { readonly kind: 'cookie'; readonly cookie: string }
  | { readonly kind: 'body field'; readonly field: string }
  | { readonly kind: 'Basic password' };

/** Schemes that are not Bearer in any letter case: a case variant of Bearer is valid (AUTH-7). */
const OTHER_SCHEMES = ['Token', 'Basic', 'Digest', 'ApiKey', 'Key', 'JWT', 'OAuth', 'Bearer-Token', 'Beare', 'Bearerr'];

/** Every shape of refused credential the grammar knows. */
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
  fc.record({ kind: fc.constant('empty token' as const), scheme: fc.constantFrom('Bearer', 'bearer', 'Bearer ', 'Bearer\t') }),
  // A server that splits on the space and takes the second part accepts "<key> <anything>". (Never a lone
  // trailing space: HTTP trims field values, so "Bearer <key> " arrives as the valid credential.)
  fc.record({ kind: fc.constant('key and more' as const), more: fc.constantFrom(' x', ',', ' Bearer', '; q=1', ' extra') }),
  // A server that takes the last word of the header accepts "Bearer <anything> <key>".
  fc.record({ kind: fc.constant('word and key' as const), word: fc.constantFrom('x', 'Bearer', 'token', 'key=') }),
  fc.record({ kind: fc.constant('query parameter' as const), parameter: fc.constantFrom('access_token', 'api_key', 'apikey', 'key', 'token', 'bearer') }),
  fc.record({ kind: fc.constant('other header' as const), header: fc.constantFrom('X-API-Key', 'Api-Key', 'X-Auth-Token', 'X-Access-Token', 'Token', 'Proxy-Authorization') }),
  fc.record({ kind: fc.constant('cookie' as const), cookie: fc.constantFrom('api_key', 'access_token', 'token', 'session') }),
  // passport-http-bearer and others also read the token from the body's access_token field.
  fc.record({ kind: fc.constant('body field' as const), field: fc.constantFrom('access_token', 'api_key', 'token') }),
  fc.constant({ kind: 'Basic password' as const }),
);

/**
 * The credential a case describes, for this key; undefined when the case does not apply: a mutation that leaves
 * this key unchanged, or a body field for an operation without a JSON body.
 */
export function credentialFor(c: InvalidCredential, key: string, takesBody: boolean): Credential | undefined {
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
    case 'word and key':
      return wordAndKey(c.word, valid);
    case 'query parameter':
      return inQuery(c.parameter, valid);
    case 'other header':
      return inHeader(c.header, valid);
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
