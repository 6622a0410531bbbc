import { arrayLayoutOf, parseArrayEdit, type ParsedArray } from '../json/array-edit.js';
import type { JsonDocument } from '../json/parse.js';

/** What a body parses to: its document, or why it has none. */
export type Parsed = { readonly document?: JsonDocument; readonly error?: string };

/** Bodies this large or larger are compared with the last large array (see ParsedBodies); a smaller one is parsed in less time. */
export const COMPARED_FROM_BYTES = 64 * 1024;

/**
 * The parse of the last large array body, which the next large body is set beside. A run reads a large target's list
 * again and again (each accepted form of the key, the closing checks of each suite, parameters the target ignores),
 * each time with the same bytes, or with the categories created since added: against 100,000 categories, 21 reads of
 * 9 MB, 10 different, each differing from the one before by a few hundred bytes. A body of the same bytes gets the same
 * parse; one that differs in a stretch of elements is parsed as the last one with that stretch replaced
 * (json/array-edit.ts), sharing the rest. Either way a read gets the value a whole parse gives: which way it went
 * changes how long the read takes, never what it shows.
 */
export class ParsedBodies {
  private last?: { readonly bytes: Buffer; readonly parsed: Parsed; array?: ParsedArray };

  /**
   * The parse of `bytes`: the last large array's, one made from it, or `parse(bytes)`. A large body's bytes are the
   * parse's from here on (Reply gives them up as it asks): they are kept as the last array's, or freed at once.
   */
  parse(bytes: Buffer, parse: (bytes: Buffer) => Parsed): Parsed {
    if (bytes.length < COMPARED_FROM_BYTES) return parse(bytes);
    const last = this.last;
    // The last array's own bytes again: its parse, and the bytes it keeps are not to be freed.
    if (last?.bytes === bytes) return last.parsed;
    if (last?.bytes.equals(bytes)) {
      freeNow(bytes);
      return last.parsed;
    }
    const edited = last && parseArrayEdit(last.array ??= arrayOf(last.bytes, last.parsed), bytes);
    if (edited) {
      const parsed = { document: edited.document };
      this.last = { bytes, parsed, array: edited };
      freeNow(last.bytes);
      return parsed;
    }
    const parsed = parse(bytes);
    // Only an array is kept to set the next body beside (a large created Category is no earlier state of a list).
    if (Array.isArray(parsed.document?.value)) {
      this.last = { bytes, parsed };
      if (last) freeNow(last.bytes);
    } else freeNow(bytes);
    return parsed;
  }
}

/**
 * Frees a large body's memory now, where nothing reads it any more. Its memory is outside V8's heap, and goes only when
 * a full collection finds its Buffer dead, which V8 starts once such memory has grown by 64 MB: against 100,000
 * categories (a 9 MB list read 18 times) the worker held up to 70 MB of lists read and done with, and a run's peak
 * went from about 200 to over 250 MB when the list held any character beyond ASCII. Moved to a copy that is dropped
 * at once (the structured clone algorithm transfers an ArrayBuffer's memory, it does not copy it), the memory goes at
 * the next collection of the young generation. A body that shares its ArrayBuffer with others is left alone.
 */
function freeNow(bytes: Buffer): void {
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || buffer.byteLength !== bytes.length) return;
  try {
    structuredClone(buffer, { transfer: [buffer] });
  } catch {
    // An ArrayBuffer Node keeps from being transferred (a pool's) stays as it is, for the collector.
  }
}

/** The last array's layout, worked out once a second large body comes to be set beside it. */
function arrayOf(bytes: Buffer, parsed: Parsed): ParsedArray {
  return { bytes, document: parsed.document as JsonDocument, layout: arrayLayoutOf(bytes) };
}
