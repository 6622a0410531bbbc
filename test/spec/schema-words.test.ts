import { describe, expect, it } from 'vitest';
import { nodeOf } from '../../src/spec/schema-node.js';
import { propertiesWords, schemaWords } from '../../src/spec/schema-words.js';
import type { JsonSchema } from '../../src/spec/types.js';

const words = (schema: JsonSchema) => schemaWords(nodeOf(schema));

describe('a schema in words', () => {
  it('says its type, lengths, patterns and formats, bounds, items, enum and annotations', () => {
    expect(words({ type: 'string', minLength: 2, maxLength: 50, pattern: '^[a-z]+$' })).toBe('a string, of 2 to 50 characters, matching ^[a-z]+$');
    expect(words({ type: 'string', format: 'uuid', maxLength: 36 })).toBe('a string, of at most 36 characters, format uuid');
    expect(words({ type: 'integer', format: 'int64', minimum: 0, default: 0 })).toBe('an integer, int64, from 0, default 0');
    expect(words({ type: 'number', exclusiveMinimum: 0, maximum: 1000.5, multipleOf: 0.5 })).toBe('a number, above 0 to 1000.5, a multiple of 0.5');
    // 9223372036854775807 reads as 2^63: said as the integer read, not as the double's 9223372036854776000.
    expect(words({ type: 'integer', format: 'int64', exclusiveMaximum: 9223372036854775807 })).toBe('an integer, int64, below about 9223372036854775808');
    expect(words({ type: 'array', maxItems: 5, uniqueItems: true, items: { type: 'string', maxLength: 20 } })).toBe('an array, of at most 5 distinct items (a string, of at most 20 characters)');
    expect(words({ type: 'string', enum: ['small', 'large'] })).toBe('one of "small", "large"');
    expect(words({ type: ['string', 'null'], writeOnly: true })).toBe('a string or null, write-only');
    expect(words({})).toBe('any value');
  });

  it('lists an object\'s properties, the required ones said so', () => {
    expect(propertiesWords(nodeOf({ type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } })))
      .toBe('id (required; an integer), name (a string)');
  });
});
