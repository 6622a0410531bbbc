/** A count and its noun: `1 check`, `2 checks`, `0 checks` (or the plural given: `1 category`, `3 categories`). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
