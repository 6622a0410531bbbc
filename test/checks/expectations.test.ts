import { describe, expect, it } from 'vitest';
import { show, showApart } from '../../src/checks/expectations.js';

describe('showApart', () => {
  it('shows different values as they are', () => {
    expect(showApart('Dog', 'Cat')).toEqual(['"Dog"', '"Cat"']);
    expect(showApart(undefined, 'Cat')).toEqual(['absent', '"Cat"']);
  });

  it('escapes what would look the same: another normalization, another space', () => {
    expect(showApart('\u00e0', 'a\u0300')).toEqual(['"\\u00e0"', '"a\\u0300"']);
    expect(showApart('a b', 'a\u00a0b')).toEqual(['"a b"', '"a\\u00a0b"']);
  });
});

describe('show', () => {
  it('escapes what a reader cannot see or what reorders a line: C1 controls, format and bidirectional characters, separators', () => {
    expect(show('a\u202eb\u200bc\u2028d\u0085e\u007f')).toBe('"a\\u202eb\\u200bc\\u2028d\\u0085e\\u007f"');
    expect(show('tag\u{e0041}')).toBe('"tag\\udb40\\udc41"');
    expect(show('Café 🐕 犬')).toBe('"Café 🐕 犬"');
  });

  it('abbreviates long values and says when one is absent', () => {
    expect(show('x'.repeat(200))).toMatch(/^"x{99}…\(202 chars\)$/);
    expect(show(undefined)).toBe('absent');
  });
});
