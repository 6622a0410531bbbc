import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, now. V8 lets garbage grow to several times what is alive before it collects, and
 * against a large target each list read leaves tens of megabytes of it (the body, its text, its parse): the
 * suites collect when one has read a lot, so that a run's peak memory follows what it holds, not what it read.
 * `--expose-gc` only adds `gc` to contexts made after it is set: a new context hands it over.
 */
export const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as unknown;
  return typeof gc === 'function' ? (gc as () => void) : () => undefined;
})();
