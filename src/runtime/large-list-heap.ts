import { setFlagsFromString } from 'node:v8';

/** How much V8's old generation grows past what a full collection leaves, once the target's lists are large. */
const GROWING_PERCENT = 50;

/** Node options that decide the old generation's growth: what the user gave Node is theirs. */
const DECIDED_BY = /--heap[-_]growing[-_]percent/;

/** The flag {@link growHeapSlowlyForLargeLists} sets, unless `execArgv` or `NODE_OPTIONS` decide the growth. */
export function largeListHeapFlag(execArgv: readonly string[], nodeOptions: string): string | undefined {
  if (DECIDED_BY.test(nodeOptions) || execArgv.some((arg) => DECIDED_BY.test(arg))) return undefined;
  return `--heap-growing-percent=${GROWING_PERCENT}`;
}

/**
 * Against a target whose lists are megabytes, V8's old generation grows by half of what a full collection leaves,
 * not by its own factor of up to 4. Each list (9 MB at 100,000 categories) is parsed, judged and dropped, and a heap
 * grown to four times what survived one stays that large: at 100,000 categories the run peaked at 366–369 MB, and
 * 263–272 MB with it, in no more time (docs/speed.md). Not on a small target: there the collections it adds cost a
 * default run 6% of its time for 5 MB. The flag holds for the whole process, both threads, from the next collection on.
 */
export function growHeapSlowlyForLargeLists(): void {
  const flag = largeListHeapFlag(process.execArgv, process.env['NODE_OPTIONS'] ?? '');
  if (flag) setFlagsFromString(flag);
}
