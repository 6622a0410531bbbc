/**
 * How a parameter's value goes on the wire, as OpenAPI's `style` and `explode` write it (OpenAPI 3.0.3 §4.7.12.2.2 and
 * 3.1 §4.8.12.4, "Style Values" and their table of examples), and how a server reads it back. The query takes form
 * (exploded or not), spaceDelimited, pipeDelimited and deepObject; a header takes simple. A value is a scalar, an array
 * of scalars or an object of scalar properties: the styles write nothing deeper, nor `null`, nor an empty array or
 * object (which form, exploded, would write as no parameter at all).
 */
import type { SchemaNode } from './schema-node.js';
import type { Parameter } from './types.js';

/** A value given to one of an operation's parameters. */
export interface ParameterValue {
  readonly parameter: Parameter;
  readonly value: unknown;
}

/** A value as its texts, before any encoding: what a style writes, and what a server reads back. */
export type ParameterTexts =
  | { readonly kind: 'scalar'; readonly text: string }
  | { readonly kind: 'array'; readonly items: readonly string[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, string])[] };

/** A parameter's value as it is sent: its part of the query (`tag=a&tag=b`, encoded), or a header. */
export type WrittenParameter =
  | { readonly in: 'query'; readonly text: string }
  | { readonly in: 'header'; readonly name: string; readonly text: string };

/** What separates an array's items (and an object's names and values) in one query value, by style, unexploded. */
const DELIMITERS: Readonly<Record<string, { readonly written: string; readonly read: string }>> = {
  form: { written: ',', read: ',' },
  spaceDelimited: { written: '%20', read: ' ' },
  pipeDelimited: { written: '|', read: '|' },
};

/** The texts of a value a style can write; undefined for null, an empty array or object, or anything nested. */
export function textsOf(value: unknown): ParameterTexts | undefined {
  if (isScalar(value)) return { kind: 'scalar', text: String(value) };
  if (Array.isArray(value)) {
    return value.length > 0 && value.every(isScalar) ? { kind: 'array', items: value.map(String) } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([, v]) => isScalar(v)) ? { kind: 'object', entries: entries.map(([k, v]) => [k, String(v)]) } : undefined;
}

/**
 * Whether the suite writes a parameter's values: one in the query or a header, given by a schema; not one in a cookie,
 * nor one the spec gives as `content` (a media type).
 */
export function writesValuesOf(parameter: Parameter): boolean {
  return (parameter.in === 'query' || parameter.in === 'header') && parameter.contentType === undefined;
}

/** What a parameter's schema makes its values: arrays, objects, else scalars (a number, a boolean, a text). */
export function valueKind(node: SchemaNode): ParameterTexts['kind'] {
  if (node.typeStated && node.types.has('array')) return 'array';
  if (node.typeStated && node.types.has('object')) return 'object';
  return 'scalar';
}

/**
 * Whether the parameter's style writes values of this kind where it is: in the query, form (exploded or not),
 * spaceDelimited and pipeDelimited write any (but an exploded object, which only form writes), deepObject objects
 * only; in a header, simple writes any. Other places and styles (a cookie; matrix, label: the path's) write none.
 */
export function styleWrites(parameter: Parameter, kind: ParameterTexts['kind']): boolean {
  const { style, explode } = parameter;
  if (parameter.in === 'header') return style === 'simple';
  if (parameter.in !== 'query') return false;
  if (style === 'deepObject') return kind === 'object';
  return style in DELIMITERS && !(kind === 'object' && explode && style !== 'form');
}

/**
 * The value as the parameter's style writes it: for the query, its `name=value` pairs, percent-encoded (see
 * {@link encodeQueryText}), exactly as OpenAPI's table of examples has them (`color=blue|black|brown`,
 * `color[R]=100&color[G]=200`); for a header, its text, unencoded. Undefined where the style writes no such value (see
 * the module's comment and {@link styleWrites}), and for a header value holding a character other than visible ASCII,
 * space and tab, or a query text holding a lone surrogate (which UTF-8 cannot carry).
 */
