/**
 * JSON text in which bigints are written as the exact integers they are: how the suite sends int64 values beyond the
 * doubles' exact range (2^53), which `JSON.stringify` refuses, and how the reference answers with them.
 */
export function jsonText(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  // A bigint somewhere: marked as a string no JSON text holds (U+0000 is written escaped), then unquoted.
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `\u0000big:${v}` : v), indent)
    .replace(/"\\u0000big:(-?\d+)"/g, '$1');
}
