/**
 * One place of a valid body changed: how a boundary value or a violation of the spec's schema is sent. Cases are data
 * (fast-check shows and shrinks them, reports name them); {@link applyCase} makes the body.
 */
export interface ValueCase {
  /** How check names and messages call it, the same on every run: `name of exactly 50 characters`, `name is 42`. */
  readonly label: string;
  /** Where, from the body's root: `['address', 'city']`, `['tags', '0']`. */
  readonly path: readonly string[];
  /**
   * What goes there: a value; nothing (the property removed); or the property moved into a `"__proto__"` member of its
   * object, where only a server that copies the body with `Object.assign` (or merges it into an object) finds it.
   */
  readonly change: { readonly set: unknown } | { readonly remove: true } | { readonly inPrototype: true };
  /** For a violation: the JSON Schema keyword the value breaks (`type`, `maxLength`, `required`…). */
  readonly keyword?: string;
}

/** A path in words: `address.city`, `tags[0]`. */
export function pathLabel(path: readonly string[]): string {
  return path.reduce((text, key) => (/^\d+$/.test(key) ? `${text}[${key}]` : text ? `${text}.${key}` : key), '');
}

/** The path as a JSON pointer (`/address/city`): where a validator reports what is wrong there. */
export function pointerOf(path: readonly string[]): string {
  return path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * The body with the case applied: a copy, the path's containers copied on the way down. A container the path needs and
 * the body lacks is made (an object; an array for a numeric key).
 */
export function applyCase(body: unknown, valueCase: ValueCase): unknown {
  return applyAt(body, valueCase.path, valueCase.change);
}

function applyAt(container: unknown, path: readonly string[], change: ValueCase['change']): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return 'set' in change ? change.set : undefined;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(container) ? [...container as unknown[]]
    : typeof container === 'object' && container !== null ? { ...container as Record<string, unknown> } : /^\d+$/.test(key) ? [] : {};
  const record = copy as Record<string, unknown>;
  if (rest.length === 0 && 'remove' in change) {
    if (Array.isArray(copy)) copy.splice(Number(key), 1);
    else delete record[key];
    return copy;
  }
  if (rest.length === 0 && 'inPrototype' in change) {
    const value = record[key];
    delete record[key];
    // Defined, not assigned: assigning "__proto__" would set the copy's prototype, and JSON.stringify would not write it.
    Object.defineProperty(record, '__proto__', { value: { [key]: value }, writable: true, enumerable: true, configurable: true });
    return copy;
  }
  record[key] = applyAt(record[key], rest, change);
  return copy;
}

/**
 * Cases of what lies within the value at `path` (an object's properties, an array's items), as changes of that whole
 * value: `base` (a valid value for it) with each case applied. The containers on the way need not exist in the body a
 * case is applied to, and when they do not, nothing else of theirs (a required property) is missing.
 */
export function within(path: readonly string[], base: unknown, cases: readonly ValueCase[]): ValueCase[] {
  return cases.map((c) => ({ ...c, path, change: { set: applyAt(base, c.path.slice(path.length), c.change) } }));
}
