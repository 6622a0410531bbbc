import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, redactedOnlyAsAWord } from '../../src/core/secrets.js';
import { KNOWN_MUTATIONS, keyMutation, mutateKey } from '../../src/generators/key-mutations.js';

const key = 'psk_Distinctive0Key1ForLeakTests2026';

/** The runs of `length` characters of the secret (any letter case) that the text holds. */
function runsOf(secret: string, text: string, length: number): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (let i = 0; i + length <= secret.length; i++) {
    const run = secret.slice(i, i + length).toLowerCase();
    if (lower.includes(run)) found.push(run);
  }
  return found;
}

describe('Redactor', () => {
  const redactor = new Redactor([key]);

  it('removes the key, whatever its letter case', () => {
    expect(redactor.redact(`token ${key} and ${key.toUpperCase()} end`)).toBe(`token ${REDACTED} and ${REDACTED} end`);
  });

  it('removes altered keys a server may echo: extended, truncated, missing or changing a character', () => {
    const middle = Math.floor(key.length / 2);
    const changed = `${key.slice(0, middle)}x${key.slice(middle + 1)}`;
    for (const echoed of [`${key}x`, key.slice(0, middle), key.slice(1), key.slice(0, -1), changed, key.slice(3, 3 + middle)]) {
      const out = redactor.redact(`invalid key "${echoed}"`);
      expect(out, echoed).toContain(REDACTED);
      expect(redactor.leaks(out), out).toBe(false);
      expect(runsOf(key, out, middle), out).toEqual([]);
    }
  });

  it('leaves a run of less than half the key alone', () => {
    const short = key.slice(3, 3 + Math.floor(key.length / 2) - 1);
    expect(redactor.redact(`echo ${short}`)).toBe(`echo ${short}`);
    expect(redactor.leaks(short)).toBe(false);
  });

  it('removes the key in its Basic forms', () => {
    const basic = Buffer.from(`${key}:`).toString('base64');
    expect(redactor.redact(`Basic ${basic}`)).toBe(`Basic ${REDACTED}`);
  });

  it('removes the key percent-encoded, form-encoded and JSON-escaped, as servers echo URLs and strings', () => {
    const secret = 'Zq7+Xw2/Lm9=Pt4+Rv8/Ns3=Hk6+Jd1/Fg5=';
    const plus = new Redactor([secret]);
    const unicode = secret.replace(/[+/=]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`);
    const half = (form: string) => form.slice(0, Math.ceil(form.length / 2) + 2);
    for (const form of [encodeURIComponent(secret), half(encodeURIComponent(secret)), 'Zq7%2bxw2%2flm9%3dpt4%2brv8%2fns3%3d', 'Zq7+Xw2\\/Lm9=Pt4+Rv8\\/Ns3', unicode, half(unicode)]) {
      expect(plus.leaks(`echo: ${form}`), form).toBe(true);
      expect(plus.redact(`echo: ${form}`), form).toMatch(/^echo: \[REDACTED\]/);
    }
  });

  // Before, these were left whole: a server that encodes all it echoes, or dumps a header's bytes.
  it('removes the key with every byte percent-encoded, or its bytes in hex, bare or as \\x escapes, in any letter case', () => {
    const bytes = [...Buffer.from(key)];
    const percent = bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    const hex = Buffer.from(key).toString('hex');
    const escaped = bytes.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
    const half = (form: string) => form.slice(0, Math.ceil(form.length / 2) + 3);
    for (const form of [percent, percent.toUpperCase(), half(percent), hex, hex.toUpperCase(), half(hex), escaped, half(escaped)]) {
      expect(redactor.redact(`echo: ${form}.`), form).toBe(`echo: ${REDACTED}.`);
    }
  });

  it('leaves text without the key alone, short common fragments included', () => {
    const text = 'psk_ is a prefix; Key and 2026 are words';
    expect(redactor.redact(text)).toBe(text);
  });

  it('handles text whose lower case changes its length (İ)', () => {
    const out = redactor.redact(`İİ ${key} İ`);
    expect(out).toBe(`İİ ${REDACTED} İ`);
    expect(redactor.leaks(`İ ${key.slice(3, 3 + key.length / 2).toUpperCase()}`)).toBe(true);
    // A secret with an İ is found in any case, and next to other İs.
    const turkish = new Redactor(['İstanbul-key-0123456789']);
    expect(turkish.redact('say İSTANBUL-KEY-0123456789 İ')).toBe(`say ${REDACTED} İ`);
  });

  it('does not look for encoded forms of a tiny secret, which are shorter than words ("k" is "aw==" in base64)', () => {
    expect(new Redactor(['k']).redact('petstore-conformance: no target; a raw error')).toBe('petstore-conformance: no target; a raw error');
  });

  it('removes every run of half the key from a text that holds many, side by side and overlapping, in any case', () => {
    const half = Math.floor(key.length / 2);
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom(...' .,:/"\\=%0123456789xyzXYZ'), maxLength: 6 }),
      fc.tuple(fc.nat(key.length - half), fc.integer({ min: half, max: key.length })).map(([from, length]) => key.slice(from, from + length)),
      fc.constantFrom(key, key.toUpperCase(), encodeURIComponent(key), JSON.stringify(key)),
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
      expect(runsOf(key, redactor.redact(pieces.join('')), half)).toEqual([]);
    }), { numRuns: 300 });
  });

  it('does nothing without secrets', () => {
    expect(new Redactor([]).redact('anything')).toBe('anything');
  });
});

describe('Redactor, with a secret redacted only whole (a header\'s value)', () => {
  const redactor = new Redactor([], ['petstore-staging']);

  it('removes the value wherever it appears whole, in any letter case and percent-encoded', () => {
    expect(redactor.redact('tenant Petstore-Staging may not')).toBe('tenant [REDACTED] may not');
    expect(new Redactor([], ['acme tenant/0001']).redact('?t=acme%20tenant%2F0001&x=1')).toBe('?t=[REDACTED]&x=1');
  });

  it('leaves its parts alone: they are ordinary words', () => {
    for (const text of ['npx --no-install petstore-conformance', 'https://api.staging.example/v1', 'realm="petstore"', 'petstore-stagin']) {
      expect(redactor.redact(text)).toBe(text);
    }
  });

  it('still removes the key by fragments beside it', () => {
    expect(new Redactor(['psk_key_7Qw9Zx3Lm8Pd'], ['petstore-staging']).redact('a psk_key_7Qw9Zx and petstore-staging')).toBe('a [REDACTED] and [REDACTED]');
  });
});

describe('Redactor, with a readable key', () => {
  const readable = 'petstore-staging-key-7f3a9c21';
  const redactor = new Redactor([readable]);
  /** The key's random part: none of it may remain next to a redaction. */
  const tail = '7f3a9c21';

  it.each([
    'petstore-conformance 0.1.0',
    'WWW-Authenticate: Bearer realm="petstore"',
    'GET /v1/categories?limit=20 and /v1/pets/42',
    'the staging key is wrong',
    'petstore-stag: 13 characters, one fewer than half of the key',
  ])('leaves %j alone (runs of 8 characters of the key are ordinary words)', (text) => {
    expect(redactor.redact(text)).toBe(text);
    expect(redactor.leaks(text)).toBe(false);
  });

  it('redacts half of the key wherever it appears, a host name repeating the key\'s readable half included', () => {
    expect(redactor.redact('https://petstore-staging.example.com/v1')).toBe(`https://${REDACTED}.example.com/v1`);
  });

  it('removes the key in every letter case, percent-encoded, JSON-escaped and in base64 at each byte alignment', () => {
    const escaped = readable.replace(/-/g, '\\u002D');
    const forms = [
      readable, readable.toUpperCase(), 'PetStore-Staging-Key-7F3A9C21', encodeURIComponent(readable), escaped, escaped.toLowerCase(),
      ...['', 'a:', 'ab:', 'api:'].flatMap((before) => [Buffer.from(`${before}${readable}`).toString('base64'), Buffer.from(`${before}${readable}:`).toString('base64')]),
    ];
    for (const form of forms) {
      const out = redactor.redact(`echo: ${form} end`);
      expect(out, form).toMatch(/^echo: .{0,4}\[REDACTED\].{0,4} end$/);
      expect(redactor.leaks(out), out).toBe(false);
    }
    expect(redactor.redact(`{"message":${JSON.stringify(`bad key ${readable}`)}}`)).toBe(`{"message":"bad key ${REDACTED}"}`);
  });

  it('removes every key mutation the suite tries on each run, echoed as sent, percent-encoded or in a JSON string, whole', () => {
    for (const { shape, label } of KNOWN_MUTATIONS) {
      const sent = mutateKey(readable, shape)?.value;
      if (sent === undefined) continue;
      for (const echoed of [sent, encodeURIComponent(sent), JSON.stringify(sent), encodeURIComponent(encodeURIComponent(sent))]) {
        const out = redactor.redact(`401: invalid token ${echoed} for realm "petstore"`);
        expect(out, `${label}: ${echoed}`).toContain(REDACTED);
        expect(out, `${label}: ${echoed}`).toMatch(/ for realm "petstore"$/);
        expect(runsOf(readable, out, 4).filter((run) => tail.includes(run)), `${label}: ${out}`).toEqual([]);
      }
    }
  });

  it('removes any mutation the suite may generate, but truncations to less than half of the key', () => {
    fc.assert(fc.property(keyMutation, (mutation) => {
      const sent = mutateKey(readable, mutation)?.value;
      if (sent === undefined) return;
      const text = `invalid key: ${sent}.`;
      const out = redactor.redact(text);
      // Whatever the text, no run of half the key is left.
      expect(runsOf(readable, out, Math.floor(readable.length / 2)), out).toEqual([]);
      if (mutation.kind === 'truncate' && sent.length < Math.floor(readable.length / 2)) {
        expect(out).toBe(text);
      } else {
        expect(out).toContain(REDACTED);
        // A changed character does not leave the other side of the key behind.
        if (mutation.kind !== 'truncate') expect(runsOf(readable, out, 4).filter((run) => tail.includes(run)), out).toEqual([]);
      }
    }), { numRuns: 500 });
  });
});

describe('Redactor, with a key too short to be told apart from ordinary words', () => {
  const redactor = new Redactor(['test']);

  it('is one shorter than the shortest fragment redacted on its own', () => {
    expect(['test', 'nope', '1234567'].map(redactedOnlyAsAWord)).toEqual([true, true, true]);
    expect(redactedOnlyAsAWord('12345678')).toBe(false);
  });

  it.each([
    'petstore-conformance: Petstore Service, ${PETSTORE_API_KEY}',
    "curl -H 'content-type: application/json' -H \"Authorization: Bearer ${PETSTORE_API_KEY}x\"",
    'reports/run-20260101-test-run/report.json: a contest of latest tests, test_case and test-run',
    'the target refuses the key on every operation',
  ])('leaves it alone inside longer words, and its fragments and one-character changes: %j', (text) => {
    expect(redactor.redact(text)).toBe(text);
    expect(new Redactor(['nope']).redact(text)).toBe(text);
    expect(redactor.leaks(text)).toBe(false);
  });

  it('removes it where it stands alone, in any letter case: a bearer value, a JSON string, a word, a query value', () => {
    expect(redactor.redact('Authorization: Bearer test')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactor.redact('{"token":"test","echo":"bad key TEST."}')).toBe(`{"token":"${REDACTED}","echo":"bad key ${REDACTED}."}`);
    expect(redactor.redact('GET /v1/categories?api_key=test&limit=1')).toBe(`GET /v1/categories?api_key=${REDACTED}&limit=1`);
    expect(redactor.leaks('invalid token "Test"')).toBe(true);
  });

  it('removes its whole encoded forms standing alone: Basic, percent-encoded, JSON-escaped', () => {
    expect(redactor.redact(`Authorization: Basic ${Buffer.from('test:').toString('base64')}`)).toBe(`Authorization: Basic ${REDACTED}`);
    const special = new Redactor(['k"y/1']);
    expect(special.redact('{"echo":"k\\"y\\/1"} ?key=k%22y%2F1&')).toBe(`{"echo":"${REDACTED}"} ?key=${REDACTED}&`);
  });

  it('is removed from the strings of a JSON value, never from its keys, numbers or literals', () => {
    const json = (redactor: Redactor, value: unknown) => JSON.parse(redactor.jsonOf(value)) as unknown;
    expect(json(new Redactor(['name']), { name: 'name', list: ['a name', 'names', 1], n: 1 })).toEqual({ name: REDACTED, list: [`a ${REDACTED}`, 'names', 1], n: 1 });
    expect(json(new Redactor(['1234']), { durationMs: 1234, echo: 'key 1234', ok: true })).toEqual({ durationMs: 1234, echo: `key ${REDACTED}`, ok: true });
    // A longer secret is removed from keys too, at any depth, and the values under them are redacted all the same.
    expect(json(new Redactor(['name'], ['tenant-7f3a9c21']), { 'tenant-7f3a9c21': 'name' })).toEqual({ [REDACTED]: REDACTED });
    expect(json(new Redactor(['name'], ['tenant-7f3a9c21']), { a: [{ 'x-tenant-7f3a9c21': { name: 'a name' } }] }))
      .toEqual({ a: [{ [`x-${REDACTED}`]: { name: `a ${REDACTED}` } }] });
  });

  it('writes a JSON value as JSON.stringify does, with the indent it is given, where there is nothing to redact', () => {
    const value = { at: new Date(0), list: [1, undefined, 'x'], skipped: undefined, nested: { n: -0, t: true } };
    expect(new Redactor(['name']).jsonOf(value, 2)).toBe(JSON.stringify(value, null, 2));
    expect(new Redactor(['name']).jsonOf(value)).toBe(JSON.stringify(value));
  });
});

describe('Redactor, with a short key', () => {
  const short = 'k3y-Short-77'; // 12 characters: halves of 6, shorter than an ordinary word
  const redactor = new Redactor([short]);

  it('removes the key with one character changed, though neither side is 8 characters long', () => {
    for (const echoed of [`${short.slice(0, 6)}x${short.slice(7)}`, `${short.slice(0, 5)}${short.slice(6)}`, `${short.slice(0, 6)}%${short.charCodeAt(6).toString(16)}${short.slice(7)}`]) {
      expect(redactor.redact(`bad ${echoed}!`), echoed).toBe(`bad ${REDACTED}!`);
    }
  });

  it('leaves runs of fewer than 8 of its characters alone', () => {
    expect(redactor.redact('a Short-7 word, k3y-Sho')).toBe('a Short-7 word, k3y-Sho');
    expect(redactor.redact('k3y-Short')).toBe(REDACTED);
  });
});
