/**
 * Credentials as requests carry them. Each holds the value it sends, a description that records show instead,
 * and a shell expression that rebuilds the value from $PETSTORE_API_KEY for reproduction commands: no report,
 * message, console line or command ever holds the key, altered or not.
 */

import { API_KEY_ENV } from '../core/api-key-variable.js';

/**
 * What a request carried to authenticate: the valid key as documented (`Authorization: Bearer <key>`); no credential
 * at all; a credential the contract refuses (AUTH-2's shapes: a wrong or altered key, another scheme, the key
 * elsewhere); or the valid key in a form the contract neither shows nor refuses (the scheme in another letter case,
 * AUTH-7's SHOULD).
 */
export type CredentialSent = 'documented' | 'none' | 'refused' | 'other';

/** A token: what is sent, how records show it, and how a shell rebuilds it. */
export interface Token {
  readonly value: string;
  /** Shown in place of the value, e.g. `<valid key with the last character removed>`. */
  readonly shown: string;
  /** A word for a double-quoted POSIX shell string that expands to the value, e.g. `${PETSTORE_API_KEY}x`. */
  readonly shell: string;
}

/** Where a credential travels: a header, a query parameter, or a field of a JSON object body. */
export type CredentialPlace = { readonly kind: 'header' | 'query' | 'body'; readonly name: string };

/** Where a credential travels and what it looks like there. */
export interface Credential {
  readonly place: CredentialPlace;
  readonly value: string;
  readonly shown: string;
  /** The value as a word for a double-quoted POSIX shell string (see {@link Token.shell}). */
  readonly shell: string;
}

/** The valid key as a token. */
export function validKey(key: string): Token {
  return { value: key, shown: '<valid key>', shell: `\${${API_KEY_ENV}}` };
}

/** A literal piece of a token, quoted for a double-quoted shell string. */
export function shellLiteral(text: string): string {
  return text.replace(/[\\"$`]/g, (c) => `\\${c}`);
}

/** `Authorization: Bearer <token>`, the documented form. */
export function bearer(token: Token, scheme = 'Bearer'): Credential {
  return authorization(`${scheme} ${token.value}`, `${scheme} ${token.shown}`, `${shellLiteral(scheme)} ${token.shell}`);
}

/** An Authorization header with any value, e.g. another scheme or none. */
export function authorization(value: string, shown: string, shell: string): Credential {
  return { place: { kind: 'header', name: 'authorization' }, value, shown, shell };
}

/** `Authorization: Basic base64(…)` carrying the token as the user name with an empty password. */
export function basic(token: Token): Credential {
  const encoded = Buffer.from(`${token.value}:`, 'utf8').toString('base64');
  return authorization(`Basic ${encoded}`, `Basic base64(${token.shown}:)`, `Basic $(printf '%s:' "${token.shell}" | base64 | tr -d '\\n')`);
}

/** `Authorization: Basic base64(<user>:<token>)`: the token as the password, as `curl -u api:KEY` sends it. */
export function basicPassword(token: Token, user = 'api'): Credential {
  const encoded = Buffer.from(`${user}:${token.value}`, 'utf8').toString('base64');
  return authorization(`Basic ${encoded}`, `Basic base64(${user}:${token.shown})`,
    `Basic $(printf '%s:%s' ${shellLiteral(user)} "${token.shell}" | base64 | tr -d '\\n')`);
}

/** The token in a cookie (`Cookie: <name>=<token>`) instead of the Authorization header. */
export function inCookie(name: string, token: Token): Credential {
  return { place: { kind: 'header', name: 'cookie' }, value: `${name}=${token.value}`, shown: `${name}=${token.shown}`, shell: `${shellLiteral(name)}=${token.shell}` };
}

/** The token as a field of the JSON body (`access_token`, as passport-http-bearer reads it) instead of a header. */
export function inBody(name: string, token: Token): Credential {
  return { place: { kind: 'body', name }, value: token.value, shown: token.shown, shell: token.shell };
}

/** The token in a query parameter instead of the Authorization header. */
export function inQuery(name: string, token: Token): Credential {
  return { place: { kind: 'query', name }, value: token.value, shown: token.shown, shell: token.shell };
}

/** The token in another header instead of the Authorization header. */
export function inHeader(name: string, token: Token): Credential {
  return { place: { kind: 'header', name: name.toLowerCase() }, value: token.value, shown: token.shown, shell: token.shell };
}
