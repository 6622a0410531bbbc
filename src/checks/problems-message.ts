/** How many problems a closing check's message lists. */
const LISTED_PROBLEMS = 5;

/** "2 of 30 created categories: first; second" with at most a few problems spelled out. */
export function problemsMessage(problems: readonly string[], outOf: string, count = problems.length): string {
  if (count === 0) return '';
  const shown = problems.slice(0, LISTED_PROBLEMS).join('; ');
  const more = count > LISTED_PROBLEMS ? `; … ${count - LISTED_PROBLEMS} more` : '';
  return `${count} ${outOf}: ${shown}${more}`;
}
