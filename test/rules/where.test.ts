import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDITS } from '../../src/checks/audits/index.js';
import { packageRoot } from '../../src/core/package-info.js';
import { areaOf, RULES } from '../../src/rules/catalogue.js';

/** Where the catalogue says a rule's checks are: its area's suite files, and files named after it. */
function placesOf(id: string): { suites: string[]; named: string[] } {
  const area = areaOf(id).toLowerCase();
  return {
    suites: [`suites/${area}.suite.ts`, `suites/${area}.generated.suite.ts`],
    named: [`src/checks/audits/${id.toLowerCase()}.ts`, `src/checks/closing/${id.toLowerCase()}.ts`],
  };
}

describe('from a rule id to its checks, one hop', () => {
  it.each(RULES.map((r) => r.id))('%s has a check in its area\'s suites or a file named after it', async (id) => {
    const { suites, named } = placesOf(id);
    const inSuites = await Promise.all(suites.filter((f) => existsSync(join(packageRoot, f)))
      .map(async (f) => (await readFile(join(packageRoot, f), 'utf8')).includes(`'${id}'`)));
    const ownFile = named.some((f) => existsSync(join(packageRoot, f)));
    expect(inSuites.includes(true) || ownFile, `${id}: not in ${suites.join(', ')}, and no ${named.join(' or ')}`).toBe(true);
  });

  it('names every audit\'s file after its rule', () => {
    for (const audit of AUDITS) expect(existsSync(join(packageRoot, `src/checks/audits/${audit.rule.toLowerCase()}.ts`)), audit.rule).toBe(true);
  });
});
