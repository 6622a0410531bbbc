import { isAscii, isUtf8 } from 'node:buffer';
import { closingQuote, exactDocument, isAllExact, isJsonSpace, parseJson, type JsonDocument } from './parse.js';

/**
 * Parsing a JSON array text as an earlier one with one stretch of elements replaced. A target's list is read again
 * and again in a run, each time with the categories the run created since added (at its end, at its start, or
 * wherever the target sorts them): against a target holding 100,000 categories, nine reads of 9 MB that differ from
 * the read before by a few hundred bytes. Parsing each whole made 100,000 new objects a time, the run's largest cost
 * in time and memory. Here only the stretch that differs is parsed; the elements before and after it are the earlier
 * document's own values, shared (a parse is read and never changed by the checks).
 *
 * The result is the document `parseJson` gives for the whole text, value for value and number source for number
 * source, or undefined where that cannot be had this way (the text differs too much, or is not well-formed: the
 * whole parse then says why).
 */

/** A parsed array text and where its elements lie in it: what a later text is parsed against. */
export interface ParsedArray {
  /** The text's bytes (UTF-8). */
  readonly bytes: Buffer;
  /** Its document, whose value is an array. */
  readonly document: JsonDocument;
  /** Where its elements lie (see arrayLayoutOf). */
  readonly layout: ArrayLayout;
}

/** Where a JSON array text's elements lie, in bytes. */
export interface ArrayLayout {
  /** The offset of the opening `[`. */
  readonly open: number;
  /** The offset of the closing `]`. */
  readonly close: number;
  /** Each element's first byte. */
  readonly starts: Int32Array;
  /** Each element's end: the offset of the byte after its last. */
  readonly ends: Int32Array;
}

