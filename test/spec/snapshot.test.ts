import { describe, expect, it } from 'vitest';
import { installedVersions, madeByInstalled } from '../../src/spec/snapshot.js';

describe('madeByInstalled', () => {
  const packages = ['ajv', 'ajv-formats'];
  const installed = installedVersions(packages);

  it('holds for exactly the installed versions of exactly those packages', () => {
    expect(installed['ajv']).toMatch(/^\d+\.\d+\.\d+/);
    expect(madeByInstalled(installed, packages)).toBe(true);
  });

  it('fails for another version, a package missing or one more, or no record', () => {
    expect(madeByInstalled({ ...installed, ajv: '8.0.0-other' }, packages)).toBe(false);
    expect(madeByInstalled({ ajv: installed['ajv'] as string }, packages)).toBe(false);
    expect(madeByInstalled({ ...installed, fastify: '1.0.0' }, packages)).toBe(false);
    expect(madeByInstalled(undefined, packages)).toBe(false);
  });
});
