/**
 * Media types as a spec writes them (the keys of a content map: `application/json`, `application/vnd.petstore.v1+json`,
 * `application/problem+json; charset=utf-8`) and as a Content-Type header carries them.
 */
import type { Operation } from './types.js';

/** A JSON media type: `application/json` or `application/<anything>+json`, any letter case, parameters allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Whether a media type is JSON (`application/json`, `application/…+json`), parameters and letter case aside. */
export function isJsonMediaType(mediaType: string): boolean {
  return JSON_MEDIA_TYPE.test(mediaType.trim());
}

/** A media range that takes JSON among others: `*\/*` (springdoc's default where a controller names none), `application/*`. */
const JSON_RANGE = /^(?:\*\/\*|application\/\*)\s*(?:;|$)/i;

/** Whether a media type is a range that takes JSON (see {@link JSON_RANGE}). */
export function isJsonRange(mediaType: string): boolean {
  return JSON_RANGE.test(mediaType.trim());
}

/**
 * The JSON media types of a content map, as the spec writes them (parameters kept), in its order; where it names none,
 * the ranges that take JSON (`*\/*`).
 */
export function jsonMediaTypesIn(content: Readonly<Record<string, unknown>> | undefined): string[] {
  const types = Object.keys(content ?? {});
  const json = types.filter(isJsonMediaType);
  return json.length > 0 ? json : types.filter(isJsonRange);
}

/**
 * Whether a body served as `served` (a Content-Type) is of a media type the spec documents as `documented`: the same
 * type, parameters and letter case aside; or any JSON type where it documents a range that takes JSON.
 */
export function servedAs(served: string, documented: string): boolean {
  return essenceOf(served) === essenceOf(documented) || (isJsonRange(documented) && isJsonMediaType(served));
}

/**
 * The media type itself, `type/subtype` in lower case, without its parameters (RFC 9110 §8.3.1: type and subtype are
 * case-insensitive): what two media types are compared by.
 */
export function essenceOf(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether the spec names this media type (parameters aside) for the operation's request body, JSON or not. */
export function takesMediaType(operation: Pick<Operation, 'requestMediaTypes' | 'otherRequestMediaTypes'>, mediaType: string): boolean {
  return [...operation.requestMediaTypes, ...operation.otherRequestMediaTypes].some((type) => essenceOf(type) === essenceOf(mediaType));
}

/**
 * The media type with a charset parameter, in one of the spellings RFC 9110 allows: `<type>; charset=utf-8` or
 * `<type>;charset=UTF-8`. A charset the spec already writes is replaced; its other parameters are kept.
 */
export function withCharset(mediaType: string, spelling: 'spaced' | 'tight'): string {
  const bare = mediaType.split(';').filter((part, i) => i === 0 || !/^\s*charset\s*=/i.test(part)).map((part) => part.trim()).join('; ');
  return spelling === 'spaced' ? `${bare}; charset=utf-8` : `${bare};charset=UTF-8`;
}

/** The media type with a charset parameter in each spelling {@link withCharset} writes: what CREATE-3 sends a body as. */
export function charsetSpellings(mediaType: string): [string, string] {
  return [withCharset(mediaType, 'spaced'), withCharset(mediaType, 'tight')];
}

/** What a body is sent as when the spec names no JSON media type for it: the contract's. */
export const CONTRACT_MEDIA_TYPE = 'application/json';

/** The media type a body to this operation is sent as unless a check says otherwise: the first JSON one the spec names. */
export function bodyMediaTypeOf(operation: Pick<Operation, 'requestMediaTypes'>): string {
  return operation.requestMediaTypes[0] ?? CONTRACT_MEDIA_TYPE;
}

/**
 * The Accept header of a request to this operation: the JSON media types the spec documents for its responses, each
 * once, without parameters, in the spec's order (a server that negotiates answers 406 to a type it does not serve);
 * `application/json` where it documents none.
 */
export function acceptOf(operation: Pick<Operation, 'responseMediaTypes'>): string {
  const documented = operation.responseMediaTypes;
  let accept = acceptByDocumented.get(documented);
  if (accept === undefined) {
    const types = [...new Set(Object.values(documented).flat().map(essenceOf))];
    accept = types.length === 0 ? CONTRACT_MEDIA_TYPE : types.join(', ');
    acceptByDocumented.set(documented, accept);
  }
  return accept;
}

/** The Accept header of each operation's documented response types, worked out once: every request sends one. */
const acceptByDocumented = new WeakMap<object, string>();