/** The layout of a well-formed JSON array text (one `parseJson` took), found by one pass over its bytes. */
export function arrayLayoutOf(bytes: Buffer): ArrayLayout {
  let open = 0;
  while (isJsonSpace(bytes[open])) open++;
  let close = bytes.length - 1;
  while (isJsonSpace(bytes[close])) close--;
  const { starts, ends } = elementsBetween(bytes, open + 1, close);
  return { open, close, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/**
 * `bytes` parsed as `earlier`'s text with one stretch of elements replaced: the elements wholly within the bytes the two
 * texts start with are kept, and so are those wholly within the bytes they end with. Undefined when no element is
 * kept, the array's brackets are not among the bytes the two share, or the text is not well-formed (UTF-8 JSON).
 */
export function parseArrayEdit(earlier: ParsedArray, bytes: Buffer): ParsedArray | undefined {
  const { layout } = earlier;
  const before = earlier.bytes;
  const head = commonHead(before, bytes);
  const tail = commonTail(before, bytes, Math.min(before.length, bytes.length) - head);
  const shift = bytes.length - before.length;
  if (layout.open >= head) return undefined;
  const count = layout.starts.length;
  // Kept at the start: the elements that end before the first byte that differs. That byte follows them in both texts,
  // so a number among them ends where it did.
  const kept = countBelow(layout.ends, head);
  // Kept at the end: the elements from the first one whose preceding byte (a separator or a space) is in the common end.
  const tailFrom = before.length - tail;
  const resumed = countBelow(layout.starts, tailFrom + 1);
  if (resumed === count && layout.close < tailFrom) return undefined;
  if (kept === 0 && resumed === count) return undefined;
  const from = kept > 0 ? layout.ends[kept - 1]! : layout.open + 1;
  const to = (resumed < count ? layout.starts[resumed]! : layout.close) + shift;
  const stretch = bytes.subarray(from, to);
  // The bytes on either side of the stretch are ASCII (a bracket, or a byte before or after a kept element), so it
  // holds whole characters.
  const text = isAscii(stretch) ? stretch.toString('latin1') : isUtf8(stretch) ? stretch.toString('utf8') : undefined;
  if (text === undefined) return undefined;
  // The stretch between a kept element and the next stands where it would in the whole text: in its place a `0` for
  // each side's kept elements. It is well-formed exactly when the whole text is, and its elements are the new ones.
  const lead = kept > 0 ? 1 : 0;
  const trail = resumed < count ? 1 : 0;
  let middle: JsonDocument;
  try {
    middle = parseJson(`${lead ? '[0' : '['}${text}${trail ? '0]' : ']'}`);
  } catch {
    return undefined;
  }
  const added = (middle.value as unknown[]).slice(lead, (middle.value as unknown[]).length - trail);
  const spans = elementsBetween(bytes, from, to);
  if (spans.starts.length !== added.length) return undefined;
  const items = earlier.document.value as readonly unknown[];
  const value = items.slice(0, kept).concat(added, items.slice(resumed));
  const pieces = { kept, added: added.length, resumed, lead };
  const document = editedDocument(value, earlier.document, middle, pieces);
  edits.set(document, { earlier: new WeakRef(earlier.document), ...pieces });
  return {
    bytes,
    document,
    layout: {
      open: layout.open,
      close: layout.close + shift,
      starts: joined(layout.starts, kept, spans.starts, resumed, shift),
      ends: joined(layout.ends, kept, spans.ends, resumed, shift),
    },
  };
}

/** Where the new document's elements came from: the earlier one's first `kept`, the middle's `added` (after its `lead`), the earlier one's from `resumed`. */
interface Pieces {
  readonly kept: number;
  readonly added: number;
  readonly resumed: number;
  readonly lead: number;
}

/** How an array document was made from an earlier one (see parseArrayEdit). */
export interface ArrayEdit {
  /** The earlier document, whose elements before `kept` and from `resumed` on this one shares. */
  readonly earlier: JsonDocument;
  /** How many of the earlier elements come first, at the same places. */
  readonly kept: number;
  /** How many new elements follow them. */
  readonly added: number;
  /** The earlier element the rest start from: the earlier element `i` from here on is this one's `i + kept + added - resumed`. */
  readonly resumed: number;
}

/** The edits documents were made by, the earlier document held weakly: what was worked out over it can be carried over while it lives. */
const edits = new WeakMap<JsonDocument, Omit<ArrayEdit, 'earlier'> & { readonly earlier: WeakRef<JsonDocument> }>();

/**
 * How `document` was made from an earlier array document, for work over every element (a list's invalid Categories) to
 * be carried over for the elements the two share and done for the added ones only; undefined when it was parsed whole,
 * or the earlier document is gone.
 */
export function arrayEditOf(document: JsonDocument): ArrayEdit | undefined {
  const edit = edits.get(document);
  const earlier = edit?.earlier.deref();
  return edit && earlier ? { ...edit, earlier } : undefined;
}

/**
 * The document of an edited array. A number's source is asked of the parse it came from: for an element of the array
 * itself, by its place there; for a number inside an element, of each parse that kept any source (every part of the
 * earlier document, then the middle's), as containers are each parse's own.
 */
function editedDocument(value: unknown[], earlier: JsonDocument, middle: JsonDocument, pieces: Pieces): JsonDocument {
  const parts = [...partsOf(earlier), ...(isAllExact(middle) ? [] : [middle.numberSource])];
  const own = new Map<number, string>();
  const earlierItems = earlier.value as readonly unknown[];
  const middleItems = middle.value as readonly unknown[];
  const keep = (at: number, source: string | undefined) => {
    if (source !== undefined) own.set(at, source);
  };
  if (!isAllExact(earlier)) {
    for (let i = 0; i < pieces.kept; i++) if (typeof earlierItems[i] === 'number') keep(i, earlier.numberSource(earlierItems, i));
    const offset = pieces.kept + pieces.added - pieces.resumed;
    for (let i = pieces.resumed; i < earlierItems.length; i++) if (typeof earlierItems[i] === 'number') keep(i + offset, earlier.numberSource(earlierItems, i));
  }
  if (!isAllExact(middle)) {
    for (let i = 0; i < pieces.added; i++) keep(pieces.kept + i, middle.numberSource(middleItems, pieces.lead + i));
  }
  if (parts.length === 0 && own.size === 0) return exactDocument(value);
  const document: JsonDocument = {
    value,
    numberSource: (container, key) => {
      if (container === value) return typeof key === 'number' ? own.get(key) : undefined;
      for (const part of parts) {
        const source = part(container, key);
        if (source !== undefined) return source;
      }
      return undefined;
    },
  };
  partsByDocument.set(document, parts);
  return document;
}

/**
 * The parses an edited document's elements came from that kept number sources, by document: an array edited again and
 * again asks its parts, not a chain of the documents before it, and keeps none of them alive.
 */
const partsByDocument = new WeakMap<JsonDocument, readonly JsonDocument['numberSource'][]>();

function partsOf(document: JsonDocument): readonly JsonDocument['numberSource'][] {
  return partsByDocument.get(document) ?? (isAllExact(document) ? [] : [document.numberSource]);
}

/** How many bytes `a` and `b` start with in common. */
function commonHead(a: Buffer, b: Buffer): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  // Compared a block at a time (memcmp), then byte by byte in the block that differs.
  while (at + BLOCK <= most && a.compare(b, at, at + BLOCK, at, at + BLOCK) === 0) at += BLOCK;
  while (at < most && a[at] === b[at]) at++;
  return at;
}

/** How many bytes, up to `most`, `a` and `b` end with in common. */
function commonTail(a: Buffer, b: Buffer, most: number): number {
  let length = 0;
  while (length + BLOCK <= most && a.compare(b, b.length - length - BLOCK, b.length - length, a.length - length - BLOCK, a.length - length) === 0) length += BLOCK;
  while (length < most && a[a.length - 1 - length] === b[b.length - 1 - length]) length++;
  return length;
}

const BLOCK = 64 * 1024;

/** How many of the rising `offsets` are below `limit`. */
function countBelow(offsets: Int32Array, limit: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (offsets[mid]! < limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The elements of a well-formed array text that lie between `from` and `to`, two offsets inside the array itself (not
 * inside an element) next to a separator, a bracket or a space: split at the array's own commas, spaces trimmed.
 */
function elementsBetween(bytes: Buffer, from: number, to: number): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  const element = (start: number, end: number) => {
    while (start < end && isJsonSpace(bytes[start])) start++;
    while (end > start && isJsonSpace(bytes[end - 1])) end--;
    if (end > start) {
      starts.push(start);
      ends.push(end);
    }
  };
  let depth = 0;
  let last = from;
  for (let at = from; at < to; at++) {
    const byte = bytes[at];
    if (byte === 0x22) at = closingQuote(bytes, at); // "
    else if (byte === 0x7b || byte === 0x5b) depth++; // { [
    else if (byte === 0x7d || byte === 0x5d) depth--; // } ]
    else if (byte === 0x2c && depth === 0) { // ,
      element(last, at);
      last = at + 1;
    }
  }
  element(last, to);
  return { starts, ends };
}

/** The offsets of the earlier elements before `kept`, then `added`, then the earlier ones from `resumed` moved by `shift`. */
function joined(earlier: Int32Array, kept: number, added: readonly number[], resumed: number, shift: number): Int32Array {
  const result = new Int32Array(kept + added.length + earlier.length - resumed);
  result.set(earlier.subarray(0, kept));
  result.set(added, kept);
  let at = kept + added.length;
  for (let i = resumed; i < earlier.length; i++) result[at++] = earlier[i]! + shift;
  return result;
}
