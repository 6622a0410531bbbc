/**
 * A step of `npm run build`, after the spec's snapshot (spec/write-snapshot.ts): works out what each rule comes to for
 * the bundled spec, as `rules` would (rules-for-spec.ts), and writes it where `rules` reads it (spec-lines.ts).
 */
import { writeFile } from 'node:fs/promises';
import { RULES } from '../../rules/catalogue.js';
import { loadSpec } from '../../spec/load.js';
import { forSpecOf, specUse } from './rules-for-spec.js';
import { BUNDLED_SPEC_LINES_FILE, type BundledSpecLines } from './spec-lines.js';

const spec = await loadSpec();
const use = specUse(spec, false);
const written: BundledSpecLines = { sha256: spec.sha256, lines: Object.fromEntries(RULES.map((rule) => [rule.id, forSpecOf(rule.id, use)])) };
await writeFile(BUNDLED_SPEC_LINES_FILE, `${JSON.stringify(written)}\n`);
