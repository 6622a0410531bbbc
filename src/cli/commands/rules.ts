import { join } from 'node:path';
import { packageRoot } from '../../core/package-info.js';
import { CONTRACT_DOCUMENT, RULES } from '../../rules/catalogue.js';
import type { Output } from '../console/output.js';

/** `petstore-conformance rules`: the catalogue, as a table or as JSON. */
export function printRules(out: Output, json: boolean): void {
  if (json) {
    out.line(JSON.stringify(RULES, null, 2));
    return;
  }
  for (const rule of RULES) {
    out.line(`${out.style.bold(rule.id.padEnd(9))}${rule.level.padEnd(7)}${rule.requirement}`);
    out.line(out.style.dim(`${' '.repeat(16)}source: ${rule.source}`));
  }
  out.line('');
  out.line(`"contract §N" is section N of the contract, ${join(packageRoot, CONTRACT_DOCUMENT)}`);
}
