import { describe, expect, it } from 'vitest';
import { areaOf, RULES, ruleById } from '../../src/rules/catalogue.js';

describe('the rule catalogue', () => {
  it('keeps its public ids, levels and requirements (change the snapshot only on purpose)', () => {
    expect(RULES).toMatchSnapshot();
  });

  it('has unique ids of the form AREA-n, one sentence each, and a source', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[A-Z]+-\d+$/);
      expect(rule.requirement).toMatch(/\.$/);
      expect(rule.source).not.toBe('');
    }
  });

  it('finds rules by id and refuses unknown ones', () => {
    expect(ruleById('AUTH-2').level).toBe('MUST');
    expect(() => ruleById('AUTH-99')).toThrow(/unknown rule id/);
    expect(areaOf('CREATE-2')).toBe('CREATE');
  });
});
