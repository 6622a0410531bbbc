import { UsageError } from '../core/errors.js';

/** The fault, variant or revision with this id; an unknown id is a usage error that lists the known ones. */
export function byId<T extends { readonly id: string }>(all: readonly T[], id: string, kind: 'fault' | 'variant' | 'revision'): T {
  const found = all.find((p) => p.id === id);
  if (!found) throw new UsageError(`unknown ${kind} "${id}"; the ${kind}s are: ${all.map((p) => p.id).join(', ')}`);
  return found;
}
