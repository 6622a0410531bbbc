import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../src/reference/faults/index.js';
import { REVISIONS } from '../../src/reference/revisions.js';
import { VARIANTS } from '../../src/reference/variants.js';
import { RULES } from '../../src/rules/catalogue.js';
import type { SelftestRow } from '../../src/selftest/matrix.js';
import { runCli, tempDir } from '../support/cli.js';

describe('selftest', () => {
  it('has at least one fault for every MUST and SHOULD rule', () => {
    const covered = new Set(FAULTS.map((f) => f.rule));
    const uncovered = RULES.filter((r) => r.level !== 'INFO' && !covered.has(r.id)).map((r) => r.id);
    expect(uncovered).toEqual([]);
  });

  it('catches every fault with its rule, passes the clean reference, every conformant variant and every revision of the spec kept', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['selftest', '--report-dir', dir, '--seed', '2026'], {}, 500_000);
    const { rows } = JSON.parse(await readFile(join(dir, 'selftest.json'), 'utf8')) as { rows: SelftestRow[] };
    const failures = rows.filter((r) => !r.ok).map((r) => `${r.target}: ${r.problem}`);
    expect(failures).toEqual([]);
    expect(rows.filter((r) => r.kind === 'clean')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'fault').map((r) => r.target)).toEqual([...FAULTS, ...REVISIONS.flatMap((r) => r.faults)].map((f) => f.id));
    expect(rows.filter((r) => r.kind === 'variant').map((r) => r.target)).toEqual(VARIANTS.map((v) => v.id));
    expect(rows.filter((r) => r.kind === 'revision').map((r) => r.target)).toEqual(REVISIONS.map((r) => r.id));
    for (const row of rows.filter((r) => r.kind === 'fault')) expect(row.failedRules, row.target).toContain(row.expectedRule);
    expect(code).toBe(0);
    expect(stdout).toMatch(/selftest passed/);
    // 99 whole runs, which a loaded machine slows many times over. Every run is bounded by its own request deadlines,
    // so this only catches a selftest that hangs.
  }, 600_000);
});
