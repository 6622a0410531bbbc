import { expect, it } from 'vitest';
import { largeListFlags, runFlags } from '../../src/core/v8-flags.js';

const ALL = ['--liftoff-only', '--semi-space-growth-factor=1', '--max-semi-space-size=2'];

it('sets every flag when the user gave Node none that decides it', () => {
  expect(runFlags([], '')).toEqual(ALL);
  expect(runFlags(['--enable-source-maps', '--allow-natives-syntax'], '--max-old-space-size=512')).toEqual(ALL);
});

it('leaves WebAssembly compilation to flags given to Node, on its command line or in NODE_OPTIONS', () => {
  for (const given of ['--liftoff', '--no-wasm-tier-up', '--wasm_dynamic_tiering']) {
    expect(runFlags([given], '')).toEqual(ALL.slice(1));
  }
  expect(runFlags([], '--no-liftoff')).toEqual(ALL.slice(1));
});

it('leaves the young generation to a size given to Node, on its command line or in NODE_OPTIONS', () => {
  expect(runFlags([], '--max-old-space-size=512 --max-semi-space-size=8')).toEqual(['--liftoff-only']);
  expect(runFlags(['--semi-space-growth-factor=4'], '')).toEqual(['--liftoff-only']);
  expect(runFlags(['--min_semi_space_size=2'], '')).toEqual(['--liftoff-only']);
});

it('lets the old generation grow by half on a large target, unless Node was given its growth on its command line or in NODE_OPTIONS', () => {
  expect(largeListFlags([], '')).toEqual(['--heap-growing-percent=50']);
  expect(largeListFlags(['--max-old-space-size=512'], '--max-semi-space-size=8')).toEqual(['--heap-growing-percent=50']);
  expect(largeListFlags(['--heap-growing-percent=100'], '')).toEqual([]);
  expect(largeListFlags([], '--heap_growing_percent=20')).toEqual([]);
});
