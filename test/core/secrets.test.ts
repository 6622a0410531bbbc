import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/core/secrets.js';

const key = 'psk_Distinctive0Key1ForLeakTests2026';

describe('Redactor', () => {
  const redactor = new Redactor([key]);

  it('removes the key, whatever its letter case', () => {
    expect(redactor.redact(`token ${key} and ${key.toUpperCase()} end`)).toBe(`token ${REDACTED} and ${REDACTED} end`);
  });

  it('removes altered keys a server may echo: extended, truncated, missing or changing a character', () => {
    const middle = Math.floor(key.length / 2);
    const changed = `${key.slice(0, middle)}x${key.slice(middle + 1)}`;
    for (const echoed of [`${key}x`, key.slice(0, middle), key.slice(1), key.slice(0, -1), changed, key.slice(3, 11)]) {
      const out = redactor.redact(`invalid key "${echoed}"`);
      expect(out, echoed).toContain(REDACTED);
      expect(redactor.leaks(out), out).toBe(false);
      for (let i = 0; i + 8 <= key.length; i++) expect(out.toLowerCase(), out).not.toContain(key.slice(i, i + 8).toLowerCase());
    }
  });

  it('removes the key in its Basic forms', () => {
    const basic = Buffer.from(`${key}:`).toString('base64');
    expect(redactor.redact(`Basic ${basic}`)).toBe(`Basic ${REDACTED}`);
  });

  it('removes the key percent-encoded, form-encoded and JSON-escaped, as servers echo URLs and strings', () => {
    const plus = new Redactor(['Zq7+Xw2/Lm9=Pt4+Rv8/Ns3=Hk6+Jd1/Fg5=']);
    for (const form of [encodeURIComponent('Zq7+Xw2/Lm9=Pt4+Rv8/Ns3=Hk6+Jd1/Fg5='), 'Zq7%2bxw2%2flm9%3dpt4', 'Zq7+Xw2\\/Lm9=Pt4+Rv8\\/Ns3']) {
      expect(plus.leaks(`echo: ${form}`), form).toBe(true);
      expect(plus.redact(`echo: ${form}`), form).toMatch(/^echo: \[REDACTED\]/);
    }
  });

  it('leaves text without the key alone, short common fragments included', () => {
    const text = 'psk_ is a prefix; Key and 2026 are words';
    expect(redactor.redact(text)).toBe(text);
  });

  it('handles text whose lower case changes its length (İ)', () => {
    const out = redactor.redact(`İİ ${key} İ`);
    expect(out).toBe(`İİ ${REDACTED} İ`);
    expect(redactor.leaks(`İ ${key.slice(3, 12).toUpperCase()}`)).toBe(true);
    // A secret with an İ is found in any case, and next to other İs.
    const turkish = new Redactor(['İstanbul-key-0123456789']);
    expect(turkish.redact('say İSTANBUL-KEY-0123456789 İ')).toBe(`say ${REDACTED} İ`);
  });

  it('does nothing without secrets', () => {
    expect(new Redactor([]).redact('anything')).toBe('anything');
  });
});
