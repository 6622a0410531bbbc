import type { Exchange } from '../results/run-report.js';

/** How much of a body the text forms show. report.json keeps more. */
const SHOWN_BODY = 2000;

/** An exchange as a few lines of text, for JUnit failures and the console. */
export function exchangeText(exchange: Exchange): string {
  const { request, response, transportError } = exchange;
  const lines = [`${exchange.id}: ${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`  > ${name}: ${value}`);
  if (request.body !== undefined) lines.push(`  > ${clip(request.body)}`);
  if (response) {
    lines.push(`  < ${response.status} (${exchange.durationMs} ms)`);
    for (const [name, value] of Object.entries(response.headers)) lines.push(`  < ${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
    if (response.body.length) lines.push(`  < ${clip(response.body)}`);
  } else if (transportError) {
    const doing = { body: 'reading the body', connect: 'connecting', headers: 'waiting for the response' }[transportError.phase];
    lines.push(`  ! ${transportError.code} while ${doing}: ${transportError.message}`);
  }
  return lines.join('\n');
}

function clip(text: string): string {
  return text.length > SHOWN_BODY ? `${text.slice(0, SHOWN_BODY)}… (${text.length} characters)` : text;
}
