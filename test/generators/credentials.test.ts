import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BODY_FIELDS, COOKIES, CREDENTIAL_KINDS, credentialFor, EMPTY_TOKEN_SCHEMES, invalidCredential, JOINTS, KNOWN_CREDENTIALS, MORE_AFTER_KEY,
  OTHER_SCHEMES, QUERY_PARAMETERS, WORDS_BEFORE_KEY, type InvalidCredential,
} from '../../src/generators/credentials.js';
import { OTHER_HEADERS } from '../../src/core/key-headers.js';
import { KNOWN_MUTATIONS, keyMutation, WRAPPINGS, type KeyMutation } from '../../src/generators/key-mutations.js';
import { referenceKeyFor } from '../../src/reference/server.js';
import { loadedUnderSeeds, SEEDS } from './under-seeds.js';

/** The known credentials of one kind, narrowed to it. */
const known = <K extends InvalidCredential['kind']>(kind: K) =>
  KNOWN_CREDENTIALS.map(({ shape }) => shape).filter((s): s is Extract<InvalidCredential, { kind: K }> => s.kind === kind);

/** The value a constant table gives each case of its kind, by kind. */
const TABLES = {
  'other scheme': { table: OTHER_SCHEMES, of: (c: Extract<InvalidCredential, { kind: 'other scheme' }>) => c.scheme },
  'empty token': { table: EMPTY_TOKEN_SCHEMES, of: (c: Extract<InvalidCredential, { kind: 'empty token' }>) => c.scheme },
  'key and more': { table: MORE_AFTER_KEY, of: (c: Extract<InvalidCredential, { kind: 'key and more' }>) => c.more },
  'scheme joined to key': { table: JOINTS, of: (c: Extract<InvalidCredential, { kind: 'scheme joined to key' }>) => c.joint },
  'word and key': { table: WORDS_BEFORE_KEY, of: (c: Extract<InvalidCredential, { kind: 'word and key' }>) => c.word },
  'query parameter': { table: QUERY_PARAMETERS, of: (c: Extract<InvalidCredential, { kind: 'query parameter' }>) => c.parameter },
  'other header': { table: OTHER_HEADERS, of: (c: Extract<InvalidCredential, { kind: 'other header' }>) => c.header },
  cookie: { table: COOKIES, of: (c: Extract<InvalidCredential, { kind: 'cookie' }>) => c.cookie },
  'body field': { table: BODY_FIELDS, of: (c: Extract<InvalidCredential, { kind: 'body field' }>) => c.field },
} as const;

/** The constant a case draws from its kind's table, if its kind has one. */
function constantOf(c: InvalidCredential): string | undefined {
  const entry = (TABLES as Record<string, { of: (c: never) => string } | undefined>)[c.kind];
  return entry?.of(c as never);
}

const generated = fc.sample(invalidCredential, { seed: 7, numRuns: 5000 });
const generatedMutations = fc.sample(keyMutation, { seed: 7, numRuns: 2000 });

