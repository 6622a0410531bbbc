import type { Redactor } from '../../core/secrets.js';

/** ANSI styling that is off when NO_COLOR is set (non-empty) or the stream is not a terminal. */
export interface Style {
  readonly enabled: boolean;
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
}

function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (s: string) => (enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { enabled, bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) };
}

/** Whether to colour a stream (https://no-color.org). */
function colourWanted(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !env['NO_COLOR'];
}

/**
 * The console, with every line passed through the redactor: nothing reaches the terminal unredacted. A stream that
 * cannot be written (a full disk, /dev/full, a reader that went away) is written no more, and the run goes on: its
 * reports hold what the console would have shown, and its exit code is still the verdict's.
 */
export class Output {
  readonly style: Style;
  readonly live: boolean;
  private readonly redactors: Redactor[] = [];
  private statusShown = false;
  private stdoutLost?: string;
  private stderrLost = false;
  private lossSaid = false;

  constructor(private readonly stdout: NodeJS.WriteStream, private readonly stderr: NodeJS.WriteStream, env: NodeJS.ProcessEnv) {
    this.style = createStyle(colourWanted(stdout, env));
    this.live = Boolean(stdout.isTTY) && env['CI'] !== 'true';
    stdout.on('error', (error: NodeJS.ErrnoException) => {
      this.stdoutLost ??= error.code ?? error.message;
    });
    stderr.on('error', () => {
      this.stderrLost = true;
    });
  }

  /**
   * Says on stderr, once, that standard output could not be written and where what it would have shown is, if it could
   * not; a reader that stopped early (`petstore-conformance faults | head`: EPIPE) is no error.
   */
  sayIfStdoutLost(instead: string): void {
    if (this.stdoutLost === undefined || this.stdoutLost === 'EPIPE' || this.lossSaid) return;
    this.lossSaid = true;
    this.error(`petstore-conformance: standard output could not be written (${this.stdoutLost}); ${instead}`);
  }

  /** From now on, also remove these secrets from everything written. */
  protect(redactor: Redactor): void {
    this.redactors.push(redactor);
  }

  line(text = ''): void {
    this.clearStatus();
    if (this.stdoutLost === undefined) this.stdout.write(`${this.clean(text)}\n`);
  }

  /** A line on stderr: the one-line reason of exit code 2. */
  error(text: string): void {
    this.clearStatus();
    if (!this.stderrLost) this.stderr.write(`${this.clean(text)}\n`);
  }

  /** A transient status line on a terminal (progress), replaced by the next output. */
  status(text: string): void {
    if (!this.live || this.stdoutLost !== undefined) return;
    this.stdout.write(`\r\u001b[2K${this.clean(text)}`);
    this.statusShown = true;
  }

  private clearStatus(): void {
    if (!this.statusShown) return;
    if (this.stdoutLost === undefined) this.stdout.write('\r\u001b[2K');
    this.statusShown = false;
  }

  private clean(text: string): string {
    return this.redactors.reduce((cleaned, redactor) => redactor.redact(cleaned), text);
  }
}
