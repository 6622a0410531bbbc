import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, sep } from 'node:path';
import { DocumentFetchError } from '../core/errors.js';

/** One file a spec is made of: where it is, from the root file's folder (or the root's URL), and its sha256. */
export interface SpecFile {
  readonly path: string;
  readonly sha256: string;
}

/**
 * Reads a document at a URL (a spec served by its API, and what its `$ref`s name there): its bytes, and the URL they
 * came from at last, after any redirect.
 */
export type FetchDocument = (url: string) => Promise<{ readonly bytes: Buffer; readonly url: string }>;

/** A spec's root: a path on this machine (absolute), or an http(s) URL. */
export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * The files of one spec, read as the parser asks for them, `$ref` after `$ref`, each once: the parser reads a file
 * again on each of its passes, and every pass must see the bytes the digest covers. Relative `$ref`s resolve against
 * the file that holds them (the parser's doing: it is given the root's location), never the working directory.
 */
export class SpecFiles {
  private readonly bytes = new Map<string, Promise<Buffer>>();
  private failure?: string;

  /**
   * The root file: an absolute path, or a URL; once read, the URL it came from after any redirect, which its relative
   * `$ref`s resolve against (RFC 3986 §5.1.3): what the parser is given.
   */
  root: string;

  constructor(root: string, private readonly fetch: FetchDocument | undefined) {
    this.root = root;
  }

  /** The root file's bytes (see {@link root}). */
  async rootBytes(): Promise<Buffer> {
    if (!isUrl(this.root)) return this.read(this.root);
    const given = this.root;
    const fetched = this.fetchFrom(given);
    const { url } = await fetched;
    this.root = url;
    this.bytes.set(url, fetched.then((f) => f.bytes));
    return this.read(url);
  }

  /** The parser's options that route its reading through these files (swagger-parser's `resolve`). */
  get resolvers() {
    return {
      file: { read: ({ url }: { url: string }) => this.read(fileSystemPath(url)) },
      // Any address the user's spec names, a staging's on a private network or this machine's among them: the parser's
      // guard against those is for services that resolve specs strangers send.
      http: { read: ({ url }: { url: string }) => this.read(url), safeUrlResolver: false },
    };
  }

  /** Every file read so far, with its sha256: the root first, then the others by path. */
  async files(): Promise<SpecFile[]> {
    const read = await Promise.all([...this.bytes].map(async ([location, bytes]) => ({ location, sha256: sha256Of(await bytes) })));
    const files = read.map(({ location, sha256 }) => ({ path: this.relativePath(location), sha256, root: location === this.root }));
    return files.sort((a, b) => Number(b.root) - Number(a.root) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map(({ path, sha256 }) => ({ path, sha256 }));
  }

  /**
   * The first file the spec names that could not be read, and why, in words: the parser's own error keeps only the
   * file's name.
   */
  get unreadable(): string | undefined {
    return this.failure;
  }

  private read(location: string): Promise<Buffer> {
    let read = this.bytes.get(location);
    if (!read) {
      read = isUrl(location) ? this.fetchFrom(location).then((f) => f.bytes) : readFile(location);
      this.bytes.set(location, read);
      // Not one that failed: none of its bytes are the spec's.
      read.catch((error: NodeJS.ErrnoException) => {
        this.bytes.delete(location);
        const why = error instanceof DocumentFetchError ? error.message : error.code ?? error.message;
        this.failure ??= `${location === this.root ? 'its file' : `${this.relativePath(location)}, which a $ref names,`} cannot be read: ${why}`;
      });
    }
    return read;
  }

  private fetchFrom(url: string): ReturnType<FetchDocument> {
    if (!this.fetch) return Promise.reject(new Error(`${url} is a URL, and this spec is read from files only`));
    return this.fetch(url);
  }

  /**
   * A file the parser names (by path, percent-encoded, or URL) as the digest names it: from the root file's folder,
   * or from the root's URL.
   */
  nameOf(parserLocation: string): string {
    return this.relativePath(isUrl(parserLocation) ? parserLocation : fileSystemPath(parserLocation));
  }

  /** A file's place as the digest names it: from the root file's folder (with /), or from the root's URL. */
  private relativePath(location: string): string {
    if (location === this.root) return isUrl(location) ? safelyDecoded(new URL(location).pathname.split('/').pop() || location) : basename(location);
    if (isUrl(this.root) || isUrl(location)) {
      const base = isUrl(this.root) ? new URL('.', this.root).href : undefined;
      // As the files are named on the server's disk: `my schemas/a.yaml`, not `my%20schemas/a.yaml`.
      return base !== undefined && location.startsWith(base) ? safelyDecoded(location.slice(base.length)) : location;
    }
    return relative(dirname(this.root), location).split(sep).join('/');
  }
}

/**
 * The digest of a spec: for a spec in one file, that file's sha256 (what `sha256sum openapi.yaml` prints); for one split
 * over files, the sha256 of their list as `sha256sum` prints it (`<sha256>  <path>` a line), the root first and the
 * others by path, so that a change to any file the spec pulls in changes it.
 */
export function specDigest(files: readonly SpecFile[]): string {
  const [only] = files;
  if (files.length === 1 && only) return only.sha256;
  return sha256Of(files.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
}

function sha256Of(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The path on this machine of a file the parser names by URL: it writes paths percent-encoded (spaces, non-ASCII, and
 * `# $ & , @`), as json-schema-ref-parser's own file resolver reads them back.
 */
function fileSystemPath(url: string): string {
  const path = decodeURI(url.replace(/^file:\/\//i, ''));
  return path.replace(/%23/g, '#').replace(/%24/g, '$').replace(/%26/g, '&').replace(/%2C/g, ',').replace(/%40/g, '@');
}

/** A URL's path percent-decoded; as it is where it does not decode. */
function safelyDecoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
