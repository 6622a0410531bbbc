import { basename } from 'node:path';

/**
 * The suite files, in the order they run, which is also the order in which their checks reserve writes (see
 * WriteBudget): every area's examples first, then the generated checks, then the list suite, whose checks read the
 * list once the run has created the most. `suites/<name>.suite.ts` declares `defineSuite('<name>')`.
 */
export const SUITE_ORDER = [
  'auth', 'create', 'model', 'info',
  'auth.generated', 'create.generated', 'model.generated', 'info.generated',
  'list',
] as const;

/** A suite's name: its file's, without `.suite.ts`. */
export type SuiteName = (typeof SUITE_ORDER)[number];

/** The suite a test module (or its specification) is: `dist/suites/auth.suite.js` → `auth`. */
export function suiteNameOf(module: { readonly moduleId: string }): string {
  return basename(module.moduleId).replace(/\.suite\.[cm]?[jt]s$/, '');
}

/** Where a suite runs in the order: a suite not named there runs just before the list suite. */
export function suiteRank(name: string): number {
  const at = (SUITE_ORDER as readonly string[]).indexOf(name);
  return at >= 0 ? at : SUITE_ORDER.indexOf('list') - 0.5;
}
