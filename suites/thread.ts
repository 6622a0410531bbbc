/**
 * The suites' worker thread (see src/runner/early-worker.ts): vitest's worker, which takes the runner's messages from
 * here on, then the modules every suite file imports, loaded while the runner starts vitest, so that the suite files
 * find them loaded. Node loads a module once per thread: the suite files' imports of it (vite's module runner hands
 * built files to Node as they are, see src/runner/run.ts) get this very instance.
 */
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { setRunFlags } from '../src/core/v8-flags.js';
import type { SuitesThreadData } from '../src/protocol/suites-thread.js';

const { vitestEntry, v8Flags } = workerData as SuitesThreadData;
// First: V8 put its flags back to their defaults as it set up this thread's heap (see core/v8-flags.ts).
setRunFlags(v8Flags);
await import(pathToFileURL(vitestEntry).href);
// A module that fails to load fails again, and is reported, where a suite file imports it.
await import('../src/checks/suite.js').catch(() => undefined);
