import { describe, expect, it } from 'vitest';
import { CheckFailure, naming } from '../../src/checks/failure.js';
import type { Reply } from '../../src/http/reply.js';

/** The part of a reply a message names: its exchange's id and label. */
const reply = (id: string, label: string) => ({ exchange: { id }, label }) as unknown as Reply;

describe('a failure message and the exchange that shows it', () => {
  it('names the exchange after the message', () => {
    expect(new CheckFailure('the key was refused', reply('auth-8', 'GET /v1/categories → 403 (auth-8)')).message)
      .toBe('the key was refused — GET /v1/categories → 403 (auth-8)');
  });

  // Before: "… → 403 (auth-8) — GET /v1/categories → 403 (auth-8)".
  it.each([
    'the valid key was refused: GET /v1/categories → 403 (auth-8)',
    'the list answered 403 in auth-8',
  ])('does not name it again when the message does: %s', (message) => {
    expect(naming(message, reply('auth-8', 'GET /v1/categories → 403 (auth-8)'))).toBe(message);
  });

  it('tells an exchange from another whose id begins alike', () => {
    expect(naming('the list answered 403 in auth-80', reply('auth-8', 'GET /v1/categories → 403 (auth-8)')))
      .toBe('the list answered 403 in auth-80 — GET /v1/categories → 403 (auth-8)');
  });
});
