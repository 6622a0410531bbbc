import { OPEN_QUESTIONS, type OpenQuestion } from '../rules/open-questions.js';
import { isFreeText } from '../spec/schema-node.js';
import { codePoints, MAX_NAME_LENGTH } from './names.js';
import type { Body, NewCategoryBodies } from './new-category.js';

/**
 * The catalogue of text hazards: what storage layers, parsers and sanitizers are known to do to a text on its way to a
 * table and back (normalize it, strip what looks dangerous or invisible, change its line ends, cut it at a column's
 * width in bytes, unescape it once more), sent on every run whatever the seed, in every text property the spec's
 * NewCategory has. Each one's 201 and list entry are compared exactly (CREATE-1, LIST-2). What the contract promises
 * (CREATE-1: any text of up to 100 characters) is packed into as few bodies as the spec's bounds allow (see
 * hazardPacks); what it leaves open (which characters a name may hold, how long a text may be: INFO-2, INFO-3) is sent
 * a case a body (see hazardCases), which the target may refuse but must keep as sent if it takes it.
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
 * made so that many share a text of 100 characters.
 */
export const TEXT_HAZARDS: readonly TextHazard[] = [
  // Leading and trailing runs of spaces, which a trim or a CHAR column takes.
  hazard('outer-spaces', '   ', true),
  // An inner run of spaces, which a whitespace collapser makes one.
  hazard('inner-spaces', 'a   b'),
  // A precomposed character, which NFD normalization decomposes.
  hazard('nfc', '\u00e9'),
  // A letter and a combining mark, which NFC normalization composes.
  hazard('nfd', 'e\u0301'),
  // Compatibility characters (a ligature, a superscript, a circled digit, a fullwidth letter), which NFKC folds.
  hazard('nfkc', '\ufb01\u00b2\u2460\uff24'),
  // Zero-width characters (space, non-joiner, joiner, word joiner, BOM), which sanitizers strip.
  hazard('zero-width', '\u200b\u200c\u200d\u2060\ufeff'),
  // Bidirectional controls (override, pop, marks, isolates), which Trojan Source defences strip.
  hazard('bidi', '\u202e\u202c\u200e\u200f\u2067\u2069'),
  // Characters beyond the BMP, which a 3-byte UTF-8 or latin1 column cannot hold.
  hazard('astral', '\u{1d507}\u{1f415}'),
  // HTML tags and entities, which an XSS filter strips or decodes.
  hazard('html', '<b>&amp;</b>'),
  // Quotes and a comment, which break a query built by concatenation.
  hazard('sql', "O'Brien';--"),
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
];

/**
 * Line ends and a tab: text a multi-line property holds by nature (see MULTI_LINE_PROPERTIES), where CREATE-1 promises
 * them kept, and a character a one-line text may or may not take (INFO-3's for a name).
 */
export const LINE_HAZARDS: readonly TextHazard[] = [
  // CR LF, which a normalizer makes LF.
  hazard('crlf', '\r\n'),
  // A lone CR, which universal newlines make LF.
  hazard('cr', '\r'),
  // LF, which a Windows layer makes CR LF.
  hazard('lf', '\n'),
  // U+2028, which JavaScript once took for a line end.
  hazard('line-separator', '\u2028'),
  // U+2029, a paragraph end.
  hazard('paragraph-separator', '\u2029'),
  // A tab, which a collapser makes a space.
  hazard('tab', '\t'),
];

/**
 * The properties whose texts are prose, with line ends and tabs in them: the contract's description ("a short
 * description", which a client types into a text area, whose line ends a browser sends as CR LF). A name, and any
 * other text, is one line: whether it may hold a line end is open (INFO-3 asks it of names).
 */
export const MULTI_LINE_PROPERTIES: ReadonlySet<string> = new Set(['description']);

/** Characters the contract leaves open in any text (INFO-3's for names and descriptions), a group a case. */
interface OpenCharacters {
  /** How a label names them: `control characters (U+0001, …)`. */
  readonly label: string;
  readonly hazards: readonly TextHazard[];
}

const CONTROLS: readonly TextHazard[] = [
  // C0 controls (U+0001, BEL, ESC), which a sanitizer strips or a driver refuses.
  hazard('c0-controls', '\u0001\u0007\u001b'),
  // DEL (U+007F).
  hazard('del', '\u007f'),
  // C1 controls (NEL, CSI), which a latin1 layer takes for characters.
  hazard('c1-controls', '\u0085\u009b'),
];

// U+0000, which PostgreSQL's text refuses and C strings end at.
const NUL: readonly TextHazard[] = [hazard('nul', '\u0000')];

/** The groups of characters a one-line text is sent a case of each; a multi-line one, all but its line ends. */
const OPEN_CHARACTERS: readonly OpenCharacters[] = [
  { label: 'line ends (CR LF, a lone CR, LF, U+2028, U+2029) and a tab', hazards: LINE_HAZARDS },
  { label: 'control characters (U+0001, U+0007, U+001B, DEL, U+0085, U+009B)', hazards: CONTROLS },
  { label: 'U+0000', hazards: NUL },
];

/**
 * Lengths in UTF-8 bytes at which columns are commonly cut: VARCHAR(255) of bytes, and one past it; an index's key
 * prefix (1,000 bytes); Oracle's VARCHAR2(4000) and SQL Server's; MySQL's TEXT (65,535 bytes).
 */
export const BYTE_LENGTHS: readonly number[] = [255, 256, 1000, 4000, 65_535];

