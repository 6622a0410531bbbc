import { titleOf, type CheckResult, type Exchange, type RunReport } from '../results/run-report.js';
import { INVISIBLE, unicodeEscapes } from '../core/visible-text.js';

/** A word in single quotes for a POSIX shell: everything literal. */
export function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that runs one check of a report again (`--replay`), for the console: `program` is how the CLI is
 * started (see the run command), `targetArgs` the options that chose the target and how it is reached, as given.
 */
export function replayCommand(program: string, targetArgs: readonly string[], reportJson: string, title: string): string {
  return [program, ...targetArgs.map(quotedIfNeeded), '--replay', quotedIfNeeded(reportJson), quoted(title)].join(' ');
}

/** A word as it is when a shell would take it so, else in single quotes. */
function quotedIfNeeded(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : quoted(text);
}

/**
 * A `curl` command that sends an exchange's request again. The key is never in it: a credential is rebuilt from
 * $PETSTORE_API_KEY by the shell expression its request recorded (an altered key included). Returns undefined
 * when the recorded body was cut short and the request cannot be rebuilt.
 */
export function curlCommand(exchange: Exchange): string | undefined {
  const { request } = exchange;
  if (request.bodyTruncated) return undefined;
  const credential = request.credential;
  const url = new URL(request.url);
  let urlWord: string;
  if (credential?.place.kind === 'query') {
    // The credential's pair out, the others exactly as they were sent (searchParams would write them again otherwise).
    const name = credential.place.name;
    const kept = url.search.slice(1).split('&').filter((pair) => pair !== '' && decodedName(pair) !== name);
    url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
    const separator = url.search ? '&' : '?';
    // The key may hold characters a query must encode; node is at hand wherever the suite runs.
    const encoded = `$(node -p 'encodeURIComponent(process.argv[1])' "${credential.shell}")`;
    urlWord = `"${url.toString().replace(/["$`\\]/g, (c) => `\\${c}`)}${separator}${credential.place.name}=${encoded}"`;
  } else {
    urlWord = quoted(url.toString());
  }
  // -g: a query of OpenAPI's deepObject style (`filter[color]=red`) holds brackets, which curl would read as a glob.
  const parts = ['curl', '-i', '-X', request.method, urlWord, ...(/[[\]{}]/.test(url.search) ? ['-g'] : [])];
  for (const [name, value] of Object.entries(request.headers)) {
    // A reproduction is a request of its own, not the recorded one again: it must not claim the recorded span id
    // (servers' tracing would join the two). It keeps the User-Agent, so a target that allow-lists the suite's takes it.
    if (name === 'traceparent') continue;
    if (credential?.place.kind === 'header' && name === credential.place.name) parts.push('-H', `"${name}: ${credential.shell}"`);
    else parts.push('-H', quoted(`${name}: ${value}`));
  }
  if (credential?.place.kind === 'body' && request.body !== undefined) {
    // The body holds the key in a field: rebuild it with the field set from the shell, never written out.
    const fields = JSON.parse(request.body) as Record<string, unknown>;
    delete fields[credential.place.name];
    const build = `$(node -p 'JSON.stringify({ ...JSON.parse(process.argv[1]), [process.argv[2]]: process.argv[3] })' ${quoted(JSON.stringify(fields))} ${quoted(credential.place.name)} "${credential.shell}")`;
    parts.push('--data-binary', `"${build}"`);
  } else if (request.body !== undefined) {
    parts.push('--data-binary', quoted(visibleJson(request.body)));
  }
  return parts.join(' ');
}

/**
 * A JSON body with the characters a reader cannot see in its strings written as `\uXXXX` escapes, the same JSON value
 * (a text hazard's bidirectional control would reorder the console's line); any other body exactly as sent.
 */
function visibleJson(body: string): string {
  try {
    JSON.parse(body);
  } catch {
    return body;
  }
  return body.replace(INVISIBLE, unicodeEscapes);
}

/** The name of a query's `name=value` pair, decoded as a form decodes it. */
function decodedName(pair: string): string {
  const name = pair.split('=')[0]?.replace(/\+/g, ' ') ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The commands that run a failed check again, paste-ready, the same in every report: its replay (a check of a run that
 * recorded how it was started; not an audit or a closing check, which judge what others sent), and for an example, the
 * curl of its failing request (to a target that outlives the run: not the bundled reference, which stops with it; a
 * generated check's replay sends its exact case).
 */
export function reproductionOf(result: CheckResult, report: Pick<RunReport, 'invocation' | 'targetKind'>): { replay?: string; curl?: string } {
  const { invocation } = report;
  const replay = invocation && result.kind === 'check'
    ? replayCommand(invocation.program, invocation.targetArgs, invocation.reportJson, titleOf(result)) : undefined;
  const failing = result.exchanges.find((e) => e.id === result.failedExchange) ?? result.exchanges[0];
  const curl = !result.generated && failing && report.targetKind === 'url' ? curlCommand(failing) : undefined;
  return { ...(replay ? { replay } : {}), ...(curl ? { curl } : {}) };
}
