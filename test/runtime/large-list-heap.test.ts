import { expect, it } from 'vitest';
import { largeListHeapFlag } from '../../src/runtime/large-list-heap.js';

it('lets the old generation grow by half, unless Node was given its growth on its command line or in NODE_OPTIONS', () => {
  expect(largeListHeapFlag([], '')).toBe('--heap-growing-percent=50');
  expect(largeListHeapFlag(['--max-old-space-size=512'], '--max-semi-space-size=8')).toBe('--heap-growing-percent=50');
  expect(largeListHeapFlag(['--heap-growing-percent=100'], '')).toBeUndefined();
  expect(largeListHeapFlag([], '--heap_growing_percent=20')).toBeUndefined();
});
