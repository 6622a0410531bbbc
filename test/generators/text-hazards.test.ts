import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { newCategoryBodies } from '../../src/generators/new-category.js';
import { INNER_SPACES, MAX_NAME_LENGTH, TROUBLE } from '../../src/generators/names.js';
import {
  hazardBodies, hazardCases, type HazardCase, hazardPacks, OPEN_BYTE_LENGTHS, PROMISED_BYTE_LENGTHS, TEXT_HAZARDS, textOfBytes, textProperties,
} from '../../src/generators/text-hazards.js';
import { OPEN_QUESTIONS } from '../../src/rules/open-questions.js';
import { loadSpec } from '../../src/spec/load.js';
import { compileValidators } from '../../src/spec/validators.js';
import { revisedSpecFile } from '../support/spec-files.js';

/** The NewCategory bodies of the bundled spec as `change` revises its NewCategory schema. */
async function bodiesOf(change: (schema: Record<string, unknown>, doc: OpenAPIV3.Document) => void = () => undefined) {
  const { model } = await loadSpec(await revisedSpecFile((doc) => change(doc.components?.schemas?.['NewCategory'] as Record<string, unknown>, doc)));
  return newCategoryBodies(model, compileValidators(model));
}

const propertiesOf = (schema: Record<string, unknown>) => schema['properties'] as Record<string, Record<string, unknown>>;
const bytesOf = (text: string) => Buffer.byteLength(text);

describe('a text of a length in bytes', () => {
  it('has exactly those UTF-8 bytes and UTF-16 units, fewer code points, and ends in a character a byte short of it splits', () => {
    for (const [bytes, units] of [[255, 100], [256, 100], [1000, 500], [65_535, 32_768]] as const) {
      const text = textOfBytes(bytes, units);
      expect(bytesOf(text)).toBe(bytes);
      expect(text.length).toBe(units);
      expect([...text].length).toBe(units - 1);
      expect(bytesOf(text.slice(-1))).toBe(3);
    }
  });
});

