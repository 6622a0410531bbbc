import { isAscii, isUtf8 } from 'node:buffer';
import type { Exchange } from './exchange.js';
import { parseJson } from '../json/parse.js';
import { ParsedBodies, type Parsed } from './parsed-bodies.js';

/** Large bodies parsed in this thread, set beside the last large list (a target's long list, read once per check). */
const parsedBodies = new ParsedBodies();

/** The outcome of one request as checks see it: the full body, parsed on demand, plus its record. */
export class Reply {
  private parsed?: Parsed;
  private received: Buffer | undefined;
  /** The body's size in bytes (0 when no response arrived). */
  readonly size: number;

  constructor(
    readonly exchange: Exchange,
    /** The whole body as received; undefined when no response arrived. */
    bytes: Buffer | undefined,
  ) {
    this.received = bytes;
    this.size = bytes?.length ?? 0;
  }

  /**
   * The whole body as received, until it is parsed. Then the reply keeps only the parse (a list can be megabytes), and
   * the bytes are ParsedBodies': it keeps the last large list's, to compare the next with, and frees the others' at
   * once. Read them before parsing, and keep no view of them.
   */
  get bytes(): Buffer | undefined {
    return this.received;
  }

  /** The status, or undefined when no complete response arrived (see `exchange.transportError`). */
  get status(): number | undefined {
    return this.exchange.response?.status;
  }

  /** A response header's value, repeated fields joined with ", ". */
  header(name: string): string | undefined {
    const value = this.exchange.response?.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Whether a body arrived. */
  get hasBody(): boolean {
    return this.size > 0;
  }

  /** The body as one parsed JSON value, or why it is not one (invalid UTF-8, a BOM, a syntax error). */
  json(): Parsed {
    if (!this.parsed) {
      this.parsed = this.received ? parsedBodies.parse(this.received, parse) : parse(undefined);
      this.received = undefined;
    }
    return this.parsed;
  }

  /** The parsed body's value, or undefined when it is not well-formed JSON. */
  get body(): unknown {
    return this.json().document?.value;
  }

  /** A short label for messages: `POST /v1/categories → 401 (auth-12)`. */
  get label(): string {
    const { request, response, transportError, id } = this.exchange;
    const outcome = response ? String(response.status) : `no response (${transportError?.code ?? 'unknown'})`;
    return `${request.method} ${new URL(request.url).pathname} → ${outcome} (${id})`;
  }
}

function parse(bytes: Buffer | undefined): Parsed {
  if (!bytes || bytes.length === 0) return { error: 'the body is empty' };
  const text = decoded(bytes);
  if (text === undefined) return { error: 'the body is not valid UTF-8' };
  if (text.charCodeAt(0) === 0xfeff) return { error: 'the body starts with a byte order mark (RFC 8259 §8.1 forbids it)' };
  try {
    return { document: parseJson(text) };
  } catch (error) {
    return { error: `the body is not well-formed JSON: ${(error as Error).message}` };
  }
}

/** UTF-8 bytes as text; undefined when they are not UTF-8. ASCII (nearly every body) is decoded by copying. */
function decoded(bytes: Buffer): string | undefined {
  if (isAscii(bytes)) return bytes.toString('latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}
