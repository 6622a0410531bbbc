import { isFreeText } from '../spec/schema-node.js';
import { codePoints, MAX_NAME_LENGTH } from './names.js';
import type { Body, NewCategoryBodies } from './new-category.js';

/**
 * The catalogue of text hazards: what storage layers, parsers and sanitizers are known to do to a text on its way to a
 * table and back (normalize it, strip what looks dangerous or invisible, change its line ends, cut it at a column's
 * width in bytes, unescape it once more), sent on every run whatever the seed, in every text property the spec's
 * NewCategory has. Each one's 201 and list entry are compared exactly (CREATE-1, LIST-2). What CREATE-1 promises (any
 * text of up to 100 characters in any script, with spaces and metacharacters) is packed into as few bodies as the
 * spec's bounds allow (see hazardPacks); what the contract leaves open (line ends, control and invisible characters,
 * texts over 100 characters: INFO-2, INFO-3) is sent a group a body (see hazardCases), which the target may refuse but
 * must keep as sent if it takes it.
 */

/** A hazard: a piece of text that some storage layer changes (what changes it: the comment beside each). */
export interface TextHazard {
  /** Stable id, as report.json lists what a run sent: `crlf`, `nfd`. */
  readonly id: string;
  /** The text that carries it; an edges hazard's goes before a text and again after it. */
  readonly text: string;
  /** Set where the hazard is where a text starts and ends (spaces a trim takes). */
  readonly edges?: true;
}

const hazard = (id: string, text: string, edges?: true): TextHazard => ({ id, text, ...(edges ? { edges } : {}) });

/**
 * What CREATE-1 promises a conformant server keeps in any text the spec bounds in no way, each as short as it can be
 * made so that many share a text of 100 characters. The outer spaces go last: they wrap a text the others made.
 */
export const TEXT_HAZARDS: readonly TextHazard[] = [
  // An inner run of spaces, which a whitespace collapser makes one.
  hazard('inner-spaces', 'a   b'),
  // A no-break, an ideographic and a narrow no-break space, which a text cleaner makes ASCII spaces.
  hazard('unicode-spaces', 'a\u00a0b\u3000c\u202fd'),
  // A precomposed character, which NFD normalization decomposes.
  hazard('nfc', '\u00e9'),
  // A letter and a combining mark, which NFC normalization composes.
  hazard('nfd', 'e\u0301'),
  // Compatibility characters (a ligature, a superscript, a circled digit, a fullwidth letter), which NFKC folds.
  hazard('nfkc', '\ufb01\u00b2\u2460\uff24'),
  // The zero-width non-joiner and joiner that Persian words and emoji sequences are written with, which sanitizers
  // of invisible characters strip.
  hazard('joiners', 'a\u200cb\u200dc'),
  // Characters beyond the BMP, which a 3-byte UTF-8 or latin1 column cannot hold.
  hazard('astral', '\u{1d507}\u{1f415}'),
  // HTML tags and entities, which an XSS filter strips or decodes.
  hazard('html', '<b>&amp;</b></script>'),
  // Quotes, a statement, a tautology and comments, which break a query built by concatenation.
  hazard('sql', "O'Brien';--"),
  hazard('sql-statement', "'; DROP TABLE categories; --"),
  hazard('sql-tautology', '" OR "1"="1'),
  // JSON text, which a generic column parses.
  hazard('json', '{"a":[1]}'),
  // Shell metacharacters, which break a command built by concatenation.
  hazard('shell', '$(id)`id`|&>'),
  // URL metacharacters, which break a link built by concatenation.
  hazard('url', '?a=1&b#c/'),
  // A plus sign, which form decoding turns into a space.
  hazard('plus', 'a+b'),
  // Percent escapes and a lone percent sign, which URL decoding turns into other characters or refuses.
  hazard('percent', '%20%25%0A%00%'),
  // Format directives, which a printf-style logger or formatter expands.
  hazard('format', '%s%d'),
  // Backslashes and escape sequences, which a second unescaping turns into other characters.
  hazard('backslash', 'C:\\x\\n\\u0041\\'),
  // Template placeholders, which a template engine expands.
  hazard('template', '{{x}}${x}'),
  // Leading and trailing runs of spaces, which a trim or a CHAR column takes.
  hazard('outer-spaces', '   ', true),
];

