import { describe, expect, it } from 'vitest';
import { unsendableInHeader, unsendableInToken } from '../../src/core/header-text.js';

describe('unsendableInHeader', () => {
  it('passes what a header carries: tab, space, visible ASCII and the octets 0x80 to 0xFF', () => {
    for (const value of ['', 'Bearer abc-123', 'a\tb c', '~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}', 'caf\u00e9 \u00ff']) expect(unsendableInHeader(value)).toBeUndefined();
  });

  it('says where the first character it cannot carry is, among the value\'s characters, and what it is', () => {
    expect(unsendableInHeader('key\u200bvalue')).toEqual({ position: 4, length: 9, kind: 'an invisible formatting character', codePoint: 'U+200B' });
    expect(unsendableInHeader('a\nb')).toEqual({ position: 2, length: 3, kind: 'white space', codePoint: 'U+000A' });
    expect(unsendableInHeader('ok\u0000')).toEqual({ position: 3, length: 3, kind: 'a control character', codePoint: 'U+0000' });
  });

  it('counts a character outside the BMP as one, and names it whole', () => {
    expect(unsendableInHeader('\u{1F415}dog')).toEqual({ position: 1, length: 4, kind: 'a character outside ASCII', codePoint: 'U+1F415' });
    expect(unsendableInHeader('dog\u{1F415}')).toEqual({ position: 4, length: 4, kind: 'a character outside ASCII', codePoint: 'U+1F415' });
  });
});

describe('unsendableInToken', () => {
  it('passes visible ASCII only: no space, no tab, no Latin-1', () => {
    expect(unsendableInToken('psk_abc-123.~+/=')).toBeUndefined();
    expect(unsendableInToken('abc def')?.position).toBe(4);
    expect(unsendableInToken('caf\u00e9')).toEqual({ position: 4, length: 4, kind: 'a character outside ASCII', codePoint: 'U+00E9' });
  });
});
