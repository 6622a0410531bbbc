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

  // The whole matrix, once per test run: it is the most expensive thing the tests do. It runs with what a default run
  // against a deployment gets (the staging profile: a write budget of 100, 8 cases for a property whose cases create,
  // the 10 s deadline), where catching every fault is hardest; each run is against a reference of its own reached by
  // URL, as a deployment is. What it holds each run to: a fault fails its rule, and no rule but those the fault
  // breaks in its own right, with the verdict its level gives; the clean reference, a variant or a revision of the
  // spec is conformant without a warning.
  it('catches every fault with its rule and no other, passes the clean reference, every conformant variant and every revision of the spec kept', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['selftest', '--profile', 'staging', '--timeout', '10000', '--report-dir', dir, '--seed', '2026'], {}, 600_000);
    const { rows } = JSON.parse(await readFile(join(dir, 'selftest.json'), 'utf8')) as { rows: SelftestRow[] };
    expect(rows.filter((r) => !r.ok).map((r) => `${r.target}: ${r.problem}`), stdout.split('\n')[0]).toEqual([]);
    expect(rows.filter((r) => r.kind === 'clean')).toHaveLength(1);
    const faults = [...FAULTS, ...REVISIONS.flatMap((r) => r.faults)];
    expect(rows.filter((r) => r.kind === 'fault').map((r) => [r.target, r.expectedRule])).toEqual(faults.map((f) => [f.id, f.rule]));
    expect(rows.filter((r) => r.kind === 'variant').map((r) => r.target)).toEqual(VARIANTS.map((v) => v.id));
    expect(rows.filter((r) => r.kind === 'revision').map((r) => r.target)).toEqual(REVISIONS.map((r) => r.id));
    for (const row of rows.filter((r) => r.kind === 'fault')) expect(row.failedRules, row.target).toContain(row.expectedRule);
    expect(code).toBe(0);
    expect(stdout).toMatch(/selftest passed/);
    // Only a hang guard: every run is bounded by its own request deadlines.
  }, 600_000);

  it('narrowed, runs a revision given as a variant against the reference that keeps it, and a fault of it named', async () => {
    const dir = await tempDir();
    const { code } = await runCli(['selftest', '--variant', 'two-media-types', '--fault', 'two-media-types/vendor-refused', '--report-dir', dir, '--seed', '7'], {}, 120_000);
    const { rows } = JSON.parse(await readFile(join(dir, 'selftest.json'), 'utf8')) as { rows: SelftestRow[] };
    expect(rows.map((r) => [r.target, r.kind, r.ok])).toEqual([
      ['clean', 'clean', true],
      ['two-media-types', 'revision', true],
      ['two-media-types/vendor-refused', 'fault', true],
    ]);
    expect(rows[2]?.failedRules).toEqual(['CREATE-1']);
    expect(code).toBe(0);
  }, 120_000);
});
