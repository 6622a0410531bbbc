import { exactInteger } from './exact-integer.js';
import type { JsonDocument } from './parse.js';

/**
 * Where a JSON value is: in a container (an object or an array) of a parsed document, or on its own (a value a check
 * sent, whose numbers are exact: safe integers, bigints beyond them, quarters).
 */
export interface ValueAt {
  readonly value: unknown;
  /** The document it was parsed from, for the exact text of its numbers; absent for a value the suite made. */
  readonly document?: JsonDocument;
  readonly container?: object;
  readonly key?: string | number;
}

/**
 * Whether two JSON values are the same value: the same type, integers equal exactly whatever their spelling (`1`,
 * `1.0`, `10e-1`; beyond 2^53 too, from their source text), other numbers equal as doubles, strings equal character
 * for character, arrays item by item, objects with the same keys (in any order) and values.
 */
export function sameValue(a: ValueAt, b: ValueAt): boolean {
  const x = a.value;
  const y = b.value;
  if (isNumber(x) || isNumber(y)) return isNumber(x) && isNumber(y) && sameNumber(numberText(a), numberText(b));
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) return false;
  if (Array.isArray(x)) return x.length === (y as unknown[]).length && x.every((_, i) => sameValue(itemOf(a, i), itemOf(b, i)));
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && sameValue(itemOf(a, k), itemOf(b, k)));
}

/**
 * Whether a value a response shows is the value a client sent, shown back: the same value (see {@link sameValue}),
 * but that an object within it may show properties that were not sent, as a Category does (the id the service gave
 * a child category, a timestamp), and may leave out an empty text or a null that was (serializers leave them out).
 */
export function shownAsSent(shown: ValueAt, sent: ValueAt): boolean {
  const x = shown.value;
  const y = sent.value;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) return sameValue(shown, sent);
  if (Array.isArray(y)) return (x as unknown[]).length === y.length && y.every((_, i) => shownAsSent(itemOf(shown, i), itemOf(sent, i)));
  return Object.entries(y).every(([k, v]) => (Object.hasOwn(x, k) ? shownAsSent(itemOf(shown, k), itemOf(sent, k)) : v === '' || v === null));
}

/** The value at a key of a container, where it is. */
function itemOf(of: ValueAt, key: string | number): ValueAt {
  return { value: (of.value as Record<string | number, unknown>)[key], container: of.value as object, key, ...(of.document ? { document: of.document } : {}) };
}

const isNumber = (v: unknown): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** A number as written: its source text where its document kept one, else what its value says exactly. */
function numberText({ value, document, container, key }: ValueAt): string {
  if (typeof value === 'bigint') return String(value);
  const source = document && container !== undefined && key !== undefined ? document.numberSource(container, key) : undefined;
  return source ?? (Object.is(value, -0) ? '-0' : String(value));
}

function sameNumber(a: string, b: string): boolean {
  const x = exactInteger(a);
  const y = exactInteger(b);
  if (x.kind === 'integer' && y.kind === 'integer') return x.value === y.value;
  if (x.kind === 'huge' || y.kind === 'huge') return x.kind === y.kind && a === b;
  return x.kind === 'not-integer' && y.kind === 'not-integer' && Number(a) === Number(b);
}
