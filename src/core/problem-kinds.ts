/**
 * Problems counted by kind, so that a failure's first line names what differs and how many ("name differs (2);
 * missing (1)"), and a console shows one failure of each kind rather than the first few, all alike.
 */

/** The longest a kind's words are in a first line. */
const KIND_MAX = 160;

/**
 * The kind of a problem, for counting alike ones: its first clause, with what changes from one exchange or category to
 * the next (quoted texts, numbers, exchange ids) left out, but the statuses it names ("expected 400, got 201" is
 * another kind than "expected 400, got 422").
 */
export function kindOf(problem: string): string {
  return firstClause(problem)
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\b[a-z][a-z.]*-\d+\b/g, '<exchange>')
    .replace(/(?<!\b(?:got|expected|answered|status|or|with|a|the) )\b\d+\b/g, '#');
}

function firstClause(problem: string): string {
  const end = problem.indexOf('; ');
  return end < 0 ? problem : problem.slice(0, end);
}

/**
 * Problems counted by kind, each kind with words for it: given (`name differs`), or the first clause of its first
 * problem. What a failure's first line names: "3 of 257 created categories: name differs (2); missing (1)".
 */
export class Kinds {
  private readonly byKind = new Map<string, { readonly words: string; count: number }>();

  /** Counts a problem, of the kind `kind` names (default: its own, see kindOf), in `words` (default: its first clause). */
  count(problem: string, kind = kindOf(problem), words = firstClause(problem)): void {
    const known = this.byKind.get(kind);
    if (known) known.count++;
    else this.byKind.set(kind, { words: words.length > KIND_MAX ? `${words.slice(0, KIND_MAX - 1)}…` : words, count: 1 });
  }

  /**
   * The kinds in words, the most frequent first, each with how many (unless there is one kind): as many as fit in `room`
   * characters, and how many kinds more.
   */
  summary(room: number): string {
    const kinds = [...this.byKind.values()].sort((a, b) => b.count - a.count);
    if (kinds.length === 1) return (kinds[0] as { readonly words: string }).words;
    let text = '';
    for (const [i, { words, count }] of kinds.entries()) {
      const next = `${text ? `${text}; ` : ''}${words} (${count})`;
      const left = kinds.length - i - 1;
      if (text && next.length + (left > 0 ? `; ${left} more kinds`.length : 0) > room) return `${text}; ${kinds.length - i} more kinds`;
      text = next;
    }
    return text;
  }
}
