import { FIRST_LINE_MAX } from '../core/first-line.js';
import { Kinds } from '../core/problem-kinds.js';

/** How many problems a message lists below its first line; the first line counts them all. */
const LISTED_PROBLEMS = 12;

/**
 * "2 of 30 created categories: name differs (1); missing (1)": a first line that counts the problems and names their
 * kinds (see Kinds), leaving room for `suffix` (what the message ends its first line with), and the first few problems
 * below it, one a line, with how many more. `count` is how many there are, when only some were kept.
 */
export function problemsMessage(problems: readonly string[], outOf: string, { count = problems.length, kinds, suffix = '' }: {
  readonly count?: number;
  readonly kinds?: Kinds;
  readonly suffix?: string;
} = {}): string {
  if (count === 0) return '';
  const counted = kinds ?? countedKinds(problems);
  const head = `${count} ${outOf}: `;
  const listed = problems.slice(0, LISTED_PROBLEMS);
  const more = count > listed.length ? [`… ${count - listed.length} more`] : [];
  return [`${head}${counted.summary(FIRST_LINE_MAX - head.length - suffix.length)}`, ...listed.map((p) => `  ${p}`), ...more].join('\n');
}

function countedKinds(problems: readonly string[]): Kinds {
  const kinds = new Kinds();
  for (const problem of problems) kinds.count(problem);
  return kinds;
}