describe('the credential grammar\'s known shapes (AUTH-2\'s examples)', () => {
  it.each(Object.entries(TABLES))('hold every constant of the %s table, each once', (kind, { table, of }) => {
    const constants = known(kind as keyof typeof TABLES).map((c) => of(c as never));
    expect(constants).toEqual([...table]);
  });

  it('hold every wrapping and every kind of key mutation, each kind at a representative position', () => {
    const mutations = known('altered key').map((c) => c.mutation);
    expect(mutations).toEqual(KNOWN_MUTATIONS.map(({ shape }) => shape));
    const wraps = mutations.filter((m): m is Extract<KeyMutation, { kind: 'wrap' }> => m.kind === 'wrap').map((m) => [m.before, m.after]);
    expect(wraps).toEqual(WRAPPINGS.map((w) => [...w]));
    const kinds = new Set(mutations.map((m) => m.kind));
    for (const m of generatedMutations) expect(kinds).toContain(m.kind);
  });

  it('hold every kind of the grammar, and each kind has a name for its check', () => {
    const kinds = new Set(KNOWN_CREDENTIALS.map(({ shape }) => shape.kind));
    expect([...kinds].sort()).toEqual(Object.keys(CREDENTIAL_KINDS).sort());
    for (const c of generated) expect(kinds).toContain(c.kind);
  });

  it('are what generation draws from: every constant a generated case holds is in its table', () => {
    const drawn = new Map<string, Set<string>>();
    for (const c of generated) {
      const constant = constantOf(c);
      if (constant !== undefined) drawn.set(c.kind, (drawn.get(c.kind) ?? new Set()).add(constant));
    }
    for (const [kind, { table }] of Object.entries(TABLES)) expect([...(drawn.get(kind) ?? [])].sort(), kind).toEqual([...table].sort());
    for (const c of generated) if (c.kind === 'other scheme') expect(OTHER_SCHEMES).toContain(c.scheme);
  });

  it('have labels of their own, which hold no key', () => {
    const labels = KNOWN_CREDENTIALS.map(({ label }) => label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).not.toMatch(/psk_/);
  });

  it('all apply to the reference\'s key under any seed, and to other keys: none is left out for the key it meets', () => {
    const keys = [...SEEDS, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(referenceKeyFor).concat(['sk_live_0123456789abcdefABCDEF', 'Abc-123_xyz.456~789']);
    for (const key of keys) {
      for (const { label, shape } of KNOWN_CREDENTIALS) {
        const credential = credentialFor(shape, key, true);
        expect(credential, `${label} for ${key}`).toBeDefined();
        // Never the valid credential itself, as a server that trims field values and ignores the scheme's case sees it.
        const authorization = credential?.place.kind === 'header' && credential.place.name === 'authorization';
        expect(authorization && /^bearer +(.*)$/i.exec(credential.value.trim())?.[1] === key, label).toBe(false);
        expect(JSON.stringify(credential?.shown)).not.toContain(key);
      }
    }
  });

  // Before: a server comparing the bytes keys decode to (Buffer.from(key, 'base64') reads both alphabets) took
  // "psk/…+…" for "psk_…-…" (auth-key-base64-decoded), and no mutation the suite sent told it.
  it('write the key in the other base64 alphabet where it holds one of "+/-_", and leave the case out where it holds none', () => {
    const otherAlphabet = { kind: 'altered key' as const, mutation: { kind: 'other-alphabet' as const } };
    expect(known('altered key').map((c) => c.mutation)).toContainEqual(otherAlphabet.mutation);
    expect(credentialFor(otherAlphabet, 'psk_a-b+c/d', true)?.value).toBe('Bearer psk/a+b-c_d');
    expect(credentialFor(otherAlphabet, 'psk0123456789abcdef', true)).toBeUndefined();
    const key = referenceKeyFor(7);
    expect(Buffer.from(credentialFor(otherAlphabet, key, true)?.value.slice('Bearer '.length) ?? '', 'base64')).toEqual(Buffer.from(key, 'base64'));
  });

  it('leave out only the body field where the operation takes no body', () => {
    const key = referenceKeyFor(1);
    const without = KNOWN_CREDENTIALS.filter(({ shape }) => credentialFor(shape, key, false) === undefined).map(({ shape }) => shape.kind);
    expect(new Set(without)).toEqual(new Set(['body field']));
  });

  it('leave out the key in Proxy-Authorization, and only that, for a run whose requests go through a proxy\'s tunnel: the proxy would take it', () => {
    const key = referenceKeyFor(1);
    const through = KNOWN_CREDENTIALS.filter(({ shape }) => credentialFor(shape, key, true, 'tunnel') === undefined).map(({ shape }) => shape);
    expect(through).toEqual([{ kind: 'other header', header: 'Proxy-Authorization' }]);
    expect(credentialFor({ kind: 'other header', header: 'Proxy-Authorization' }, key, true)).toBeDefined();
  });

  // Before: through a proxy to an http target, AUTH-2 sent `?access_token=<key>`, which the proxy logged (tinyproxy does).
  it('leave out the key in a query parameter too, for a run whose requests a proxy forwards whole (an http target): it logs their URLs', () => {
    const key = referenceKeyFor(1);
    const forwarded = KNOWN_CREDENTIALS.filter(({ shape }) => credentialFor(shape, key, true, 'forward') === undefined).map(({ shape }) => shape.kind);
    expect(new Set(forwarded)).toEqual(new Set(['query parameter', 'other header']));
    expect(forwarded.filter((kind) => kind === 'query parameter')).toHaveLength(QUERY_PARAMETERS.length);
    expect(credentialFor({ kind: 'query parameter', parameter: 'access_token' }, key, true, 'tunnel')).toBeDefined();
  });

  it('do not depend on the seed: the same list under every seed', async () => {
    const loads = await loadedUnderSeeds(async () => (await import('../../src/generators/credentials.js')).KNOWN_CREDENTIALS);
    for (const load of loads) expect(load).toEqual(KNOWN_CREDENTIALS);
    // The harness does tell: a list drawn by fast-check is not the same under every seed.
    const drawn = await loadedUnderSeeds(async () => fc.sample(invalidCredential, 20));
    expect(drawn[0]).not.toEqual(drawn[1]);
  });
});
