/**
 * JSON parsing that keeps every number's exact value available. `JSON.parse` rounds integers beyond 2^53 and
 * turns `1.0000000000000000001` into the integer 1, which would let a wrong id pass as right or two ids
 * collapse into one. The parsed value here is exactly what `JSON.parse` gives (so schemas validate it as
 * usual); the source text of every number that a double may misrepresent is kept beside it.
 */

/** A parsed JSON text. */
export interface JsonDocument {
  /** The value, identical to what `JSON.parse` returns for the same text. */
  readonly value: unknown;
  /**
   * The source text of the number stored at `container[key]`, when the double there may differ from it
   * (sixteen or more digits, a fraction or an exponent). Undefined means the double is exact.
   */
  numberSource(container: object, key: string | number): string | undefined;
}

/** The text is not one well-formed JSON value. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

// A number with 16+ digits, or a fraction or an exponent, may not be what its double says.
const MAYBE_INEXACT = /\d{16}|\d[.eE]/;
// Such a number in a text, where a value starts (the text's start, or after ':', ',' or '['). Texts without one
// (the common case, lists of thousands included) take the fast path; a match inside a string only costs the
// slower, equally exact path.
const MAYBE_INEXACT_VALUE = /(?:^|[:,[])\s*-?(?:\d{16}|\d+[.eE])/;

/**
 * Parses one JSON value (RFC 8259): the same acceptance and values as `JSON.parse`, with exact numbers, and no value
 * nested deeper than 2000 (RFC 8259 §9 lets a parser set that limit): one text is accepted or refused the same way
 * whichever path it takes, and so is any stretch of it (json/array-edit.ts).
 */
export function parseJson(text: string): JsonDocument {
  if (!MAYBE_INEXACT_VALUE.test(text) && !nestsDeeperThan(text, MAX_DEPTH)) {
    try {
      return exactDocument(JSON.parse(text) as unknown);
    } catch (error) {
      throw new JsonSyntaxError((error as Error).message);
    }
  }
  return new ExactParser(text).document();
}

/** The number sources of a document whose every number is exact (the fast path's). */
const EXACT: JsonDocument['numberSource'] = () => undefined;

/** The document of a value whose every number is exact. */
export function exactDocument(value: unknown): JsonDocument {
  return { value, numberSource: EXACT };
}

/** Whether a document's every number is exact: it keeps no number source. */
export function isAllExact(document: JsonDocument): boolean {
  return document.numberSource === EXACT;
}

/** Whitespace as JSON has it (RFC 8259 §2), by character code or byte. */
export function isJsonSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

const MAX_DEPTH = 2000;

/**
 * Whether a text opens more than `limit` brackets within one another (strings skipped): only then may it hold a value
 * deeper than the exact parser takes, which decides. Fewer than twice that many characters cannot.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= 2 * limit) return false;
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x22) at = closingQuote(text, at); // "
    else if (code === 0x5b || code === 0x7b) { // [ {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--; // ] }
  }
  return false;
}

/**
 * The offset of the quote that closes the JSON string opened at `open`, in a text or its UTF-8 bytes: the next quote
 * no backslash escapes (the end when there is none).
 */
export function closingQuote(text: string | Buffer, open: number): number {
  let at = open;
  for (;;) {
    // A Buffer searched for a byte, not a one-character string: the string is encoded anew on every call.
    at = typeof text === 'string' ? text.indexOf('"', at + 1) : text.indexOf(0x22, at + 1);
    if (at < 0) return text.length;
    let backslashes = 0;
    while ((typeof text === 'string' ? text.charCodeAt(at - 1 - backslashes) : text[at - 1 - backslashes]) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\.)*"/y;

class ExactParser {
  private at = 0;
  private readonly sources = new WeakMap<object, Map<string | number, string>>();

  constructor(private readonly text: string) {}

  document(): JsonDocument {
    const value = this.value(0);
    this.skipSpace();
    if (this.at < this.text.length) this.fail('unexpected data after the JSON value');
    const sources = this.sources;
    return { value, numberSource: (container, key) => sources.get(container)?.get(key) };
  }

  private value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`);
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (this.text.startsWith('true', this.at)) return this.literal('true', true);
    if (this.text.startsWith('false', this.at)) return this.literal('false', false);
    if (this.text.startsWith('null', this.at)) return this.literal('null', null);
    return this.number().value;
  }

  private object(depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.at++;
    this.skipSpace();
    if (this.text[this.at] === '}') {
      this.at++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] !== '"') this.fail('expected a property name');
      const key = this.string();
      this.skipSpace();
      if (this.text[this.at] !== ':') this.fail("expected ':'");
      this.at++;
      this.member(result, key, depth);
      this.skipSpace();
      const c = this.text[this.at++];
      if (c === '}') return result;
      if (c !== ',') this.fail("expected ',' or '}'", this.at - 1);
    }
  }

  private array(depth: number): unknown[] {
    const result: unknown[] = [];
    this.at++;
    this.skipSpace();
    if (this.text[this.at] === ']') {
      this.at++;
      return result;
    }
    for (;;) {
      this.member(result, result.length, depth);
      this.skipSpace();
      const c = this.text[this.at++];
      if (c === ']') return result;
      if (c !== ',') this.fail("expected ',' or ']'", this.at - 1);
    }
  }

  /** Reads a value into container[key], keeping its source text when it is a number that needs it. */
  private member(container: Record<string, unknown> | unknown[], key: string | number, depth: number): void {
    this.skipSpace();
    const c = this.text[this.at];
    let value: unknown;
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      const number = this.number();
      value = number.value;
      const bySource = this.sources.get(container) ?? new Map<string | number, string>();
      if (MAYBE_INEXACT.test(number.source)) {
        bySource.set(key, number.source);
        this.sources.set(container, bySource);
      } else {
        bySource.delete(key); // a duplicate key whose last value is exact
      }
    } else {
      value = this.value(depth + 1);
      this.sources.get(container)?.delete(key);
    }
    if (Array.isArray(container)) container.push(value);
    // Like JSON.parse: "__proto__" is an ordinary own property, and a repeated key keeps its last value.
    else if (key === '__proto__') Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
    else container[key] = value;
  }

  private string(): string {
    STRING.lastIndex = this.at;
    const match = STRING.exec(this.text);
    if (!match) this.fail('malformed string');
    this.at += match[0].length;
    try {
      return JSON.parse(match[0]) as string; // escapes exactly as JSON.parse reads them
    } catch {
      return this.fail('malformed string escape');
    }
  }

  private number(): { value: number; source: string } {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail('unexpected character');
    this.at += match[0].length;
    return { value: Number(match[0]), source: match[0] };
  }

  private literal<T>(word: string, value: T): T {
    this.at += word.length;
    return value;
  }

  private skipSpace(): void {
    while (isJsonSpace(this.text.charCodeAt(this.at))) this.at++;
  }

  private fail(what: string, at = this.at): never {
    const near = at < this.text.length ? ` near ${JSON.stringify(this.text.slice(at, at + 12))}` : ' at the end';
    throw new JsonSyntaxError(`${what} at position ${at}${near}`);
  }
}
