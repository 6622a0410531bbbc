import { describe, expect, it } from 'vitest';
import { kindOf, Kinds } from '../../src/core/problem-kinds.js';

describe('kindOf', () => {
  it('leaves out what changes from one case to the next (texts, ids, exchanges) but keeps the statuses', () => {
    expect(kindOf('the category with id 12 (item 3): /description: must be string'))
      .toBe(kindOf('the category with id 9007199254740993 (item 40): /description: must be string'));
    expect(kindOf('the created name is "Cat", but " Cat " was sent — POST /v1/categories → 201 (create-2)'))
      .toBe(kindOf('the created name is "Rabbit", but "  Rabbit  " was sent — POST /v1/categories → 201 (create-3)'));
    expect(kindOf('expected 400, got 422')).not.toBe(kindOf('expected 400, got 201'));
    expect(kindOf('expected 400, got 422; and more')).toBe('expected 400, got 422');
  });
});

describe('Kinds', () => {
  it('names each kind with how many, the most frequent first, one kind without a count', () => {
    const kinds = new Kinds();
    kinds.count('missing', 'missing', 'missing');
    for (let i = 0; i < 3; i++) kinds.count(`category ${i}: name differs`, 'name differs', 'name differs');
    expect(kinds.summary(300)).toBe('name differs (3); missing (1)');
    const one = new Kinds();
    one.count('expected 401, got 201');
    one.count('expected 401, got 201');
    expect(one.summary(300)).toBe('expected 401, got 201');
  });

  it('says how many kinds more there are when they do not fit', () => {
    const kinds = new Kinds();
    for (let i = 0; i < 20; i++) kinds.count(`p${i}`, `kind ${i}`, `a kind of problem numbered ${i}`);
    const summary = kinds.summary(120);
    expect(summary.length).toBeLessThanOrEqual(120);
    expect(summary).toMatch(/; \d+ more kinds$/);
  });
});
