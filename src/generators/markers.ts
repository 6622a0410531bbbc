/**
 * Markers: texts unique in a run, put in what the run sends, so that what a target created from a request is found in
 * its list (a refused request must have created nothing) and operators can find the run's categories. A spec may bound
 * or pattern the property a marker goes in: the suite then takes the most readable form of marker that the property
 * takes (see NewCategoryBodies).
 */

/** Which run, which suite (its place in the run's order), which request: what a marker is unique by. */
export interface MarkerParts {
  /** The run's id: eight hex digits. */
  readonly run: string;
  readonly suite: string;
  readonly suiteIndex: number;
  /** What the request is for: `invalid`, `auth`… (the readable forms only). */
  readonly label: string;
  /** The suite's count of markers, from 1. */
  readonly n: number;
}

/** One way of writing markers. Within a suite no marker begins another: each ends in a counter of fixed width. */
export interface MarkerFormat {
  /** For messages and reports: `readable`, `letters`… */
  readonly name: string;
  marker(parts: MarkerParts): string;
  /** What every marker of a suite starts with (a list is searched for it first). */
  prefix(parts: Omit<MarkerParts, 'label' | 'n'>): string;
}

/** The most markers a suite makes: far more than a run sends (certify's generated checks send a few thousand). */
export const MOST_MARKERS = 999_999;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A count in five letters (base 26: up to 11,881,375, more than MOST_MARKERS), for the tiniest forms. */
const letteredCount = (n: number) => n.toString(26).padStart(5, '0').replace(/[0-9a-p]/g, (c) => String.fromCharCode(97 + Number.parseInt(c, 26)));
/** Digits as letters (0 → a … 9 → j), hex digits too (a → k … f → p): for properties that take letters only. */
const lettered = (text: string) => text.replace(/[0-9a-f]/g, (c) => String.fromCharCode(97 + Number.parseInt(c, 16)));
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The readable form first, then shorter ones, then ones of letters or digits only: the order they are tried in. */
export const MARKER_FORMATS: readonly MarkerFormat[] = [
  {
    name: 'readable',
    marker: (p) => `conformance-${p.run}-${p.suite}-${p.label}-${pad(p.n, 6)}`,
    prefix: (p) => `conformance-${p.run}-${p.suite}`,
  },
  { name: 'short', marker: (p) => `pc-${p.run}-${pad(p.suiteIndex, 2)}${pad(p.n, 6)}`, prefix: (p) => `pc-${p.run}-${pad(p.suiteIndex, 2)}` },
  { name: 'alphanumeric', marker: (p) => `pc${p.run}${pad(p.suiteIndex, 2)}${pad(p.n, 6)}`, prefix: (p) => `pc${p.run}${pad(p.suiteIndex, 2)}` },
  ...[(t: string) => t, capitalized, (t: string) => t.toUpperCase()].flatMap((cased, i) => [
    {
      name: ['letters', 'capitalized letters', 'capital letters'][i] as string,
      marker: (p: MarkerParts) => cased(`pc${lettered(`${p.run}${pad(p.suiteIndex, 2)}${pad(p.n, 6)}`)}`),
      prefix: (p: Omit<MarkerParts, 'label' | 'n'>) => cased(`pc${lettered(`${p.run}${pad(p.suiteIndex, 2)}`)}`),
    },
    {
      name: ['short letters', 'short capitalized letters', 'short capital letters'][i] as string,
      marker: (p: MarkerParts) => cased(`pc${lettered(`${p.run.slice(0, 4)}${pad(p.suiteIndex, 1)}${pad(p.n, 6)}`)}`),
      prefix: (p: Omit<MarkerParts, 'label' | 'n'>) => cased(`pc${lettered(`${p.run.slice(0, 4)}${pad(p.suiteIndex, 1)}`)}`),
    },
    // Twelve letters: four of the run's id (one run in 65,536 shares them), the suite's, a count of five.
    {
      name: ['tiny letters', 'tiny capitalized letters', 'tiny capital letters'][i] as string,
      marker: (p: MarkerParts) => cased(`pc${lettered(`${p.run.slice(0, 4)}${pad(p.suiteIndex, 1)}`)}${letteredCount(p.n)}`),
      prefix: (p: Omit<MarkerParts, 'label' | 'n'>) => cased(`pc${lettered(`${p.run.slice(0, 4)}${pad(p.suiteIndex, 1)}`)}`),
    },
  ]),
  {
    name: 'digits',
    marker: (p) => `${Number.parseInt(p.run, 16)}${pad(p.suiteIndex, 2)}${pad(p.n, 6)}`,
    prefix: (p) => `${Number.parseInt(p.run, 16)}${pad(p.suiteIndex, 2)}`,
  },
];

/**
 * The markers a format makes at its extremes, for a property to be tried with: the shortest and the longest run id,
 * label and count a run has.
 */
export function extremeMarkers(format: MarkerFormat): string[] {
  return [
    format.marker({ run: '00000000', suite: 'list', suiteIndex: 0, label: 'auth', n: 1 }),
    format.marker({ run: 'ffffffff', suite: 'create.generated', suiteIndex: 9, label: 'lowercase-scheme', n: MOST_MARKERS }),
  ];
}
