/**
 * The key's characters of base64's two alphabets, each with its twin: standard `+` and `/`, URL-safe `-` and `_`.
 * A decoder that reads both (Node's Buffer.from(text, 'base64'), lenient ones elsewhere) gives a text and its twin the
 * same bytes: a server that compares keys so takes either for the other (AUTH-2 sends it), and one that echoes the token
 * it refused shows the key so (the redactor removes it).
 */
const TWINS: Readonly<Record<string, string>> = { '+': '-', '/': '_', '-': '+', _: '/' };

/** The text in the other base64 alphabet: each of `+/-_` swapped for its twin, the rest kept. */
export function inOtherAlphabet(text: string): string {
  return text.replace(/[+/_-]/g, (c) => TWINS[c] ?? c);
}
