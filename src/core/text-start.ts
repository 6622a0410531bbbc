/**
 * The first `length` characters of `text`, as a string of their own. V8 makes a slice of a long string a view of it
 * (a sliced string), which keeps the whole of the string it was cut from alive for as long as the slice lives. The
 * starts of response bodies that records and evidence keep live to the run's end (in the suites' worker, vitest holds
 * every check's metadata until its file ends), and each kept the whole body it was cut from: about 3.6 MB of lists in
 * a default run. A copy made through the structured clone algorithm is a new string of the same code units, lone
 * surrogates included.
 */
export function textStart(text: string, length: number): string {
  return text.length > length ? structuredClone(text.slice(0, length)) : text;
}
