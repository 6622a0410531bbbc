import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags that no Node option the user gave already decides, each with the pattern of the options that decide it.
 * They trade nothing a run can tell for a smaller peak of memory (RSS; docs/speed.md has the side-by-side figures):
 * - WebAssembly stays on V8's baseline compiler. undici parses HTTP with llhttp compiled to WebAssembly in the suites'
 *   worker, and V8's optimizing recompilation of its hot function, in the background while the worker starts, needs
 *   working memory at the run's busiest moment; a response's head is parsed in microseconds either way.
 * - The young generation stays small. Both threads allocate fast and keep little, and V8 grows the young generation
 *   to its largest size, which a process holds to its end. A growth factor of 1 holds the main thread's at the size
 *   it has (its largest size was fixed before any code ran); the largest size caps the heaps set up later: the
 *   suites' worker's, which vitest starts with no option for its resource limits.
 */
const RUN_FLAGS: readonly FlagGroup[] = [
  { flags: ['--liftoff-only'], decidedBy: /--(no-)?(liftoff|wasm[-_])/ },
  { flags: ['--semi-space-growth-factor=1', '--max-semi-space-size=2'], decidedBy: /--(max|min)[-_]semi[-_]space[-_]size|--semi[-_]space[-_]growth[-_]factor/ },
];

/**
 * V8 flags for a target whose lists are megabytes, which the suites' worker sets once it finds one
 * (runtime/large-list-heap.ts): the old generation grows by half of what a full collection leaves.
 */
const LARGE_LIST_FLAGS: readonly FlagGroup[] = [
  { flags: ['--heap-growing-percent=50'], decidedBy: /--heap[-_]growing[-_]percent/ },
];

/** Flags to set, and the pattern of the Node options that decide them instead. */
interface FlagGroup {
  readonly flags: readonly string[];
  readonly decidedBy: RegExp;
}

/** The flags of `groups` that `execArgv` and `NODE_OPTIONS` leave open: what the user gave Node is theirs. */
function flagsLeftOpen(groups: readonly FlagGroup[], execArgv: readonly string[], nodeOptions: string): string[] {
  return groups.filter(({ decidedBy }) => !decidedBy.test(nodeOptions) && !execArgv.some((arg) => decidedBy.test(arg))).flatMap(({ flags }) => flags);
}

/** The flags of {@link RUN_FLAGS} that this process's options leave open. */
export function runFlags(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env['NODE_OPTIONS'] ?? ''): string[] {
  return flagsLeftOpen(RUN_FLAGS, execArgv, nodeOptions);
}

/**
 * The flags of {@link LARGE_LIST_FLAGS} that this process's options leave open: decided in the CLI's thread, whose
 * command line the user wrote (the worker's is vitest's), and handed to the worker (protocol/suites-thread.ts).
 */
export function largeListFlags(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env['NODE_OPTIONS'] ?? ''): string[] {
  return flagsLeftOpen(LARGE_LIST_FLAGS, execArgv, nodeOptions);
}

/**
 * Sets these flags for this process. Call it first thing, before vitest loads: WebAssembly compiles from then on, and
 * the suites' worker takes the young generation's cap only when its heap is set up. V8 puts the growth factor back to
 * its default as it sets up that heap, the main thread's too: the worker sets the flags again once it runs
 * (suites/thread.ts), as soon as it can, or the main thread grows its young generation while it loads vitest.
 */
export function setRunFlags(flags: readonly string[] = runFlags()): void {
  for (const flag of flags) setFlagsFromString(flag);
}
