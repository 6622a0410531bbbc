import nodeModule from 'node:module';

/** What Node 22.1 and later offer of their on-disk compile cache (node:module); Node 20 has none of it. */
interface CompileCacheApi {
  enableCompileCache?(): { status: number; directory?: string };
  constants?: { compileCacheStatus?: { ENABLED: number; ALREADY_ENABLED: number } };
}

/**
 * Turns on Node's on-disk compile cache where the running Node has one (22.1 and later), in its default place (the
 * system's temporary folder): a run compiles about 1,500 modules, most of them vitest's and vite's, in two threads, and
 * with the cache the second run on a machine takes them from there (docs/speed.md has the figures, side by side). The
 * cache follows NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE as Node does. The call enables it for this thread
 * only; the suites' worker, started later, takes it from the environment, so the folder goes there too, where the user
 * has not set one. Returns the folder, or undefined where the cache is off.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, api: CompileCacheApi = nodeModule as CompileCacheApi): string | undefined {
  const statuses = api.constants?.compileCacheStatus;
  if (!api.enableCompileCache || !statuses) return undefined;
  const { status, directory } = api.enableCompileCache();
  if (directory === undefined || (status !== statuses.ENABLED && status !== statuses.ALREADY_ENABLED)) return undefined;
  env['NODE_COMPILE_CACHE'] ??= directory;
  return directory;
}
