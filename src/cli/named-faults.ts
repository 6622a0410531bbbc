import { faultById, type Fault } from '../reference/faults/index.js';
import { variantById, type Variant } from '../reference/variants.js';

/** The faults and variants a command line names, every id checked: an unknown one is a usage error. */
export function namedPatches(config: { readonly faults: readonly string[]; readonly variants: readonly string[] }): { faults: Fault[]; variants: Variant[] } {
  return { faults: config.faults.map(faultById), variants: config.variants.map(variantById) };
}
