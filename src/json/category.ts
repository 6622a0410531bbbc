import { exactInteger } from './exact-integer.js';
import type { JsonDocument } from './parse.js';
import { sameValue } from './same-value.js';

/** A Category as a response showed it, with its id read exactly. */
export interface SeenCategory {
  /** The exact id; undefined when it is missing or not an integer (MODEL-1 reports that). */
  readonly id?: bigint;
  /** The Category object as parsed. */
  readonly record: Readonly<Record<string, unknown>>;
  /** The document it was parsed from, which keeps the exact text of its numbers. */
  readonly document: JsonDocument;
}

/** A parsed value as a Category object (a JSON object, a Category or a would-be one); undefined when it is not one. */
export function categoryRecordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Reads a Category out of a parsed body; undefined when the value is not an object. */
export function readCategory(document: JsonDocument, value: unknown): SeenCategory | undefined {
  const record = categoryRecordOf(value);
  if (!record) return undefined;
  const id = exactIdOf(document, record);
  return id === undefined ? { record, document } : { id, record, document };
}

/** A property of a seen category, where it is (for exact comparison: see json/same-value.ts). */
export function propertyOf(category: SeenCategory, key: string) {
  return { value: category.record[key], document: category.document, container: category.record, key };
}

/**
 * The id of a Category object as a key that is equal exactly when the ids are: a number for ids within the
 * doubles' exact range, the decimal text beyond it. Cheaper than a bigint for the lists of 100,000 MODEL-2 checks.
 */
export function idKeyOf(document: JsonDocument, record: Record<string, unknown>): number | string | undefined {
  const id = record['id'];
  if (typeof id === 'number' && Number.isSafeInteger(id) && document.numberSource(record, 'id') === undefined) return id;
  const exact = exactIdOf(document, record);
  return exact === undefined ? undefined : idKeyOfExact(exact);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** {@link idKeyOf} for an id already read exactly. */
export function idKeyOfExact(id: bigint): number | string {
  return id >= MIN_SAFE && id <= MAX_SAFE ? Number(id) : String(id);
}

/**
 * Ids read from their source text, by Category object. A list that differs from the one before in a stretch shares
 * the rest of its Categories with it (json/array-edit.ts), so against a target whose ids go beyond 2^53 each id is read once,
 * not once per list and per check: a parsed Category never changes, nor does the text its id came from.
 */
const idsReadFromText = new WeakMap<object, bigint | undefined>();

/** The exact integer id of a Category object; undefined when it has none. */
function exactIdOf(document: JsonDocument, record: Record<string, unknown>): bigint | undefined {
  const id = record['id'];
  if (typeof id !== 'number') return undefined;
  // A double with no kept source is exact: a safe integer needs no reading of its text, nor the cache (lists hold
  // thousands). Only the rest is read from its text, once.
  if (Number.isSafeInteger(id) && document.numberSource(record, 'id') === undefined) return BigInt(id);
  if (idsReadFromText.has(record)) return idsReadFromText.get(record);
  const exact = exactInteger(document.numberSource(record, 'id') ?? String(id));
  const value = exact.kind === 'integer' ? exact.value : undefined;
  idsReadFromText.set(record, value);
  return value;
}

/** A category the target said it created (a 201), as that response showed it. */
export interface CreatedCategory extends SeenCategory {
  readonly id: bigint;
  /** The exchange whose 201 showed it. */
  readonly exchange: string;
}

/**
 * Whether two categories show the same content: each of these properties (the NewCategory's) absent from both or the
 * same value in both, exactly (see json/same-value.ts). A target that stored a name of another type (`["x"]`) lists
 * it as its 201 showed it, which keeps LIST-2: the type is CREATE-2's and MODEL-1's to report.
 */
export function sameContent(a: SeenCategory, b: SeenCategory, content: readonly string[]): boolean {
  return content.every((key) => Object.hasOwn(a.record, key) === Object.hasOwn(b.record, key)
    && (!Object.hasOwn(a.record, key) || sameValue(propertyOf(a, key), propertyOf(b, key))));
}

/** Which of these properties two categories show differently, in words: `description missing from the list item`. */
export function contentDifferences(shown: SeenCategory, expected: SeenCategory, content: readonly string[], where: string): string[] {
  return content.flatMap((key) => {
    const has = Object.hasOwn(shown.record, key);
    const wanted = Object.hasOwn(expected.record, key);
    if (!has && !wanted) return [];
    if (!has) return [`${key} missing from ${where}`];
    if (!wanted) return [`${key} ${abbreviated(shown.record[key])} in ${where}, where there was none`];
    return sameValue(propertyOf(shown, key), propertyOf(expected, key)) ? [] : [`${key} differs: ${abbreviated(shown.record[key])}, not ${abbreviated(expected.record[key])}`];
  });
}

/** A category's content for messages: `{"name":"Dog","description":"…"}`, long texts abbreviated. */
export function showContent(c: SeenCategory, content: readonly string[]): string {
  const shown: Record<string, unknown> = {};
  for (const key of content) if (Object.hasOwn(c.record, key)) shown[key] = abbreviate(c.record[key]);
  return JSON.stringify(shown);
}

function abbreviated(value: unknown): string {
  return JSON.stringify(abbreviate(value)) ?? String(value);
}

function abbreviate(value: unknown): unknown {
  return typeof value === 'string' && value.length > 60 ? `${value.slice(0, 57)}…(${value.length} chars)` : value;
}
