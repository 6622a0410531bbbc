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

  /** The parse of `bytes`: the last large array's, one made from it, or `parse(bytes)`. */
  parse(bytes: Buffer, parse: (bytes: Buffer) => Parsed): Parsed {
    if (bytes.length < COMPARED_FROM_BYTES) return parse(bytes);
    const last = this.last;
    if (last?.bytes.equals(bytes)) return last.parsed;
    const edited = last && parseArrayEdit(last.array ??= arrayOf(last.bytes, last.parsed), bytes);
    if (edited) {
      const parsed = { document: edited.document };
      this.last = { bytes, parsed, array: edited };
      return parsed;
    }
    const parsed = parse(bytes);
    // Only an array is kept to set the next body beside (a large created Category is no earlier state of a list).
    if (Array.isArray(parsed.document?.value)) this.last = { bytes, parsed };
    return parsed;
  }
}

/** The last array's layout, worked out once a second large body comes to be set beside it. */
function arrayOf(bytes: Buffer, parsed: Parsed): ParsedArray {
  return { bytes, document: parsed.document as JsonDocument, layout: arrayLayoutOf(bytes) };
}
