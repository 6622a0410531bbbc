/**
 * A schema's `pattern` as a RegExp: with the `u` flag, as JSON Schema 2020-12 and ajv read patterns (`\p{L}`, code
 * points); or, where the pattern is not valid so, without it: OpenAPI 3.0 names ECMA-262 5.1's regular expressions,
 * which take identity escapes such as `\-` that the `u` flag refuses.
 */
export function patternRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/**
 * {@link patternRegExp} as ajv's regular expression engine (its `code.regExp` option): `flags` is ajv's `u`, kept
 * where the pattern takes it. `code` names it for ajv's standalone code, which only the bundled spec's validators are
 * made as (spec/prebuilt-validators.ts), with ajv's own engine.
 */
export const patternEngine = Object.assign((pattern: string, flags: string) => (flags.includes('u') ? patternRegExp(pattern) : new RegExp(pattern, flags)), {
  code: 'patternRegExp',
});
