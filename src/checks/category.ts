import { exactInteger } from '../http/json/exact-integer.js';
import type { JsonDocument } from '../http/json/parse.js';

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
  return {
    ...exactId(document, record),
    name: record['name'],
    description: record['description'],
    hasDescription: Object.hasOwn(record, 'description'),
  };
}

function exactId(document: JsonDocument, record: Record<string, unknown>): { id?: bigint } {
  const id = record['id'];
  if (typeof id !== 'number') return {};
  const exact = exactInteger(document.numberSource(record, 'id') ?? String(id));
  return exact.kind === 'integer' ? { id: exact.value } : {};
}

/** Whether two categories show the same name and description (absent and present differ). */
export function sameContent(a: SeenCategory, b: SeenCategory): boolean {
  return a.name === b.name && a.hasDescription === b.hasDescription && a.description === b.description;
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
