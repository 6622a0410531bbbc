/**
 * A case a grammar knows to be dangerous, tried by example on every run: whether it is tried never depends on the
 * seed, which only changes what generation finds around it. Each grammar builds its list of them from the same
 * tables its arbitrary draws from, so that a constant added to the grammar is an example too.
 */
export interface KnownShape<T> {
  /** How check names and messages call it, the same on every run (no key, no marker, no seed in it). */
  readonly label: string;
  /** The case, as the grammar's arbitrary would draw it. */
  readonly shape: T;
}

/** Labels each shape by the grammar's own description of its cases, so that a label cannot drift from its case. */
export function knownShapes<T>(shapes: readonly T[], describe: (shape: T) => string): readonly KnownShape<T>[] {
  return shapes.map((shape) => ({ label: describe(shape), shape }));
}
