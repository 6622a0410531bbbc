import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { WORKER_SEMI_SPACE_MB } from '../../src/runner/worker-heap.js';

// The built module (`npm test` builds first): Node 20 runs no TypeScript. The cap is a process-wide V8 flag, so it
// is tried in a fresh Node, whose worker fills its young generation and says how large V8 let it grow.
const moduleUrl = new URL('../../dist/src/runner/worker-heap.js', import.meta.url);
const script = `
  import { Worker } from 'node:worker_threads';
  const { capWorkerYoungGeneration } = await import(${JSON.stringify(moduleUrl.href)});
  capWorkerYoungGeneration();
  const fill = "const v8 = require('v8'); let kept = []; for (let round = 0; round < 4; round++) { kept = []; for (let i = 0; i < 1e6; i++) kept.push({ i }); }" +
    "require('worker_threads').parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);";
  const worker = new Worker(fill, { eval: true, execArgv: [] });
  worker.once('message', (bytes) => { console.log(bytes / 2 ** 20); worker.terminate(); });
`;

async function workerNewSpaceMb(nodeOptions?: string): Promise<number> {
  const env = { ...process.env, NODE_OPTIONS: nodeOptions ?? '' };
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env });
  return Number(stdout.trim());
}

it('caps the young generation of a worker started after it: two semi-spaces of the cap at most', async () => {
  expect(await workerNewSpaceMb()).toBeLessThanOrEqual(2 * WORKER_SEMI_SPACE_MB);
});

it('keeps a limit given to Node', async () => {
  expect(await workerNewSpaceMb('--max-semi-space-size=16')).toBeGreaterThan(2 * WORKER_SEMI_SPACE_MB);
});
