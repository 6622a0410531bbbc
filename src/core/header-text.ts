/**
 * Which characters an HTTP header can carry. undici refuses a header value holding any other, and does not always
 * settle the requests of its pool after that (see docs/architecture.md): so the key is checked when the run starts,
 * and every header value before it is sent.
 */

/** A character a header cannot carry as it was written: where it is (from 1) and what kind it is. */
export interface UnsendableCharacter {
  /** Its place among the text's characters, from 1. */
  readonly position: number;
  /** Of how many characters. */
  readonly length: number;
  /** What it is, in words: `an invisible formatting character`. */
  readonly kind: string;
  /** Its code point, `U+200B`: never the character itself, which may be part of a key. */
  readonly codePoint: string;
}

/**
 * The first character of a header value that HTTP cannot carry (RFC 9110 §5.5: tab, space, visible ASCII, and the
 * octets 0x80 to 0xFF), or undefined.
 */
export function unsendableInHeader(value: string): UnsendableCharacter | undefined {
  return firstOutside(value, (code) => code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff));
}

/**
 * The first character of an API key that a bearer token cannot carry as written, or undefined: only visible ASCII
 * goes. (A header carries the octets 0x80 to 0xFF too, but as Latin-1: a key of `é` from an environment in UTF-8
 * would reach the target as another byte than the one it was issued with.)
 */
export function unsendableInToken(key: string): UnsendableCharacter | undefined {
  return firstOutside(key, (code) => code >= 0x21 && code <= 0x7e);
}

function firstOutside(text: string, allowed: (code: number) => boolean): UnsendableCharacter | undefined {
  // Every header value of every request is checked: one that is all allowed, the usual case, is read in place. (Each
  // half of a surrogate pair is outside every allowed range, so a value holding one takes the way below.)
  let unit = 0;
  while (unit < text.length && allowed(text.charCodeAt(unit))) unit++;
  if (unit === text.length) return undefined;
  const characters = [...text];
  const at = characters.findIndex((c) => !allowed(c.codePointAt(0) as number));
  if (at < 0) return undefined;
  const character = characters[at] as string;
  return {
    position: at + 1,
    length: characters.length,
    kind: kindOf(character),
    codePoint: `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`,
  };
}

/** What a character is, by its Unicode category. */
function kindOf(character: string): string {
  if (/\s/u.test(character)) return 'white space';
  if (/\p{Cc}/u.test(character)) return 'a control character';
  if (/\p{Cf}/u.test(character)) return 'an invisible formatting character';
  return 'a character outside ASCII';
}
