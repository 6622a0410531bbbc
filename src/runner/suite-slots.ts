import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { slotFolderName } from '../protocol/slots.js';

/** The start of the name of the folder that holds the slots' copies: vitest leaves what is in it to Node. */
export const SLOTS_FOLDER_PREFIX = 'petstore-conformance-suite-slots-';

/**
 * The suite files copied into one folder per run of a batch (see protocol/slots.ts), in a folder of their own. A copy
 * imports what its suite file imports, by absolute URL: the worker loads each module of the package once, whichever
 * slot's suite file imports it.
 */
export class SuiteSlots {
  /** Slots made so far: 0 to made - 1. */
  private made = 0;

  private constructor(private readonly dir: string) {}

  /**
   * Makes the folder, in the system's temporary directory: its path must be one vitest can make a URL of as it is (a
   * report directory holding `#` or `%` is not). Removed by {@link close}, or as the process exits.
   */
  static async open(): Promise<SuiteSlots> {
    const dir = await mkdtemp(join(tmpdir(), SLOTS_FOLDER_PREFIX));
    if (!removedAtExit) process.once('exit', removeUnclosed);
    removedAtExit = true;
    unclosed.add(dir);
    return new SuiteSlots(dir);
  }

  /** The copies of the suite files `files` for each of slots 0 to `count` - 1, by slot; made on first need. */
  async copies(files: readonly string[], count: number): Promise<string[][]> {
    if (this.made < count) {
      const texts = await Promise.all(files.map(async (file) => withAbsoluteImports(await readFile(file, 'utf8'), file)));
      for (; this.made < count; this.made++) {
        const folder = join(this.dir, slotFolderName(this.made));
        await mkdir(folder);
        await Promise.all(files.map((file, i) => writeFile(join(folder, basename(file)), texts[i] as string)));
      }
    }
    return Array.from({ length: count }, (_, slot) => files.map((file) => join(this.dir, slotFolderName(slot), basename(file))));
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
    unclosed.delete(this.dir);
  }
}

/** The folders of the slots not closed yet: an exit that does not wait for them (selftest interrupted) removes them. */
const unclosed = new Set<string>();
/** Whether the process removes {@link unclosed} as it exits: one listener, however many folders come and go. */
let removedAtExit = false;

function removeUnclosed(): void {
  for (const dir of unclosed) rmSync(dir, { recursive: true, force: true });
}

/**
 * A built suite file's text, each import's specifier made absolute (a relative one against the file, a package's as
 * this package resolves it), and without its source map comment (the map is not copied). The compiler writes each
 * import on lines of its own, its specifier last: `import … from '…';`, `} from '…';`, `import '…';`.
 */
export function withAbsoluteImports(text: string, file: string): string {
  return text
    .replace(/^((?:import|export)\b.*\bfrom |\}\s*from |import )(['"])([^'"]+)\2(;?)$/gm,
      (_line, lead: string, quote: string, specifier: string, end: string) => `${lead}${quote}${absoluteSpecifier(specifier, file)}${quote}${end}`)
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
}

function absoluteSpecifier(specifier: string, file: string): string {
  if (specifier.startsWith('node:')) return specifier;
  if (specifier.startsWith('.')) return new URL(specifier, pathToFileURL(file)).href;
  return import.meta.resolve(specifier);
}
