import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { wasmCompilationGiven } from '../../src/core/wasm-tier.js';

// The built module (`npm test` builds first): Node 20 runs no TypeScript. The flag is process-wide, so it is tried in a
// fresh Node, which makes a WebAssembly function hot in this thread and in a worker started after the call, and asks
// V8 (with --allow-natives-syntax) which compiler the function's code is from.
const moduleUrl = new URL('../../dist/src/core/wasm-tier.js', import.meta.url);
const hot = `
  // (module (func (export "f") (param i32) (result i32) local.get 0 i32.const 1 i32.add))
  const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,32,0,65,1,106,11]);
  const f = (await WebAssembly.instantiate(bytes)).instance.exports.f;
  let x = 0;
  for (let i = 0; i < 3e6; i++) x = f(x);
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (let i = 0; i < 3e6; i++) x = f(x);
  const tier = eval('%IsTurboFanFunction(f)') ? 'optimized' : eval('%IsLiftoffFunction(f)') ? 'baseline' : 'other';
`;
const script = (keep: boolean) => `
  import { Worker } from 'node:worker_threads';
  const { keepWasmOnBaselineCompiler } = await import(${JSON.stringify(moduleUrl.href)});
  if (${keep}) keepWasmOnBaselineCompiler();
  ${hot}
  const inWorker = await new Promise((resolve, reject) => {
    const worker = new Worker(${JSON.stringify(`${hot}; (await import('node:worker_threads')).parentPort.postMessage(tier);`)}, { eval: true, type: 'module' });
    worker.on('message', resolve).on('error', reject);
  });
  console.log(JSON.stringify([tier, inWorker]));
`;

async function tiers(keep: boolean): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script(keep)]);
  return JSON.parse(stdout) as string[];
}

it('keeps hot WebAssembly on the baseline compiler, in this thread and in workers started after (V8 optimizes it without)', async () => {
  expect(await tiers(true)).toEqual(['baseline', 'baseline']);
  expect(await tiers(false)).toEqual(['optimized', 'optimized']);
});

it('leaves WebAssembly compilation to flags given to Node', () => {
  expect(wasmCompilationGiven(['--liftoff'])).toBe(true);
  expect(wasmCompilationGiven(['--no-wasm-tier-up'])).toBe(true);
  expect(wasmCompilationGiven(['--wasm_dynamic_tiering'])).toBe(true);
  expect(wasmCompilationGiven(['--enable-source-maps', '--allow-natives-syntax'])).toBe(false);
});
