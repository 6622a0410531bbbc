import { FAULTS } from '../../reference/faults/index.js';
import { VARIANTS } from '../../reference/variants.js';
import type { Output } from '../console/output.js';

/**
 * `petstore-conformance faults`: what --fault and --variant take, one line each: a fault's id, the rule that
 * must catch it and its story; a variant's id and its story. With --json, both lists as data.
 */
export function printFaults(out: Output, json: boolean): void {
  if (json) {
    out.line(JSON.stringify({
      faults: FAULTS.map(({ id, rule, also, story }) => ({ id, rule, also, story })),
      variants: VARIANTS.map(({ id, story }) => ({ id, story })),
    }, null, 2));
    return;
  }
  const width = Math.max(...[...FAULTS, ...VARIANTS].map((p) => p.id.length)) + 2;
  out.line(out.style.bold(`Faults (--fault <id>): bugs the reference can be switched into; the rule must catch each`));
  for (const fault of FAULTS) out.line(`  ${fault.id.padEnd(width)}${fault.rule.padEnd(10)}${fault.story}`);
  out.line();
  out.line(out.style.bold(`Variants (--variant <id>): other ways of keeping the contract; each must pass`));
  for (const variant of VARIANTS) out.line(`  ${variant.id.padEnd(width)}${variant.story}`);
}
