import { describe, expect, it } from 'vitest';
import { hasBearerChallenge } from '../../../src/checks/audits/auth-6.js';

describe('hasBearerChallenge', () => {
  it.each([
    'Bearer',
    'bearer realm="petstore"',
    'Bearer realm="petstore", error="invalid_token"',
    'Basic realm="x", Bearer',
    'Basic realm="a, b", Bearer realm="c"',
    'Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple", BEARER',
  ])('finds the Bearer challenge in %s', (value) => {
    expect(hasBearerChallenge(value)).toBe(true);
  });

  it.each([
    'Basic realm="petstore"',
    'Basic realm="petstore, bearer keys only"',
    'Basic realm="x", bearer=1',
    'Basic realm="x", bearer = 1',
    'Bearerish realm="x"',
    'Token realm="bearer"',
  ])('finds none in %s', (value) => {
    expect(hasBearerChallenge(value)).toBe(false);
  });
});
