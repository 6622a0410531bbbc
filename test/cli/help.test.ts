import { describe, expect, it } from 'vitest';
import { HELP_WIDTH, helpText, helpTopic } from '../../src/cli/help.js';
import { COMMANDS, OPTIONS, parseCommand } from '../../src/cli/options.js';
import { UsageError } from '../../src/core/errors.js';

/** The rows a text takes on a terminal of the help's width (a longer line wraps onto more). */
const rows = (text: string) => text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil([...line].length / HELP_WIDTH)), 0);
const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

describe('--help', () => {
  // Before: 74 lines, the widest 471 characters: 137 rows at 80 columns.
  it('fits one screen of an 80-column terminal (24 rows, the prompt after it included), and names every option', () => {
    const text = helpText('0.1.0');
    expect(widest(text)).toBeLessThanOrEqual(80);
    expect(rows(text)).toBeLessThanOrEqual(23);
    for (const option of OPTIONS) expect(text, option.name).toMatch(new RegExp(`--${option.name}\\b`));
    expect(text).toMatch(/PETSTORE_API_KEY/);
    expect(text).toMatch(/NO_COLOR/);
    expect(text).toMatch(/HTTPS_PROXY, HTTP_PROXY, NO_PROXY/);
    expect(text).toMatch(/2 the run could not be\s+carried out/);
  });

  it('--help <option> shows that option in full, with its defaults, by name with or without dashes', () => {
    for (const option of OPTIONS) {
      const text = helpTopic(option.name);
      expect(text, option.name).toBe(helpTopic(`--${option.name}`));
      expect(text.replace(/\n/g, ' '), option.name).toContain(option.describe);
      expect(widest(text), option.name).toBeLessThanOrEqual(80);
    }
    expect(helpTopic('timeout').replace(/\n/g, ' ')).toMatch(/default: staging 10000, ci 10000, certify 10000/);
  });

  it('--help options lists every option with a few words, --help <command> shows a command', () => {
    const all = helpTopic('options');
    expect(widest(all)).toBeLessThanOrEqual(80);
    for (const option of OPTIONS) expect(all, option.name).toMatch(new RegExp(`--${option.name}\\b`));
    for (const command of COMMANDS) expect(helpTopic(command)).toMatch(new RegExp(`^petstore-conformance ${command}\\b`));
  });

  it('is asked for as --help <topic> (also an option that takes a value), and refuses what it does not know', () => {
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommand(['--help', 'shard'])).toEqual({ kind: 'help', topic: 'shard' });
    expect(parseCommand(['-h', '--ca'])).toEqual({ kind: 'help', topic: '--ca' });
    expect(() => helpTopic('targt')).toThrow(new UsageError('--help takes an option or a command, not "targt"; did you mean --target? (see --help)'));
  });
});