/**
 * Lengths in UTF-8 bytes at which columns are commonly cut, each sent in a text of exactly 100 UTF-16 units (what
 * CREATE-1 promises): VARCHAR(255) of bytes, filled and one past it.
 */
export const PROMISED_BYTE_LENGTHS: readonly number[] = [255, 256];

/**
 * Longer ones, past CREATE-1's 100 characters (INFO-2's): an index's key prefix (1,000 bytes), Oracle's VARCHAR2(4000)
 * and SQL Server's, MySQL's TEXT (65,535 bytes).
 */
export const OPEN_BYTE_LENGTHS: readonly number[] = [1000, 4000, 65_535];

/** Characters the contract leaves open in any text (INFO-3's), a group a case. */
interface OpenCharacters {
  /** How a label names them: `control characters (U+0001, …)`. */
  readonly label: string;
  readonly hazards: readonly TextHazard[];
}

/** The groups of characters sent a case of each: a server may refuse one group and keep the next. */
const OPEN_CHARACTERS: readonly OpenCharacters[] = [
  {
    label: 'line ends (CR LF, a lone CR, LF, U+2028, U+2029; an LF at either end) and a tab',
    hazards: [
      // CR LF, which a normalizer makes LF; a browser's text area sends it so.
      hazard('crlf', '\r\n'),
      // A lone CR, which universal newlines make LF.
      hazard('cr', '\r'),
      // LF, which a Windows layer makes CR LF.
      hazard('lf', '\n'),
      // U+2028 and U+2029, which JavaScript once took for line ends.
      hazard('line-separator', '\u2028'),
      hazard('paragraph-separator', '\u2029'),
      // A tab, which a collapser makes a space.
      hazard('tab', '\t'),
      // An LF where the text starts and ends, which a line reader's chomp drops from its end.
      hazard('edge-lf', '\n', true),
    ],
  },
  {
    label: 'control characters (U+0001, U+0007, U+001B, DEL, U+0085, U+009B)',
    hazards: [
      // C0 controls (U+0001, BEL, ESC), which a sanitizer strips or a driver refuses.
      hazard('c0-controls', '\u0001\u0007\u001b'),
      // DEL (U+007F).
      hazard('del', '\u007f'),
      // C1 controls (NEL, CSI), which a latin1 layer takes for characters.
      hazard('c1-controls', '\u0085\u009b'),
    ],
  },
  // U+0000, which PostgreSQL's text refuses and C strings end at.
  { label: 'U+0000', hazards: [hazard('nul', '\u0000')] },
  {
    label: 'invisible format characters (U+00AD, U+200B, U+2060, U+FEFF, one at either end, bidirectional controls)',
    hazards: [
      // A soft hyphen, which a cleanup of text pasted from word processors strips.
      hazard('soft-hyphen', '\u00ad'),
      // A zero-width space, a word joiner and a BOM, which sanitizers of invisible look-alikes strip.
      hazard('zero-width', '\u200b\u2060\ufeff'),
      // A byte order mark where the text starts and ends, which a decoder drops from its start.
      hazard('edge-bom', '\ufeff', true),
      // Bidirectional marks, embeddings, overrides and isolates, which Trojan Source defences strip.
      hazard('bidi', '\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069'),
    ],
  },
];

// The lengths written out, not through toLocaleString: its first call sets up ICU's number formats, which takes the
// worker's time between two requests.
const shownBytes = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A text of exactly `bytes` UTF-8 bytes and `units` UTF-16 units, of characters 1 to 4 bytes wide (ASCII letters, one
 * astral character, at most one of 2 bytes, then 3-byte CJK to its end), so that bytes, UTF-16 units and code points
 * all count apart, and a cut a byte or two short of its end splits a character. `units` is between a third of the
 * bytes and the bytes less 2 (at least 3 bytes a unit, at most 1, one astral character of 4 in 2).
 */
