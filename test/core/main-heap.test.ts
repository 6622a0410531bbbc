import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { youngGenerationGiven } from '../../src/core/main-heap.js';

// The built module (`npm test` builds first): Node 20 runs no TypeScript. The hold is a process-wide V8 flag, so it
// is tried in a fresh Node that fills its young generation, keeping part of it, and says how large V8 let it grow.
const moduleUrl = new URL('../../dist/src/core/main-heap.js', import.meta.url);
const script = `
  import { getHeapSpaceStatistics } from 'node:v8';
  const { holdMainYoungGeneration } = await import(${JSON.stringify(moduleUrl.href)});
  holdMainYoungGeneration();
  const kept = [];
  for (let round = 0; round < 20; round++) kept.push(Array.from({ length: 2e5 }, (_, i) => ({ i })));
  console.log(getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20);
`;

async function newSpaceMb(nodeOptions: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_OPTIONS: nodeOptions } });
  return Number(stdout.trim());
}

it('holds the main thread\'s young generation near its first size (V8 grows it to 32 MB without)', async () => {
  expect(await newSpaceMb('')).toBeLessThanOrEqual(4);
  expect(await newSpaceMb('--max-semi-space-size=16')).toBeGreaterThan(4);
});

it('leaves the young generation to a size given to Node, in NODE_OPTIONS or on its command line', () => {
  expect(youngGenerationGiven({ NODE_OPTIONS: '--max-old-space-size=512 --max-semi-space-size=8' }, [])).toBe(true);
  expect(youngGenerationGiven({}, ['--semi-space-growth-factor=4'])).toBe(true);
  expect(youngGenerationGiven({ NODE_OPTIONS: '--max-old-space-size=512' }, ['--enable-source-maps'])).toBe(false);
});
