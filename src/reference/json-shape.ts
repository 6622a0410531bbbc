/**
 * What the reference's parsers read of a body's shape beyond its value: how deep it nests, how many properties it has,
 * how long its numbers are. Faults fail on them as real parsers do, and a variant refuses them as strict ones do.
 */

/** How deep the arrays and objects of a JSON text nest, as a recursive-descent parser goes down them. */
export function depthOf(raw: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

/** The most digits a number of a JSON text has (its strings' digits are not numbers). */
export function longestNumberOf(raw: string): number {
  const outsideStrings = raw.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return Math.max(0, ...(outsideStrings.match(/\d+/g) ?? []).map((digits) => digits.length));
}

/** How many properties the objects of a value have, all told. */
export function propertiesIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + propertiesIn(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce((sum: number, item) => sum + 1 + propertiesIn(item), 0);
}
