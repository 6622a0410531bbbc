import { exactInteger } from './exact-integer.js';
import type { JsonDocument } from './parse.js';

/** A Category as a response showed it, with its id read exactly. */
export interface SeenCategory {
  /** The exact id; undefined when it is missing or not an integer (MODEL-1 reports that). */
  readonly id?: bigint;
  readonly name: unknown;
  readonly description: unknown;
  readonly hasDescription: boolean;
}

/** Reads a Category out of a parsed body; undefined when the value is not an object. */
export function readCategory(document: JsonDocument, value: unknown): SeenCategory | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const seen = { name: record['name'], description: record['description'], hasDescription: Object.hasOwn(record, 'description') };
  const id = exactIdOf(document, record);
  return id === undefined ? seen : { id, ...seen };
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
 * Ids read from their source text, by Category object. A list that grew at its end shares its earlier Categories
 * with the list before it (see HttpClient), so against a target whose ids go beyond 2^53 each id is read once,
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
 * Whether two categories show the same name and description (absent and present differ), compared as JSON values:
 * a target that stored a name of another type (`["x"]`) lists it as its 201 showed it, which keeps LIST-2; the
 * type is CREATE-2's and MODEL-1's to report.
 */
export function sameContent(a: SeenCategory, b: SeenCategory): boolean {
  return sameJson(a.name, b.name) && a.hasDescription === b.hasDescription && sameJson(a.description, b.description);
}

/** Whether two parsed JSON values are equal: the same type and, for arrays and objects, equal members (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameJson(item, (b as unknown[])[i]));
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return aKeys.length === Object.keys(b).length && aKeys.every((k) => Object.hasOwn(bRecord, k) && sameJson((a as Record<string, unknown>)[k], bRecord[k]));
}

/** A category's content for messages: `{"name":"Dog","description":"…"}`, long names abbreviated. */
export function showContent(c: SeenCategory): string {
  const shown: Record<string, unknown> = { name: abbreviate(c.name) };
  if (c.hasDescription) shown['description'] = abbreviate(c.description);
  return JSON.stringify(shown);
}

function abbreviate(value: unknown): unknown {
  return typeof value === 'string' && value.length > 60 ? `${value.slice(0, 57)}…(${value.length} chars)` : value;
}
