import { setFlagsFromString } from 'node:v8';

/**
 * Whether the user gave Node flags of their own about how WebAssembly is compiled: theirs are kept.
 */
export function wasmCompilationGiven(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => /--(no-)?(liftoff|wasm[-_])/.test(arg));
}

/**
 * Keeps WebAssembly on V8's baseline compiler (Liftoff), for every thread started from now on and this one. undici
 * parses HTTP with llhttp compiled to WebAssembly, in each thread that sends requests; V8 then recompiles its hot
 * parser function with its optimizing compiler (TurboFan) in the background, whose working memory, about 30 MB for
 * a moment while the suites' worker starts, was the largest part of a run's peak RSS: 185 MB with it, 150 MB without,
 * for a run that checks one rule. The baseline code parses a response's head in microseconds all the same: the bench
 * tells no difference in time.
 */
export function keepWasmOnBaselineCompiler(execArgv: readonly string[] = process.execArgv): void {
  if (!wasmCompilationGiven(execArgv)) setFlagsFromString('--liftoff-only');
}
