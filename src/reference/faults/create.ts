import { isRefusal, refuse, type Behaviour, type NewCategoryRecord } from '../behaviour.js';

/** The first complete JSON value at the start of a text, as a streaming decoder reads it; undefined if none. */
function firstJsonValue(raw: string): unknown {
  // An object, array or string ends at its closing character, the only place a prefix of it can: one parse. Trying
  // every prefix takes time quadratic in a long body's length, and made selftest's verdict on this fault hang on the
  // machine's load (a request past the deadline fails HTTP-1 too).
  const start = raw.search(/\S/);
  if ('{["'.includes(raw[start] ?? ' ')) {
    const end = closingOf(raw, start);
    try {
      return end === undefined ? undefined : JSON.parse(raw.slice(0, end)) as unknown;
    } catch {
      return undefined;
    }
  }
  // A number or a literal: its shortest prefix that parses is a few characters long.
  for (let end = 1; end <= raw.length; end++) {
    try {
      return JSON.parse(raw.slice(0, end)) as unknown;
    } catch {
      // not a complete value yet
    }
  }
  return undefined;
}

/** Where the object, array or string that starts at `start` ends (just after its closing character), if it does. */
function closingOf(raw: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
    }
    if (depth === 0 && !inString) return i + 1;
  }
  return undefined;
}
import { fault } from './fault.js';

/**
 * A storage layer that changes every text of a category on its way into the table (the name, the description): the
 * store step of a fault whose bug is in such a layer, not in one property's code.
 */
const storingTexts = (change: (text: string) => string) => (base: Behaviour): Partial<Behaviour> => ({
  store: (store, category, body) => {
    const changed = Object.fromEntries(Object.entries(category).map(([key, value]) => [key, typeof value === 'string' ? change(value) : value]));
    return base.store(store, changed as NewCategoryRecord, body);
  },
});

/** A text cut at `bytes` UTF-8 bytes, less the character the cut would split: what MySQL keeps of it in a VARCHAR of bytes. */
function cutToBytes(text: string, bytes: number): string {
  let kept = '';
  let size = 0;
  for (const c of text) {
    size += Buffer.byteLength(c);
    if (size > bytes) break;
    kept += c;
  }
  return kept;
}