describe('the promised text hazards', () => {
  it('of the bundled spec go into name and description, packed into 4 valid bodies within 100 UTF-16 units a text', async () => {
    const bodies = await bodiesOf();
    expect(textProperties(bodies)).toEqual(['name', 'description']);
    const { valid, forbidden } = hazardPacks(bodies);
    expect(forbidden).toEqual([]);
    const made = hazardBodies(valid);
    expect(made).toHaveLength(4);
    for (const { set } of made) {
      expect(bodies.problems(bodies.valid(undefined, set))).toEqual([]);
      for (const text of Object.values(set) as string[]) {
        expect(text.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
        expect(text.trim()).not.toBe('');
        // Nothing that is left open: line ends, controls, invisible format characters.
        expect(text).not.toMatch(/[\p{Cc}\u00ad\u2028\u2029\u200b\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
      }
    }
    // Every hazard once in every property, each in the text that lists it; outer spaces around a text.
    for (const property of ['name', 'description']) {
      const texts = valid.get(property) ?? [];
      const ids = texts.flatMap((t) => t.hazards);
      expect(ids.sort()).toEqual([...TEXT_HAZARDS.map((h) => `${property}:${h.id}`), ...PROMISED_BYTE_LENGTHS.map((b) => `${property}:bytes-${b}`)].sort());
      for (const h of TEXT_HAZARDS) {
        const text = texts.find((t) => t.hazards.includes(`${property}:${h.id}`))?.text ?? '';
        if (h.edges) expect(text.startsWith(h.text) && text.endsWith(h.text) && !text.startsWith(`${h.text} `), property).toBe(true);
        else expect(text, `${property}:${h.id}`).toContain(h.text);
      }
      for (const bytes of PROMISED_BYTE_LENGTHS) {
        const text = texts.find((t) => t.hazards.includes(`${property}:bytes-${bytes}`))?.text ?? '';
        expect([bytesOf(text), text.length]).toEqual([bytes, MAX_NAME_LENGTH]);
      }
    }
  });

  // Before: only generated names and descriptions held a no-break or an ideographic space, by chance, and a server that
  // made them ASCII spaces in descriptions passed some seeds (description-unicode-spaces-to-ascii).
  it('hold every troublesome piece of text and every inner space the name grammar knows, on every run', () => {
    const all = TEXT_HAZARDS.map((h) => h.text).join(' ');
    for (const piece of [...TROUBLE, ...INNER_SPACES]) expect(all, piece).toContain(piece);
    expect(all).toContain('\u202f');
  });

  it('follow the spec\'s bounds and pattern: more texts under a maxLength, the hazards a pattern forbids in an invalid body', async () => {
    const short = await bodiesOf((schema) => Object.assign(propertiesOf(schema)['name'] ?? {}, { maxLength: 30 }));
    const names = hazardPacks(short).valid.get('name') ?? [];
    expect(names.length).toBeGreaterThan(2);
    for (const { text } of names) expect([...text].length).toBeLessThanOrEqual(30);
    // The texts of 255 and 256 bytes are 100 characters: past the bound, so invalid bodies.
    expect(hazardPacks(short).forbidden.map((t) => t.hazards)).toEqual([['name:bytes-255'], ['name:bytes-256']]);

    const pattern = await bodiesOf((schema) => Object.assign(propertiesOf(schema)['name'] ?? {}, { pattern: '^[A-Za-z0-9 ]+$' }));
    const { valid, forbidden } = hazardPacks(pattern);
    const allowed = valid.get('name') ?? [];
    expect(allowed.flatMap((t) => t.hazards).sort()).toEqual(['name:inner-spaces', 'name:outer-spaces']);
    for (const { text } of allowed) expect(text).toMatch(/^[A-Za-z0-9 ]+$/);
    const refused = forbidden.find((t) => t.hazards.includes('name:nfc'));
    expect(refused?.hazards).toHaveLength(TEXT_HAZARDS.length - 2);
    expect(pattern.problems(pattern.valid(undefined, { name: refused?.text }))).not.toEqual([]);
  });

  it('go only into free texts a Category shows: not an enum, a format of its own or a write-only property', async () => {
    const bodies = await bodiesOf((schema) => Object.assign(propertiesOf(schema), {
      kind: { type: 'string', enum: ['a', 'b'] },
      homepage: { type: 'string', format: 'uri' },
      secret: { type: 'string', writeOnly: true },
      notes: { type: 'string' },
    }));
    expect(textProperties(bodies)).toEqual(['name', 'description', 'notes']);
  });
});

describe('the open text hazards', () => {
  const questionOf = (c: HazardCase) => OPEN_QUESTIONS.find((q) => q.property === c.property && q.aspect === c.aspect);

  it('are, in every text property, each group of characters and each long length in a case of its own, which an INFO question asks', async () => {
    const cases = hazardCases(await bodiesOf());
    for (const property of ['name', 'description']) {
      const own = cases.filter((c) => c.property === property);
      const characters = own.filter((c) => c.aspect === 'characters');
      expect(characters.map((c) => c.hazards.map((id) => id.replace(`${property}:`, ''))))
        .toEqual([['crlf', 'cr', 'lf', 'line-separator', 'paragraph-separator', 'tab', 'edge-lf'], ['c0-controls', 'del', 'c1-controls'], ['nul'],
          ['soft-hyphen', 'zero-width', 'edge-bom', 'bidi']]);
      for (const c of characters) expect(questionOf(c)?.rule).toBe('INFO-3');
      expect(characters[0]?.text).toContain('\r\n');
      // Where a chomp and a decoder of byte order marks take them: at the text's ends.
      expect(characters[0]?.text).toMatch(/^\nDog.*cat\n$/s);
      expect(characters[3]?.text).toMatch(/^\ufeffDog.*cat\ufeff$/s);
      expect(characters[2]?.text).toContain('\u0000');
      const lengths = own.filter((c) => c.aspect === 'length');
      expect(lengths.map((c) => bytesOf(c.text))).toEqual([...OPEN_BYTE_LENGTHS]);
      for (const c of lengths) {
        expect(c.text.length).toBeGreaterThan(MAX_NAME_LENGTH);
        expect(questionOf(c)?.rule).toBe('INFO-2');
      }
    }
    expect(new Set(cases.map((c) => c.label)).size).toBe(cases.length);
  });
});
