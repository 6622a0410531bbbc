/**
 * The suite files in waves: a wave's suites run side by side, and a wave starts once the one before it has ended
 * (suites/run.ts). Every area's examples first, then the generated checks, which explore around what the examples
 * showed (a target that created on the refused examples has the generated refusals withheld), then the list suite,
 * whose checks read the list once the run has created the most. `suites/<name>.suite.ts` declares
 * `defineSuite('<name>')`.
 */
export const SUITE_WAVES = [
  ['auth', 'create', 'model', 'info'],
  ['auth.generated', 'create.generated', 'model.generated', 'info.generated'],
  ['list'],
] as const;

/** A suite's name: its file's, without `.suite.ts`. */
export type SuiteName = (typeof SUITE_WAVES)[number][number];

/** The suites in the order they are declared, which is also the order in which their checks reserve writes (see WriteBudget). */
export const SUITE_ORDER: readonly SuiteName[] = SUITE_WAVES.flat();

/** Whether a describe block's name is a suite's (suites/run.ts also has a block per wave). */
export function isSuiteName(name: string): name is SuiteName {
  return (SUITE_ORDER as readonly string[]).includes(name);
}

/** The wave a suite runs in: its index in {@link SUITE_WAVES}. */
export function waveOf(name: SuiteName): number {
  return SUITE_WAVES.findIndex((wave) => (wave as readonly string[]).includes(name));
}
