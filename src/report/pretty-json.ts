/**
 * Re-indents JSON text for reading without parsing it: numbers stay exactly as sent (an id beyond 2^53 is
 * shown as the target wrote it, not as a double would) and strings are copied verbatim. Text that is not
 * well-formed JSON comes back unchanged, so that what a report shows is always what was received.
 */
export function prettyJson(text: string, indent = '  '): string {
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  const newline = () => out.push('\n', indent.repeat(depth));
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return text;
      out.push(text.slice(i, end + 1));
      i = end + 1;
      continue;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const next = nextSignificant(text, i + 1);
      if (text[next] === close) {
        out.push(c, close);
        i = next + 1;
        continue;
      }
      depth++;
      out.push(c);
      newline();
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth < 0) return text;
      newline();
      out.push(c);
    } else if (c === ',') {
      out.push(',');
      newline();
    } else if (c === ':') {
      out.push(': ');
    } else if (!/\s/.test(c)) {
      out.push(c);
    }
    i++;
  }
  return depth === 0 ? out.join('') : text;
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function nextSignificant(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