/** A text decoded as a form value: `+` is a space, `%XX` the byte it escapes (a malformed escape kept as it is). */
function formDecoded(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

/**
 * A body as `raw += chunk` reads it from a stream of 16 KiB blocks: each block decoded on its own, so that a character
 * split between two comes back as U+FFFD for each part.
 */
function decodedInBlocks(raw: string, block: number): string {
  const bytes = Buffer.from(raw, 'utf8');
  let text = '';
  for (let at = 0; at < bytes.length; at += block) text += bytes.subarray(at, at + block).toString('utf8');
  return text;
}

/** What a backslash escape stands for in a MySQL string literal (read without NO_BACKSLASH_ESCAPES); any other, the character. */
const UNESCAPED: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', 0: '\u0000' };

/** Bugs in accepting valid bodies and refusing invalid ones. */
export const createFaults = [
  fault('name-trimmed', 'CREATE-1',
    'Names are trimmed before they are stored, so leading and trailing spaces are lost.',
    (base) => ({ store: (store, category, body) => base.store(store, { ...category, name: category.name.trim() }, body) })),
  fault('name-normalized', 'CREATE-1',
    'Names are NFC-normalized on the way in, so a name with combining marks comes back changed.',
    (base) => ({ store: (store, category, body) => base.store(store, { ...category, name: category.name.normalize('NFC') }, body) })),
  fault('name-astral-crash', 'CREATE-1',
    'The names column is 3-byte UTF-8 (MySQL utf8), so an emoji or other astral character fails the insert with 500.',
    (base) => ({
      store: (store, category, body) => {
        if (/[\u{10000}-\u{10FFFF}]/u.test(category.name)) throw new Error('Incorrect string value');
        return base.store(store, category, body);
      },
    }), ['HTTP-1']),
  fault('name-truncated', 'CREATE-1',
    'The names column is VARCHAR(64): longer names are cut to 64 characters.',
    (base) => ({ store: (store, category, body) => base.store(store, { ...category, name: category.name.slice(0, 64) }, body) })),
  fault('name-unique', 'CREATE-1',
    'A unique index on the name makes a second category with a name already in use fail the insert (500).',
    (base) => ({
      store: async (store, category, body) => {
        if ([...store.categories.values()].some((c) => c.name === category.name)) throw new Error('duplicate key value violates unique constraint');
        return base.store(store, category, body);
      },
    }), ['HTTP-1']),
  fault('description-dropped', 'CREATE-1',
    'The insert statement lists only the name column, so descriptions are never stored.',
    (base) => ({ store: (store, category, body) => base.store(store, { name: category.name }, body) })),
  fault('name-coerced', 'CREATE-2',
    'The model layer coerces scalars to strings, so a number or boolean name is accepted.',
    (base) => ({
      validate: (body) => {
        const b = body as Record<string, unknown> | null;
        if (b && (typeof b['name'] === 'number' || typeof b['name'] === 'boolean')) return base.validate({ ...b, name: String(b['name']) });
        return base.validate(body);
      },
    })),
  fault('name-type-unchecked', 'CREATE-2',
    'The validator checks that a name is present, not that it is a string: an array or object name is stored as sent.',
    (base) => ({
      validate: (body) => {
        const b = body as Record<string, unknown> | null;
        if (b && typeof b['name'] === 'object' && b['name'] !== null) return { name: b['name'] as unknown as string };
        return base.validate(body);
      },
    }), ['MODEL-1']),
  fault('description-null-accepted', 'CREATE-2',
    'The description column is nullable and the validator lets null through, storing it.',
    (base) => ({
      validate: (body) => {
        const b = body as Record<string, unknown> | null;
        if (b && b['description'] === null && typeof b['name'] === 'string') return { name: b['name'], description: null as unknown as string };
        return base.validate(body);
      },
    }), ['MODEL-1']),
  fault('array-body-unwrapped', 'CREATE-2',
    'A bulk-import shortcut takes the first element when the body is an array.',
    (base) => ({ validate: (body) => base.validate(Array.isArray(body) ? body[0] : body) })),
  // A server error is HTTP-1's wherever it comes (one cause, one rule): CREATE-2's checks skip over it.
  fault('malformed-json-500', 'HTTP-1',
    'The JSON parser\'s exception is not caught, so malformed JSON gets 500 instead of 400.',
    (base) => ({
      parse: (raw, contentType) => {
        if (raw.length > 0) JSON.parse(raw);
        return base.parse(raw, contentType);
      },
    })),
  fault('missing-name-defaulted', 'CREATE-2',
    'A missing name is replaced by a default ("Unnamed") instead of being refused.',
    (base) => ({
      validate: (body) => {
        const b = body as Record<string, unknown> | null;
        if (b && typeof b === 'object' && !Array.isArray(b) && b['name'] === undefined) return base.validate({ ...b, name: 'Unnamed' });
        return base.validate(body);
      },
    })),
  fault('json-first-value-only', 'CREATE-2',
    'The body is read with a streaming decoder that stops after the first JSON value, so trailing data is ignored.',
    (base) => ({
      parse: (raw, contentType) => {
        const first = firstJsonValue(raw);
        return first === undefined ? base.parse(raw, contentType) : { value: first };
      },
    })),
  fault('name-find-or-create', 'CREATE-1',
    'Create is "idempotent" by name: a name already in use gets the existing category back with 201.',
    (base) => ({
      store: async (store, category, body) => [...store.categories.values()].find((c) => c.name === category.name) ?? base.store(store, category, body),
    }), ['MODEL-2']),
  fault('lenient-json', 'CREATE-2',
    'The body parser is Python\'s json.loads with strict=False: NaN, Infinity, comments and raw control characters in strings pass.',
    (base) => ({
      parse: (raw, contentType) => {
        const result = base.parse(raw, contentType);
        if (!isRefusal(result)) return result;
        const lenient = raw
          .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
          .replace(/\b(NaN|-?Infinity)\b/g, 'null')
          .replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        try {
          return { value: JSON.parse(lenient) as unknown };
        } catch {
          return result;
        }
      },
    })),
  fault('body-copied-with-assign', 'CREATE-2',
    'The handler copies the parsed body with Object.assign({}, body) before validating it: a "__proto__" member becomes the copy\'s prototype, and the name it holds passes for the body\'s.',
    (base) => ({ validate: (body) => base.validate(typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.assign({}, body) : body) })),
  fault('case-insensitive-fields', 'CREATE-2',
    'Fields bind case-insensitively, as Go\'s encoding/json and ASP.NET do: "Name" fills name.',
    (base) => ({
      validate: (body) => {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return base.validate(body);
        const folded = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));
        return base.validate(folded);
      },
    })),
  fault('charset-refused', 'CREATE-3',
    'The Content-Type is compared to "application/json" as a whole string, so a charset parameter is refused.',
    (base) => ({
      parse: (raw, contentType) => (contentType !== undefined && contentType !== 'application/json'
        ? refuse('unsupported_media_type', `Content-Type must be application/json, not ${contentType}.`)
        : base.parse(raw, contentType)),
    })),
  fault('charset-latin1', 'CREATE-3',
    'A body whose Content-Type names a charset is decoded by that name\'s lookup table, in which "utf-8" falls back to Latin-1.',
    (base) => ({
      parse: (raw, contentType) => base.parse(/charset=/i.test(contentType ?? '') ? Buffer.from(raw, 'utf8').toString('latin1') : raw, contentType),
    })),
  fault('string-body-reparsed', 'CREATE-2',
    'A body that parses to a string is parsed again, for clients that double-encode: a JSON string holding an object creates.',
    (base) => ({
      parse: (raw, contentType) => {
        const result = base.parse(raw, contentType);
        if (isRefusal(result) || typeof result.value !== 'string') return result;
        try {
          return { value: JSON.parse(result.value) as unknown };
        } catch {
          return result;
        }
      },
    })),
  fault('envelope-unwrapped', 'CREATE-2',
    'Parameters are unwrapped from a "data" or "category" envelope, as the team\'s JSON:API and Rails services send them.',
    (base) => ({
      validate: (body) => {
        const b = body as Record<string, unknown> | null;
        const inner = b && typeof b === 'object' && b['name'] === undefined ? b['data'] ?? b['category'] : undefined;
        return base.validate(typeof inner === 'object' && inner !== null ? inner : body);
      },
    })),
  fault('name-reparsed', 'MODEL-1',
    'Fields are stored through a generic JSON column that parses what it can, so the name "42" comes back as the number 42.',
    (base) => ({
      store: (store, category, body) => {
        let name: unknown = category.name;
        try {
          name = JSON.parse(category.name) as unknown;
        } catch {
          // not JSON: stored as the text it is
        }
        return base.store(store, { ...category, name: name as string }, body);
      },
    })),
  fault('name-formula-escaped', 'CREATE-1',
    'Names that start with =, +, - or @ get a leading apostrophe, a guard against formulas in CSV exports.',
    (base) => ({ store: (store, category, body) => base.store(store, { ...category, name: category.name.replace(/^[=+\-@]/, "'$&") }, body) })),
  fault('description-trimmed', 'CREATE-1',
    'Descriptions are trimmed before they are stored (names are not: a review caught that one).',
    (base) => ({
      store: (store, category, body) => base.store(store, category.description === undefined ? category : { ...category, description: category.description.trim() }, body),
    })),
  fault('description-blank-dropped', 'CREATE-1',
    'A description that is only whitespace is taken for "no description" and not stored.',
    (base) => ({
      store: (store, category, body) => base.store(store, category.description?.trim() === '' && category.description !== '' ? { name: category.name } : category, body),
    })),
  // What the layers a text passes through on its way into a table do to it: each changes texts the suite sends on
  // every run (generators/text-hazards.ts), so that each is caught whatever the seed.
  fault('crlf-to-lf', 'CREATE-1',
    'Texts are stored through a layer that normalizes line ends for the Linux hosts (as Git\'s autocrlf does): CR LF becomes LF.',
    storingTexts((text) => text.replace(/\r\n/g, '\n'))),
  fault('texts-chomped', 'CREATE-1',
    'Texts are kept one a line in a file the store reads back line by line, chomped: a text that ends with LF comes back without it.',
    storingTexts((text) => text.replace(/\n$/, ''))),
  fault('leading-bom-stripped', 'CREATE-1',
    'Texts are decoded by a reader that drops a byte order mark where a text starts, as .NET\'s StreamReader does with a file\'s.',
    storingTexts((text) => text.replace(/^\ufeff/, ''))),
  fault('lone-cr-to-lf', 'CREATE-1',
    'A normalizer written for old Mac exports turns a CR that no LF follows into LF, leaving CR LF alone.',
    storingTexts((text) => text.replace(/\r(?!\n)/g, '\n'))),
  fault('description-cut-255-bytes', 'CREATE-1',
    'The description column is a VARCHAR(255) counted in bytes (latin1 holding UTF-8, MySQL in non-strict mode): descriptions are cut at 255 UTF-8 bytes.',
    (base) => ({
      store: (store, category, body) => base.store(store, category.description === undefined ? category : { ...category, description: cutToBytes(category.description, 255) }, body),
    })),
  fault('trailing-spaces-trimmed', 'CREATE-1',
    'Texts are kept in CHAR columns, padded with spaces, which the driver strips on the way out: trailing spaces are lost.',
    storingTexts((text) => text.replace(/ +$/, ''))),
  fault('description-spaces-collapsed', 'CREATE-1',
    'Descriptions are "cleaned" for display before they are stored: every run of spaces becomes one (names are not: a review caught that one).',
    (base) => ({
      store: (store, category, body) => base.store(store, category.description === undefined ? category : { ...category, description: category.description.replace(/ {2,}/g, ' ') }, body),
    })),
  fault('body-decoded-in-blocks', 'CREATE-1',
    'The handler reads the body with `raw += chunk` from a stream of 16 KiB blocks, each decoded on its own: a character split between two blocks is stored as two U+FFFD.',
    (base) => ({ parse: (raw, contentType) => base.parse(decodedInBlocks(raw, 16_384), contentType) })),
  fault('texts-nfkc-normalized', 'CREATE-1',
    'Texts are NFKC-normalized for search before they are stored: ligatures, superscripts, circled and fullwidth characters fold.',
    storingTexts((text) => text.normalize('NFKC'))),
  fault('texts-nfd-normalized', 'CREATE-1',
    'Texts are stored decomposed (NFD), as the macOS file system under the team\'s document store keeps names: precomposed letters come back as a letter and a mark.',
    storingTexts((text) => text.normalize('NFD'))),
  fault('zero-width-removed', 'CREATE-1',
    'A sanitizer strips zero-width characters (U+200B to U+200D, U+2060, U+FEFF) from texts, against invisible look-alikes.',
    storingTexts((text) => text.replace(/[\u200b-\u200d\u2060\ufeff]/g, ''))),
  fault('bidi-controls-removed', 'CREATE-1',
    'A Trojan Source defence strips bidirectional controls (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) from texts.',
    storingTexts((text) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ''))),
  fault('astral-as-question-marks', 'CREATE-1',
    'Texts go through a latin1 connection into utf8mb3 columns (MySQL before 8.0, non-strict): a character beyond the BMP comes back as "?".',
    storingTexts((text) => text.replace(/[\u{10000}-\u{10ffff}]/gu, '?'))),
  fault('html-stripped', 'CREATE-1',
    'An XSS filter strips HTML tags from texts on their way in (bleach with strip=True).',
    storingTexts((text) => text.replace(/<\/?[a-z][^>]*>/gi, ''))),
  fault('texts-form-decoded', 'CREATE-1',
    'A middleware written for form posts decodes every text of the body as a form value: "+" becomes a space, "%20" a space, "%25" a percent sign.',
    storingTexts(formDecoded)),
  fault('backslashes-unescaped', 'CREATE-1',
    'Texts are put into SQL string literals by hand, and MySQL reads the backslash escapes in them: "\\n" is stored as a line feed, "\\\\" as one backslash.',
    storingTexts((text) => text.replace(/\\(.)/gs, (_, c: string) => UNESCAPED[c] ?? c))),
  fault('texts-cut-at-nul', 'CREATE-1',
    'Texts pass through a C library that takes them for NUL-terminated strings: a text ends at its first U+0000.',
    storingTexts((text) => text.replace(/\u0000[\s\S]*$/, ''))),
  fault('soft-hyphens-removed', 'CREATE-1',
    'Texts pasted from word processors are cleaned of soft hyphens (U+00AD), which a search index would otherwise keep inside words.',
    storingTexts((text) => text.replace(/\u00ad/g, ''))),
  fault('description-unicode-spaces-to-ascii', 'CREATE-1',
    'Descriptions pass through a text cleaner that turns every Unicode space (no-break, ideographic, narrow no-break…) into an ASCII space (names are not: a review caught that one).',
    (base) => ({
      store: (store, category, body) => base.store(store, category.description === undefined ? category : { ...category, description: category.description.replace(/\p{Zs}/gu, ' ') }, body),
    })),
  fault('control-characters-stripped', 'CREATE-1',
    'A sanitizer strips C0 and C1 control characters and DEL from texts (line ends and tabs it keeps).',
    storingTexts((text) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, ''))),
  fault('unknown-properties-refused', 'CREATE-4',
    'The request schema sets additionalProperties: false, so any extra property gets 400.',
    (base) => ({
      validate: (body) => {
        const extra = typeof body === 'object' && body !== null && Object.keys(body).some((k) => k !== 'name' && k !== 'description');
        return extra ? refuse('unknown_property', 'Unknown properties are not allowed.') : base.validate(body);
      },
    })),
];
