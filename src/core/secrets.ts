/**
 * Redaction of credentials from everything the suite writes. The primary defence is that requests record a
 * description of their credential instead of its value (see http/credential.ts); this is the safety net for
 * what a target sends back (a server that echoes the token in an error message) and for any path we missed.
 */

import { escapeRegExp } from './regexp.js';

/** What replaces a secret in written output. */
export const REDACTED = '[REDACTED]';

/**
 * The shortest run of a secret's characters that is treated as the secret. Servers echo the altered keys the
 * suite sends: a key with one character changed leaves two runs of half its length, so any run of 8 of its
 * characters is as sensitive as the whole key.
 */
const FRAGMENT = 8;

/**
 * Removes every secret from text: each secret case-insensitively, in the forms it travels or is echoed in
 * (base64 as in Basic credentials, percent-encoded as in a query string, escaped as in a JSON string), and any
 * run of 8 or more characters of those forms.
 */
export class Redactor {
  private readonly needles: string[];
  /**
   * Matches (in lower-cased text) wherever any needle is: every needle holds one of the shortest needles (each
   * form's windows of {@link FRAGMENT} characters), so one pass over a text clears it, however many needles.
   */
  private readonly anyNeedle?: RegExp;

  constructor(secrets: readonly string[]) {
    const needles = new Set<string>();
    const windows = new Set<string>();
    for (const secret of secrets) {
      if (secret.length === 0) continue;
      for (const form of formsOf(secret)) {
        const [whole, ...parts] = fragmentsOf(form).map(fold);
        for (const fragment of [whole as string, ...parts]) needles.add(fragment);
        for (const part of parts.length ? parts : [whole as string]) windows.add(part);
      }
    }
    // Longest first, so that a whole secret is replaced before any of its fragments is looked for.
    this.needles = [...needles].sort((a, b) => b.length - a.length);
    if (windows.size) this.anyNeedle = new RegExp([...windows].map(escapeRegExp).join('|'));
  }

  /** The text with every secret and sensitive fragment replaced by {@link REDACTED}. */
  redact(text: string): string {
    if (!this.anyNeedle || text.length === 0) return text;
    let lower = fold(text);
    if (!this.anyNeedle.test(lower)) return text;
    for (const needle of this.needles) {
      let at = lower.indexOf(needle);
      if (at < 0) continue;
      let out = '';
      let outLower = '';
      let from = 0;
      while (at >= 0) {
        out += text.slice(from, at) + REDACTED;
        outLower += lower.slice(from, at) + REDACTED.toLowerCase();
        from = at + needle.length;
        at = lower.indexOf(needle, from);
      }
      text = out + text.slice(from);
      lower = outLower + lower.slice(from);
    }
    return text;
  }

  /** Whether the text holds a secret or a sensitive fragment of one. */
  leaks(text: string): boolean {
    return this.anyNeedle?.test(fold(text)) ?? false;
  }
}

/**
 * The text in lower case, at the same positions, so that where a needle is in it the secret is in the text. A
 * character whose lower case is longer (İ, U+0130, gives "i̇") stays as it is, in the text and in the needles
 * alike; only a text holding one is lower-cased character by character (about 30 ms a MB).
 */
function fold(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/[A-Z]|[^\x00-\x7f]/gu, (c) => {
    const folded = c.toLowerCase();
    return folded.length === c.length ? folded : c;
  });
}

/** The secret as it may appear in text the suite writes. */
function formsOf(secret: string): Set<string> {
  const json = JSON.stringify(secret).slice(1, -1);
  return new Set([
    secret,
    base64(secret), base64(`${secret}:`), base64(`:${secret}`),
    encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2),
    json, json.replace(/\//g, '\\/'),
  ]);
}

function fragmentsOf(secret: string): string[] {
  const length = Math.min(secret.length, FRAGMENT);
  const fragments = [secret];
  for (let i = 0; i + length <= secret.length; i++) fragments.push(secret.slice(i, i + length));
  return fragments;
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
