/**
 * A failure's message as people read it: a first line that says what differs and how many, short enough to read on a
 * console (at most {@link FIRST_LINE_MAX} characters), and the details below it, which the reports hold whole.
 */

/** The longest first line of a failure's message. */
export const FIRST_LINE_MAX = 300;

/** The first line of a message. */
export function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}

/** The message with `suffix` at the end of its first line. */
export function appendToFirstLine(message: string, suffix: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message + suffix : message.slice(0, end) + suffix + message.slice(end);
}

/**
 * The message with `suffix` at the end of its first line, which is then cut to {@link FIRST_LINE_MAX} characters (the
 * suffix kept whole where it leaves room for some of the line): a line cut short is kept whole below it, so that the
 * report loses nothing.
 */
export function fitFirstLine(message: string, suffix = ''): string {
  const end = message.indexOf('\n');
  const first = end < 0 ? message : message.slice(0, end);
  const rest = end < 0 ? '' : message.slice(end);
  const line = first + suffix;
  if (line.length <= FIRST_LINE_MAX) return line + rest;
  const kept = suffix.length <= FIRST_LINE_MAX / 2 ? suffix : '';
  const room = FIRST_LINE_MAX - kept.length - 1;
  return `${line.slice(0, Math.min(room, first.length)).trimEnd()}…${kept}\n${line}${rest}`;
}
