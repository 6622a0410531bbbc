/**
 * Characters a reader cannot see in a message or a console line: DEL and C1 controls, format characters (zero-width,
 * bidirectional controls, which reorder the rest of a line) and line or paragraph separators. JSON writes them as they
 * are; messages and commands a person reads write them as `\uXXXX` escapes.
 */
export const INVISIBLE = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Each UTF-16 unit of a character as a `\uXXXX` escape, as JSON writes one (a surrogate pair as two). */
export function unicodeEscapes(character: string): string {
  return [...Array(character.length).keys()].map((i) => `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
}