// The lengths written out, not through toLocaleString: its first call sets up ICU's number formats, which takes the
// worker's time between two requests.
const shownBytes = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** Characters of 1, 2, 3 and 4 UTF-8 bytes (10 in all), so that bytes, UTF-16 units and code points all count apart. */
const MIXED_WIDTHS = 'a\u00e9\u72ac\u{1f415}';
/** The last character of a long text: 3 bytes, so that a cut a byte or two short of its end splits it. */
const LAST = '\u72ac';

/**
 * A text of exactly `bytes` UTF-8 bytes of characters 1 to 4 bytes wide, ending in a 3-byte one: over 100 characters in
 * every count from 255 bytes on (128 UTF-16 units, 103 code points), so that it is a length the contract leaves open.
 */
export function textOfBytes(bytes: number): string {
  const body = bytes - Buffer.byteLength(LAST);
  const whole = Math.floor(body / Buffer.byteLength(MIXED_WIDTHS));
  return MIXED_WIDTHS.repeat(whole) + 'a'.repeat(body - whole * Buffer.byteLength(MIXED_WIDTHS)) + LAST;
}

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

/** The hazards CREATE-1 promises a property keeps where the spec does not say otherwise. */
function promisedIn(property: string): readonly TextHazard[] {
  return MULTI_LINE_PROPERTIES.has(property) ? [...TEXT_HAZARDS, ...LINE_HAZARDS] : TEXT_HAZARDS;
}

/** Texts of one property made of hazards: each text and the hazards it carries. */
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

/**
 * The hazards of every text property as packed texts: the ones the spec allows in as few texts as it takes them (each
 * within its bounds and pattern, as its validator says; within CREATE-1's 100 UTF-16 units where it states no length),
 * `valid`, by property; and, by property, one text of every hazard it forbids, `forbidden` (an invalid body, CREATE-2's).
 * Packed in the catalogue's order, each hazard into the first text it fits, so that the texts are the same on every
 * run. A text shorter than the spec's minLength is padded with x.
 */
export function hazardPacks(bodies: NewCategoryBodies): { readonly valid: ReadonlyMap<string, readonly HazardText[]>; readonly forbidden: readonly HazardText[] } {
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
    const takes = (pack: Pack) => {
      const text = padded(pack);
      return (lengthDecided || text.length <= MAX_NAME_LENGTH) && bodies.problems(bodies.valid(bodies.longestMarker, { [property]: text })).length === 0;
    };
    const packs: Pack[] = [];
    const refused: TextHazard[] = [];
    for (const h of promisedIn(property)) {
      const into = (pack: Pack): Pack => (h.edges ? { ...pack, edge: h.text } : { ...pack, parts: [...pack.parts, h.text] });
      const index = packs.findIndex((pack) => (!h.edges || pack.edge === '') && takes(into(pack)));
      const alone = into({ edge: '', parts: [], hazards: [] });
      if (index >= 0) packs[index] = { ...into(packs[index] as Pack), hazards: [...(packs[index] as Pack).hazards, h] };
      else if (takes(alone)) packs.push({ ...alone, hazards: [h] });
      else refused.push(h);
    }
    valid.set(property, packs.map((pack) => ({ property, text: padded(pack), hazards: pack.hazards.map((h) => hazardId(property, h)) })));
    if (refused.length > 0) {
      forbidden.push({ property, text: refused.map((h) => h.text).join(' '), hazards: refused.map((h) => hazardId(property, h)) });
    }
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
 * A text whose every character the contract leaves open, sent as a case of its own (the info suite's): a group of
 * open characters, or a length in bytes. Observed by the INFO rule of its question where one asks it; kept as sent or
 * refused where the spec leaves it open, valid or invalid as the spec says where it decides it.
 */
export interface HazardCase extends HazardText {
  /** `a name with U+0000`, `a description of 255 UTF-8 bytes`. */
  readonly label: string;
  readonly aspect: 'characters' | 'length';
  /** The INFO rule's question it answers, where one asks it of this property. */
  readonly question?: OpenQuestion;
}

/** How labels name a property's text: `a name`, `a description`, `a notes text`. */
const aText = (property: string) => (property === 'name' || property === 'description' ? `a ${property}` : `a ${property} text`);

/** A short text with the characters among words, as a client's would hold them. */
const among = (hazards: readonly TextHazard[]) => `Dog${hazards.map((h) => `${h.text}x`).join('')}cat`;

/**
 * The open cases of every text property: the groups of characters it is not promised to hold (line ends and a tab in
 * a one-line text; control characters; U+0000), each in a short text, and a text of each of BYTE_LENGTHS.
 */
export function hazardCases(bodies: NewCategoryBodies): HazardCase[] {
  if (!bodies.canMakeValid) return [];
  return textProperties(bodies).flatMap((property): HazardCase[] => {
    const question = (aspect: HazardCase['aspect']) => OPEN_QUESTIONS.find((q) => q.property === property && q.aspect === aspect);
    const asked = (aspect: HazardCase['aspect']) => {
      const q = question(aspect);
      return q ? { question: q } : {};
    };
    const characters = OPEN_CHARACTERS.filter((group) => !group.hazards.some((h) => MULTI_LINE_PROPERTIES.has(property) && LINE_HAZARDS.includes(h)));
    return [
      ...characters.map((group) => ({
        property, aspect: 'characters' as const, label: `${aText(property)} with ${group.label}`, text: among(group.hazards),
        hazards: group.hazards.map((h) => hazardId(property, h)), ...asked('characters'),
      })),
      ...BYTE_LENGTHS.map((bytes) => ({
        property, aspect: 'length' as const, label: `${aText(property)} of ${shownBytes(bytes)} UTF-8 bytes`, text: textOfBytes(bytes),
        hazards: [hazardId(property, `bytes-${bytes}`)], ...asked('length'),
      })),
    ];
  });
}