export function textOfBytes(bytes: number, units: number): string {
  const wide = bytes - units - 2;
  const cjk = Math.floor(wide / 2);
  const two = wide % 2;
  return 'a'.repeat(units - 2 - cjk - two) + '\u{1f415}' + '\u00e9'.repeat(two) + '\u72ac'.repeat(cjk);
}

/** The units of a long text (OPEN_BYTE_LENGTHS): 2 bytes a unit on average. */
const longUnits = (bytes: number) => Math.ceil(bytes / 2);

/** How a hazard is named in the report: `description:crlf`. */
export const hazardId = (property: string, hazard: TextHazard | string): string => `${property}:${typeof hazard === 'string' ? hazard : hazard.id}`;

/**
 * The NewCategory's text properties the catalogue goes into: those a client sends and a Category shows (a write-only
 * one is never shown, so nothing can be compared), of type string, whose values are texts of any kind (not an enum,
 * not a format that is a grammar of its own, such as a date or a URI).
 */
export function textProperties(bodies: NewCategoryBodies): string[] {
  return bodies.echoed.filter((property) => {
    const node = bodies.node.object.properties[property];
    return node !== undefined && node.types.has('string') && isFreeText(node);
  });
}

/** A text of one property made of hazards, and the hazards it carries. */
export interface HazardText {
  readonly property: string;
  readonly text: string;
  /** The ids of the hazards it carries (see hazardId). */
  readonly hazards: readonly string[];
}

/** A text in the making: an edges hazard's text around its parts, which are joined by a space. */
interface Pack {
  readonly edge: string;
  readonly parts: readonly string[];
  readonly hazards: readonly TextHazard[];
}

const textOf = (pack: Pack, padding = '') => pack.edge + [...pack.parts, ...(padding ? [padding] : [])].join(' ') + pack.edge;

/** The texts of a property's hazards, the spec allows (`valid`) and forbids (`forbidden`). */
export interface HazardPacks {
  readonly valid: ReadonlyMap<string, readonly HazardText[]>;
  readonly forbidden: readonly HazardText[];
}

/**
 * The promised hazards of every text property as texts: TEXT_HAZARDS packed into as few texts as the spec takes them
 * (each within its bounds and pattern, as its validator says; within CREATE-1's 100 UTF-16 units where it states no
 * length), then a text of each of PROMISED_BYTE_LENGTHS, `valid`, by property; and, by property, a text of the hazards
 * it forbids and each byte length it forbids, `forbidden` (invalid bodies, CREATE-2's). Packed in the catalogue's
 * order, each hazard into the first text it fits, so that the texts are the same on every run. A packed text shorter
 * than the spec's minLength is padded with x.
 */
export function hazardPacks(bodies: NewCategoryBodies): HazardPacks {
  const valid = new Map<string, HazardText[]>();
  const forbidden: HazardText[] = [];
  if (!bodies.canMakeValid) return { valid, forbidden };
  for (const property of textProperties(bodies)) {
    const node = bodies.node.object.properties[property];
    const minLength = node?.string.minLength ?? 0;
    const padded = (pack: Pack) => {
      const short = minLength - codePoints(textOf(pack));
      return textOf(pack, short > 0 ? 'x'.repeat(short) : '');
    };
    const lengthDecided = bodies.decides(property, 'length');
    const takesText = (text: string) => (lengthDecided || text.length <= MAX_NAME_LENGTH)
      && bodies.problems(bodies.valid(bodies.longestMarker, { [property]: text })).length === 0;
    const packs: Pack[] = [];
    const refused: TextHazard[] = [];
    for (const h of TEXT_HAZARDS) {
      const into = (pack: Pack): Pack => (h.edges ? { ...pack, edge: h.text } : { ...pack, parts: [...pack.parts, h.text] });
      const index = packs.findIndex((pack) => (!h.edges || pack.edge === '') && takesText(padded(into(pack))));
      // Outer spaces alone would make a blank text, which is INFO-1's: they wrap a letter.
      const alone = into({ edge: '', parts: h.edges ? ['x'] : [], hazards: [] });
      if (index >= 0) packs[index] = { ...into(packs[index] as Pack), hazards: [...(packs[index] as Pack).hazards, h] };
      else if (takesText(padded(alone))) packs.push({ ...alone, hazards: [h] });
      else refused.push(h);
    }
    const texts = packs.map((pack) => ({ property, text: padded(pack), hazards: pack.hazards.map((h) => hazardId(property, h)) }));
    if (refused.length > 0) {
      forbidden.push({ property, text: refused.map((h) => h.text).join(' '), hazards: refused.map((h) => hazardId(property, h)) });
    }
    for (const bytes of PROMISED_BYTE_LENGTHS) {
      const long = { property, text: textOfBytes(bytes, MAX_NAME_LENGTH), hazards: [hazardId(property, `bytes-${bytes}`)] };
      (takesText(long.text) ? texts : forbidden).push(long);
    }
    valid.set(property, texts);
  }
  return { valid, forbidden };
}

