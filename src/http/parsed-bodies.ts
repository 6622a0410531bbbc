import { createHash } from 'node:crypto';

/** Bodies this large or larger are looked up (see ParsedBodies); a smaller one is parsed in less time than a lookup. */
export const LOOKED_UP_FROM_BYTES = 64 * 1024;

/** How many parses are looked up: the lists of one wave of suites, read before and after their writes. */
const REMEMBERED = 8;

/**
 * The parses of the last large bodies, by the SHA-256 of their bytes. A run reads a large target's list again and
 * again (each accepted form of the key, the closing checks of each suite, parameters the target ignores), most often
 * with the same bytes in answer: 21 reads of 100,000 Categories, 10 different. Parsing one took the suites' worker
 * about 0.1 s with its garbage; a parse of the same bytes is the same value, read and never changed by the checks.
 *
 * Held weakly: a parse is found again while a check, a suite's lists or the run's opening lists still hold it, and
 * costs no memory once nothing does. Whether one is found changes how long a read takes, never what it shows.
 */
export class ParsedBodies<T extends object> {
  private readonly parses = new Map<string, WeakRef<T>>();

  /** The parse of `bytes`: one of the same bytes still held, or `parse(bytes)`. */
  parse(bytes: Buffer, parse: (bytes: Buffer) => T): T {
    if (bytes.length < LOOKED_UP_FROM_BYTES) return parse(bytes);
    const digest = createHash('sha256').update(bytes).digest('base64');
    const found = this.parses.get(digest)?.deref();
    if (found) return found;
    const parsed = parse(bytes);
    this.parses.delete(digest);
    this.parses.set(digest, new WeakRef(parsed));
    if (this.parses.size > REMEMBERED) this.parses.delete(this.parses.keys().next().value as string);
    return parsed;
  }
}
