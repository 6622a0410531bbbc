import { UsageError } from '../core/errors.js';
import { FAULTS, type Fault } from '../reference/faults/index.js';
import { VARIANTS, type Variant } from '../reference/variants.js';

/** The faults and variants a command line names, every id checked: an unknown one is a usage error. */
export function namedPatches(config: { readonly faults: readonly string[]; readonly variants: readonly string[] }): { faults: Fault[]; variants: Variant[] } {
  return {
    faults: config.faults.map((id) => known(FAULTS, id, 'fault')),
    variants: config.variants.map((id) => known(VARIANTS, id, 'variant')),
  };
}

function known<T extends { readonly id: string }>(all: readonly T[], id: string, kind: string): T {
  const found = all.find((p) => p.id === id);
  if (!found) throw new UsageError(`unknown ${kind} "${id}"; the ${kind}s are: ${all.map((p) => p.id).join(', ')}`);
  return found;
}
