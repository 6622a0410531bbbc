import { describe, expect, it } from 'vitest';
import { parseSpecYaml } from '../../src/spec/yaml.js';

describe('parseSpecYaml', () => {
  it('merges YAML 1.1 merge keys: one mapping or several, the mapping\'s own keys first', () => {
    const text = [
      'base: &base {$ref: "#/components/responses/Unauthorized", description: base}',
      'one: {<<: *base}',
      'own: {<<: *base, description: own}',
      'several: {<<: [*base, {extra: 1}]}',
      'block:',
      '  <<: *base',
      '  extra: 2',
    ].join('\n');
    expect(parseSpecYaml(text)).toEqual({
      base: { $ref: '#/components/responses/Unauthorized', description: 'base' },
      one: { $ref: '#/components/responses/Unauthorized', description: 'base' },
      own: { $ref: '#/components/responses/Unauthorized', description: 'own' },
      several: { $ref: '#/components/responses/Unauthorized', description: 'base', extra: 1 },
      block: { $ref: '#/components/responses/Unauthorized', description: 'base', extra: 2 },
    });
  });

  it('reads everything else as the JSON schema does: a quoted "<<" is a key, dates and yes stay text', () => {
    expect(parseSpecYaml('"<<": 1\ndate: 2024-01-31\nyes: yes\nlist: [<<]\nn: 1.0\nnothing: null')).toEqual({
      '<<': 1, date: '2024-01-31', yes: 'yes', list: ['<<'], n: 1, nothing: null,
    });
  });

  it('throws js-yaml\'s error, with its position, for a merge of what is not a mapping', () => {
    expect(() => parseSpecYaml('a: 1\nb: {<<: 2}')).toThrow(/cannot merge mappings.*\(2:/);
  });
});
