import { describe, expect, it } from 'vitest';
import { responseKeyOf } from '../../src/spec/types.js';

describe('responseKeyOf', () => {
  it('finds the key that documents a status, the most specific first: the status, its range in any letter case, default', () => {
    expect(responseKeyOf(401, ['default', '4XX', '401'])).toBe('401');
    expect(responseKeyOf(404, ['default', '4xx', '401'])).toBe('4xx');
    expect(responseKeyOf(500, ['default', '4XX', '401'])).toBe('default');
    expect(responseKeyOf(201, ['200', '4XX'])).toBeUndefined();
  });
});
