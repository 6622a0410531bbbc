import { UsageError } from '../core/errors.js';
import { API_KEY_ENV, closest, COMMANDS, OPTIONS, type OptionDef } from './options.js';
import { EXIT_MEANING } from '../results/verdict.js';

/** The width --help keeps to: one screen of an 80-column terminal. */
export const HELP_WIDTH = 80;

/** An option as --help names it: `-h, --help`, `--seed <int>`. */
const flag = (o: OptionDef) => `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.value ? ` ${o.value}` : ''}`;

/** Options a line each, those that share one (`--only, --skip <rule|area>`) joined on it: the first screen's, or all. */
function optionLines(options: readonly OptionDef[]): string[] {
  const width = 29;
  return options.filter((o) => o.sharesLineWith === undefined).map((o) => {
    const all = [o, ...OPTIONS.filter((m) => m.sharesLineWith === o.name)];
    // Options that take the same value name it once, after the last: `--runs, --create-runs <n>`.
    const sameValue = all.every((m) => m.value === o.value);
    const names = all.map((m, i) => (sameValue && i < all.length - 1 ? `${m.short ? `-${m.short}, ` : ''}--${m.name}` : flag(m))).join(', ');
    return names.length < width ? `  ${names.padEnd(width)}${o.brief}` : `  ${names}  ${o.brief}`;
  });
}

/** Words laid out in lines of the help's width, each after `indent` but the first (after `first`). */
function flow(words: readonly string[], first: string, indent: string): string[] {
  const lines = [first];
  for (const word of words) {
    const last = lines.length - 1;
    if ((lines[last] as string).length + word.length + 1 > HELP_WIDTH) lines.push(`${indent}${word}`);
    else lines[last] = `${lines[last]}${(lines[last] as string).endsWith(' ') ? '' : ' '}${word}`;
  }
  return lines;
}

/**
 * The --help text: one screen of an 80-column terminal. The options used most with a few words each, the others
 * named; `--help <option or command>` shows one in full, `--help options` every option with its few words.
 */
export function helpText(version: string): string {
  const named = OPTIONS.filter((o) => !o.common).map((o) => `${o.short ? `-${o.short}/` : ''}--${o.name}`);
  const exits = Object.entries(EXIT_MEANING).map(([code, meaning]) => `${code} ${meaning}`).join(', ');
  return [
    `petstore-conformance ${version}: does a Pet Store v1 server keep its contract?`,
    'Usage: petstore-conformance --target <url>|reference [options]',
    '       petstore-conformance rules|faults|selftest|verify <dir>|merge <dir>…',
    'Options (--help <option or command> shows one in full, --help options all):',
    ...optionLines(OPTIONS.filter((o) => o.common)),
    ...flow(named, 'Also:', '  '),
    `${API_KEY_ENV}: the API key, never printed or written. NO_COLOR: plain output.`,
    'HTTPS_PROXY, HTTP_PROXY, NO_PROXY: the proxy, as curl reads them.',
    ...flow(`${exits}. More: README.md, docs/using.md.`.split(' '), 'Exit:', ''),
  ].join('\n');
}

/** `--help options`: every option with its few words, a line each (or shared). */
function allOptions(): string {
  return ['Options (--help <option> shows one in full, with its defaults):', ...optionLines(OPTIONS)].join('\n');
}

/** What each command does, for `--help <command>`. */
const COMMAND_HELP: Readonly<Record<(typeof COMMANDS)[number], string>> = {
  rules: 'petstore-conformance rules [<rule|area>...] [--spec <file|url>] [--assert-formats] [--json]: the rule catalogue (or the rules named), with what each rule comes to for the spec in use: the properties, bounds, patterns and parameters it judges, the open questions the spec answers, and what will not be exercised and why. A spec\'s URL is fetched as a run fetches it: through the proxy the environment names, with --ca, --insecure, --client-cert and --client-key.',
  faults: 'petstore-conformance faults [--json]: the reference\'s faults (id, the rule that must catch it, story) and variants (id, story), for --fault and --variant.',
  selftest: 'petstore-conformance selftest [--fault <id>]...: proves the suite: the clean reference passes, every fault is caught by its rule and no other.',
  verify: 'petstore-conformance verify <dir> [--integrity-only]: checks a certified report directory and prints the verdict it certifies; exit 0 only for a conformant one.',
  merge: 'petstore-conformance merge <dir>... [--report-dir <dir>] [--strict]: one report set and verdict from the report directories of every shard of a run (--shard).',
};

/** More than an option's own words: what a user reading `--help <option>` is after. */
const MORE: Readonly<Record<string, string>> = {
  'report-dir': 'Every run writes report.json, report.har, junit.xml, report.html, summary.md and badge.svg (and certificate.json with --certify, for a conformant run); with GITHUB_ACTIONS set, failed rules are also annotated.',
  target: 'A run that could not be carried out (an unreachable target, a wrong key, a scheme the server does not speak) exits 2 with one line saying what to fix.',
};

/** `--help <option>` (with or without its dashes), `--help <command>`: that one in full; `--help options`: all of them. */
export function helpTopic(topic: string): string {
  const name = topic.replace(/^--?/, '').toLowerCase();
  if (name === 'options') return allOptions();
  const option = OPTIONS.find((o) => o.name === name || o.short === name);
  if (option) return wrap([`${flag(option)}: ${option.describe}.`, MORE[option.name]].filter(Boolean).join(' '));
  if ((COMMANDS as readonly string[]).includes(name)) return wrap(COMMAND_HELP[name as (typeof COMMANDS)[number]]);
  const meant = closest(name, [...OPTIONS.map((o) => o.name), ...COMMANDS]);
  throw new UsageError(`--help takes an option or a command, not "${topic}"${meant ? `; did you mean ${(COMMANDS as readonly string[]).includes(meant) ? meant : `--${meant}`}?` : ''} (see --help)`);
}

/** Text wrapped at word boundaries to the help's width. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}
