import nodeModule from 'node:module';

/** What Node 22.1 and later offer of their on-disk compile cache (node:module); Node 20 has none of it. */
interface CompileCacheApi {
  enableCompileCache?(): { status: number; directory?: string };
  constants?: { compileCacheStatus?: { ENABLED: number; ALREADY_ENABLED: number } };
}

/**
 * Turns on Node's on-disk compile cache where the running Node has one (22.1 and later) and a run is likely to find it
 * filled: a run compiles about 1,500 modules, most of them vitest's and vite's, in two threads, and takes them from the
 * cache from the second run on a machine. Not in CI (CI=true), whose machines are most often new for each job: a run
 * that fills the cache takes longer than one without it (docs/speed.md has the figures, side by side); there
 * NODE_COMPILE_CACHE, a folder the job keeps, turns it on, as Node has it. The cache goes in Node's default place (the
 * system's temporary folder) and follows NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE as Node does. The call
 * turns it on for this thread only; the suites' worker, started later, takes it from the environment, so the folder
 * goes there too. Returns the folder, or undefined where the cache is off.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, api: CompileCacheApi = nodeModule as CompileCacheApi): string | undefined {
  const statuses = api.constants?.compileCacheStatus;
  if (!api.enableCompileCache || !statuses || (env['CI'] === 'true' && env['NODE_COMPILE_CACHE'] === undefined)) return undefined;
  const { status, directory } = api.enableCompileCache();
  if (directory === undefined || (status !== statuses.ENABLED && status !== statuses.ALREADY_ENABLED)) return undefined;
  env['NODE_COMPILE_CACHE'] ??= directory;
  return directory;
}