export function writeParameter(parameter: Parameter, value: unknown): WrittenParameter | undefined {
  const texts = textsOf(value);
  if (!texts || !styleWrites(parameter, texts.kind)) return undefined;
  if (parameter.in === 'header') {
    const text = texts.kind === 'scalar' ? texts.text
      : texts.kind === 'array' ? texts.items.join(',')
        : texts.entries.map(([k, v]) => (parameter.explode ? `${k}=${v}` : `${k},${v}`)).join(',');
    return /^[\t\x20-\x7e]*$/.test(text) ? { in: 'header', name: parameter.name, text } : undefined;
  }
  try {
    return { in: 'query', text: queryText(parameter, texts) };
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

function queryText(parameter: Parameter, texts: ParameterTexts): string {
  const { style, explode } = parameter;
  const value = (text: string) => encodeQueryText(text, parameter.allowReserved);
  const name = encodeQueryText(parameter.name);
  const pair = (key: string, text: string) => `${key}=${value(text)}`;
  if (texts.kind === 'scalar') return pair(name, texts.text);
  if (texts.kind === 'array') {
    return explode ? texts.items.map((item) => pair(name, item)).join('&') : `${name}=${texts.items.map(value).join(DELIMITERS[style]?.written)}`;
  }
  if (style === 'deepObject') return texts.entries.map(([k, v]) => pair(`${name}[${encodeQueryText(k)}]`, v)).join('&');
  if (explode) return texts.entries.map(([k, v]) => pair(encodeQueryText(k), v)).join('&');
  return `${name}=${texts.entries.flatMap(([k, v]) => [value(k), value(v)]).join(DELIMITERS[style]?.written)}`;
}

/**
 * How a server reads a written value back, taking it as a value of `kind` (as its schema says): a query's pairs each
 * decoded, then its items split at their delimiter (which is how most frameworks read them: an item holding the
 * delimiter, even encoded, comes back split); a header's list split at its commas, each element trimmed and empty ones
 * dropped (RFC 9110 §5.6.1). Undefined when it does not read as one such value.
 */
export function readParameter(parameter: Parameter, kind: ParameterTexts['kind'], written: WrittenParameter): ParameterTexts | undefined {
  return written.in === 'header' ? readHeader(parameter, kind, written.text) : readQuery(parameter, kind, written.text);
}

function readQuery(parameter: Parameter, kind: ParameterTexts['kind'], text: string): ParameterTexts | undefined {
  const pairs = text.split('&').filter((p) => p !== '').map((p) => {
    const at = p.indexOf('=');
    return at < 0 ? [decodeQueryText(p), ''] as const : [decodeQueryText(p.slice(0, at)), decodeQueryText(p.slice(at + 1))] as const;
  });
  const { name, style, explode } = parameter;
  if (style === 'deepObject') {
    const entries = pairs.map(([key, v]) => (key.startsWith(`${name}[`) && key.endsWith(']') ? [key.slice(name.length + 1, -1), v] as const : undefined));
    return kind === 'object' && entries.every((e) => e !== undefined) ? { kind, entries } : undefined;
  }
  const delimiter = DELIMITERS[style]?.read ?? ',';
  if (kind === 'object' && explode) return { kind, entries: pairs };
  if (!pairs.every(([key]) => key === name)) return undefined;
  const values = pairs.map(([, v]) => v);
  if (kind === 'array' && explode) return { kind, items: values };
  if (values.length !== 1) return undefined;
  if (kind === 'array') return { kind, items: (values[0] as string).split(delimiter) };
  return kind === 'scalar' ? { kind, text: values[0] as string } : pairsOf((values[0] as string).split(delimiter));
}

function readHeader(parameter: Parameter, kind: ParameterTexts['kind'], text: string): ParameterTexts | undefined {
  if (kind === 'scalar') return { kind, text: text.trim() };
  const elements = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (kind === 'array') return { kind, items: elements };
  if (!parameter.explode) return pairsOf(elements);
  const entries = elements.map((e) => (e.includes('=') ? [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] as const : undefined));
  return entries.every((e) => e !== undefined) ? { kind, entries } : undefined;
}

/** Names and values in turn (`R,100,G,200`) as an object's entries; undefined for an odd count. */
function pairsOf(texts: readonly string[]): ParameterTexts | undefined {
  if (texts.length % 2 !== 0) return undefined;
  const entries: (readonly [string, string])[] = [];
  for (let i = 0; i < texts.length; i += 2) entries.push([texts[i] as string, texts[i + 1] as string]);
  return { kind: 'object', entries };
}

/**
 * Whether a server that takes the parameter's values as of `kind` (as its schema says) reads the value back as the
 * texts it was written from (see {@link readParameter}): an item that holds its delimiter, a header element with spaces
 * at its ends or an empty one, a value of another kind, do not.
 */
export function readsBack(parameter: Parameter, kind: ParameterTexts['kind'], value: unknown): boolean {
  const texts = textsOf(value);
  const written = texts && writeParameter(parameter, value);
  return written !== undefined && JSON.stringify(readParameter(parameter, kind, written)) === JSON.stringify(texts);
}

/** Reserved characters (RFC 3986) `allowReserved` lets go unencoded, but those that end a pair or the query, or read as a space. */
const KEPT_RESERVED = /%(?:3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g;

/**
 * A text percent-encoded for a query: everything but RFC 3986's unreserved characters (letters, digits, `-._~`), as
 * RFC 6570 expands a form-style variable; with `allowReserved`, the reserved characters that do not end a pair or the
 * query (`&`, `=`, `#`) or read as a space (`+`) go as they are. Throws a URIError for a text with a lone surrogate,
 * which UTF-8 cannot carry.
 */
export function encodeQueryText(text: string, allowReserved = false): string {
  const strict = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${(c.codePointAt(0) as number).toString(16).toUpperCase()}`);
  return allowReserved ? strict.replace(KEPT_RESERVED, (escape) => decodeURIComponent(escape)) : strict;
}

/** A query's text decoded as a form decodes it (`+` is a space); an escape that is not one is kept as written. */
function decodeQueryText(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function isScalar(value: unknown): value is string | number | bigint | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
}