/**
 * The bodies the valid hazard texts go in: the first text of every property in one, the second in the next, and so
 * on, each over a plain valid body (with the marker, where no hazard text takes its place).
 */
export function hazardBodies(packs: ReadonlyMap<string, readonly HazardText[]>): { readonly set: Body; readonly hazards: readonly string[] }[] {
  const most = Math.max(0, ...[...packs.values()].map((texts) => texts.length));
  return Array.from({ length: most }, (_, i) => {
    const texts = [...packs.values()].flatMap((t) => (t[i] ? [t[i]] : []));
    return { set: Object.fromEntries(texts.map((t) => [t.property, t.text])), hazards: texts.flatMap((t) => t.hazards) };
  });
}

/**
 * A text of hazards the contract leaves open, sent as a case of its own (the info suite's): a group of open characters,
 * or a length in bytes. Observed by the INFO rule that asks about its aspect of its property (rules/open-questions.ts);
 * kept as sent or refused where the spec leaves it open, valid or invalid as the spec says where it decides it.
 */
export interface HazardCase extends HazardText {
  /** `a name with U+0000`, `a description of 1,000 UTF-8 bytes`. */
  readonly label: string;
  readonly aspect: 'characters' | 'length';
}

/** How labels name a property's text: `a name`, `a description`, `a notes text`. */
const aText = (property: string) => (property === 'name' || property === 'description' ? `a ${property}` : `a ${property} text`);

/**
 * A short text with the characters among words, as a client's would hold them, and an edges hazard's where the text
 * starts and again where it ends.
 */
const among = (hazards: readonly TextHazard[]) => {
  const edge = hazards.filter((h) => h.edges).map((h) => h.text).join('');
  return `${edge}Dog${hazards.filter((h) => !h.edges).map((h) => `${h.text}x`).join('')}cat${edge}`;
};

/**
 * The open cases of every text property: each group of characters CREATE-1 does not promise (OPEN_CHARACTERS) in a
 * short text, and a text of each of OPEN_BYTE_LENGTHS.
 */
export function hazardCases(bodies: NewCategoryBodies): HazardCase[] {
  if (!bodies.canMakeValid) return [];
  return textProperties(bodies).flatMap((property): HazardCase[] => [
    ...OPEN_CHARACTERS.map((group) => ({
      property, aspect: 'characters' as const, label: `${aText(property)} with ${group.label}`, text: among(group.hazards),
      hazards: group.hazards.map((h) => hazardId(property, h)),
    })),
    ...OPEN_BYTE_LENGTHS.map((bytes) => ({
      property, aspect: 'length' as const, label: `${aText(property)} of ${shownBytes(bytes)} UTF-8 bytes`, text: textOfBytes(bytes, longUnits(bytes)),
      hazards: [hazardId(property, `bytes-${bytes}`)],
    })),
  ]);
}
