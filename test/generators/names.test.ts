import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CJK, COMBINING_MARKS, EMOJI, INNER_SPACES, KNOWN_NAMES, LEADS, LITERAL_LOOKING, longDescription, longName, MAX_NAME_LENGTH, nameOf,
  optionalDescription, REPEATED, RIGHT_TO_LEFT, TRAILS, unusualName, validName,
} from '../../src/generators/names.js';
import { loadedUnderSeeds } from './under-seeds.js';

const sample = <T>(arbitrary: fc.Arbitrary<T>, n = 2000) => fc.sample(arbitrary, { seed: 1, numRuns: n });

/** No lone surrogate (String.prototype.isWellFormed, which Node 20 has but ES2023's typings lack). */
const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe('validName', () => {
  const names = sample(validName);

  it('stays within what CREATE-1 promises: 1 to 100 code units, never blank, no control characters or line breaks, no lone surrogates', () => {
    for (const name of names) {
      expect(name.length).toBeGreaterThanOrEqual(1);
      expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect(name.trim()).not.toBe('');
      expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(wellFormed(name)).toBe(true);
    }
  });

  it('never draws a line or paragraph separator, which fast-check\'s graphemes do include', () => {
    for (const name of sample(validName, 20_000)) expect(name).not.toMatch(/[\u2028\u2029]/);
  });

  it('covers the whole range of lengths, the edges included', () => {
    const lengths = names.map((n) => n.length);
    expect(lengths.filter((l) => l > 64).length / names.length).toBeGreaterThan(0.25);
    expect(lengths).toContain(100);
    expect(lengths).toContain(1);
  });

  it('draws astral characters, combining marks, right-to-left text, outer spaces, formula-like leads, literal-looking names and names in use', () => {
    const has = (pattern: RegExp) => names.some((n) => pattern.test(n));
    expect(has(/[\u{10000}-\u{10ffff}]/u)).toBe(true);
    expect(has(/[\u0300-\u036f]/)).toBe(true);
    expect(has(/[\u0600-\u06ff\u0590-\u05ff]/)).toBe(true);
    expect(has(/^ /)).toBe(true);
    expect(has(/ $/)).toBe(true);
    expect(names.filter((n) => n === 'Dog').length).toBeGreaterThan(1);
    expect(has(/^[=+\-@]/)).toBe(true);
    expect(has(/^(?:\d+|true|false|null)$/)).toBe(true);
  });
});

describe('the open-domain names and descriptions', () => {
  it('longName is always longer than 100 and reaches the thousands', () => {
    const lengths = sample(longName, 300).map((n) => n.length);
    expect(Math.min(...lengths)).toBeGreaterThan(MAX_NAME_LENGTH);
    expect(Math.max(...lengths)).toBeGreaterThan(3000);
  });

  it('unusualName always holds a control character, U+0000, a line or paragraph separator or a lone surrogate', () => {
    for (const name of sample(unusualName, 500)) expect(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name) || !wellFormed(name)).toBe(true);
    expect(sample(unusualName, 500).some((n) => n.includes('\u0000'))).toBe(true);
    expect(sample(unusualName, 500).some((n) => /[\u2028\u2029]/.test(n))).toBe(true);
  });

  it('optionalDescription is sometimes absent, never empty or blank (INFO-1\'s), nor with controls or line breaks (INFO-3\'s), up to 100 code units and at the edge', () => {
    const descriptions = sample(optionalDescription, 500);
    expect(descriptions).toContain(undefined);
    expect(descriptions.filter((d) => d !== undefined && d.trim() === '')).toEqual([]);
    // One in thousands had a line or paragraph separator before they were filtered out: look at many.
    expect(sample(optionalDescription, 20_000).filter((d) => d !== undefined && /[\p{Cc}\u2028\u2029]/u.test(d))).toEqual([]);
    expect(Math.max(...descriptions.map((d) => d?.length ?? 0))).toBe(MAX_NAME_LENGTH);
  });

  it('longDescription is always longer than 100 and reaches the thousands', () => {
    const lengths = sample(longDescription, 300).map((d) => d.length);
    expect(Math.min(...lengths)).toBeGreaterThan(MAX_NAME_LENGTH);
    expect(Math.max(...lengths)).toBeGreaterThan(3000);
  });
});

describe('the name grammar\'s known shapes (CREATE-1\'s examples)', () => {
  /** The longest marker the create suite makes (`conformance-<runId>-create-<label>-<n>`), with room to spare. */
  const marker = 'conformance-0a1b2c3d-create-name-000001-and-more';
  const names = KNOWN_NAMES.map(({ shape }) => nameOf(shape, marker));
  const exact = KNOWN_NAMES.filter(({ shape }) => !shape.marked).map(({ shape }) => nameOf(shape, marker));
  const inRange = ([from, to]: readonly [number, number]) => names.some((n) => [...n].some((c) => (c.codePointAt(0) ?? 0) >= from && (c.codePointAt(0) ?? 0) <= to));

  it('hold every literal-looking name as a whole name of its own', () => {
    for (const literal of LITERAL_LOOKING) expect(exact).toContain(literal);
  });

  it('start names with every lead and end them with every trail, exactly', () => {
    const startsWith = (lead: string) => names.some((n) => n.startsWith(lead) && !n.slice(lead.length).startsWith(' '));
    const endsWith = (trail: string) => names.some((n) => n.endsWith(trail) && !n.slice(0, n.length - trail.length).endsWith(' '));
    for (const lead of LEADS) expect(startsWith(lead), JSON.stringify(lead)).toBe(true);
    for (const trail of TRAILS) expect(endsWith(trail), JSON.stringify(trail)).toBe(true);
  });

  it('hold every emoji, every kind of inner space, every name in use and a character of every script', () => {
    for (const piece of [...EMOJI, ...REPEATED]) expect(names.some((n) => n.includes(piece)), piece).toBe(true);
    for (const space of INNER_SPACES) expect(names.some((n) => new RegExp(`\\S${space}\\S`, 'u').test(n)), JSON.stringify(space)).toBe(true);
    for (const range of [...RIGHT_TO_LEFT, CJK, COMBINING_MARKS]) expect(inRange(range), range.join('-')).toBe(true);
  });

  it('are valid names within 100 code units, even with a long marker, and their labels are their own', () => {
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect(name.trim()).not.toBe('');
      expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    }
    const labels = KNOWN_NAMES.map(({ label }) => label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(new Set(exact).size).toBe(exact.length);
  });

  it('share a name where a shape need not be the whole of it (each example is a category that stays): every emoji in one, every inner space in one', () => {
    expect(names.filter((n) => EMOJI.every((emoji) => n.includes(emoji)))).toHaveLength(1);
    expect(names.filter((n) => INNER_SPACES.every((space) => n.includes(space)))).toHaveLength(1);
  });

  it('do not depend on the seed: the same list under every seed', async () => {
    const loads = await loadedUnderSeeds(async () => (await import('../../src/generators/names.js')).KNOWN_NAMES);
    for (const load of loads) expect(load).toEqual(KNOWN_NAMES);
  });
});
