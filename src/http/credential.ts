/**
 * Credentials as requests carry them. Each holds the value it sends and a description that records show
 * instead, so that no report, message or console line ever holds the key, altered or not.
 */

/** A token: what is sent, and how records show it. */
export interface Token {
  readonly value: string;
  /** Shown in place of the value, e.g. `<valid key with the last character removed>`. */
  readonly shown: string;
}

/** Where a credential travels and what it looks like there. */
export interface Credential {
  readonly place: { readonly kind: 'header' | 'query'; readonly name: string };
  readonly value: string;
  readonly shown: string;
}

/** The valid key as a token. */
export function validKey(key: string): Token {
  return { value: key, shown: '<valid key>' };
}

/** `Authorization: Bearer <token>`, the documented form. */
export function bearer(token: Token, scheme = 'Bearer'): Credential {
  return authorization(`${scheme} ${token.value}`, `${scheme} ${token.shown}`);
}

/** An Authorization header with any value, e.g. another scheme or none. */
export function authorization(value: string, shown: string): Credential {
  return { place: { kind: 'header', name: 'authorization' }, value, shown };
}

/** `Authorization: Basic base64(…)` carrying the token as the user name with an empty password. */
export function basic(token: Token): Credential {
  const encoded = Buffer.from(`${token.value}:`, 'utf8').toString('base64');
  return authorization(`Basic ${encoded}`, `Basic base64(${token.shown}:)`);
}

/** The token in a query parameter instead of the Authorization header. */
export function inQuery(name: string, token: Token): Credential {
  return { place: { kind: 'query', name }, value: token.value, shown: token.shown };
}

/** The token in another header instead of the Authorization header. */
export function inHeader(name: string, token: Token): Credential {
  return { place: { kind: 'header', name: name.toLowerCase() }, value: token.value, shown: token.shown };
}
