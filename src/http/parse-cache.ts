import type { Exchange } from './exchange.js';
import { Reply } from './reply.js';
import { continuationOf } from '../json/parse.js';

/** Bodies from this size on are compared with the last such body, to share its parse when identical. */
const SHARED_PARSE_FROM_BYTES = 64 * 1024;

/**
 * Replies that share what they can of the last large body's parse: one whose large body is byte-identical to it
 * shares its parse, and one whose body is its list with items added at the end parses only those. Lists of thousands
 * are read again with nothing changed in between about half the time, and with the categories created since added at
 * the end most of the rest; parsing one is the run's largest cost per request. An identical text parses to an
 * identical value, and the same items to the same values, so nothing is judged differently.
 */
export class ParseCache {
  /** The last large body and its reply, so that a byte-identical one after it is parsed once (a list, read again). */
  private lastLargeBody?: { readonly bytes: Buffer; readonly reply: Reply };

  /** The reply of `exchange`, whose response body is `bytes`. */
  reply(exchange: Exchange, bytes: Buffer): Reply {
    if (bytes.length < SHARED_PARSE_FROM_BYTES) return new Reply(exchange, bytes);
    const last = this.lastLargeBody;
    const twin = last?.bytes.length === bytes.length && last.bytes.equals(bytes) ? last.reply : undefined;
    if (twin) return new Reply(exchange, bytes, twin);
    const at = last && continuationOf(last.bytes, bytes);
    const reply = new Reply(exchange, bytes, undefined, last && at !== undefined ? { reply: last.reply, at } : undefined);
    this.lastLargeBody = { bytes, reply };
    return reply;
  }
}
