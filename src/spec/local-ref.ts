import type { JsonSchema } from './types.js';

/**
 * The schema a `$ref` within a converted schema names: `#` the root itself, `#/$defs/Category` (or any JSON pointer
 * from the root) a part of it. The converter writes such refs for recursive schemas only (spec/schemas.ts); undefined
 * for any other ref, or a pointer to nothing.
 */
export function localRefTarget(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  const steps = ref === '#' ? [] : ref.slice(2).split('/');
  for (const step of steps) {
    const key = decodeURIComponent(step).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'boolean' || (typeof at === 'object' && at !== null && !Array.isArray(at)) ? at as JsonSchema : undefined;
}
