import type { RuleId } from './catalogue.js';

/**
 * A question about a NewCategory text that the contract leaves open and an INFO rule observes: whether a spec's schema
 * answers it (a minLength, a maxLength, a pattern: see spec/schema-node.ts's answeredBy, whose aspects these are)
 * decides whether the suite observes it or judges it as the spec says, under CREATE-1 and CREATE-2.
 */
export interface OpenQuestion {
  readonly rule: RuleId;
  readonly property: 'name' | 'description';
  /** What about the text is open: whether it may be empty, how long it may be, which characters it may hold. */
  readonly aspect: 'empty' | 'length' | 'characters';
  /** The question in words: `an empty name`. */
  readonly question: string;
}

/** The open questions of INFO-1, INFO-2 and INFO-3, as the info suites send them. */
export const OPEN_QUESTIONS: readonly OpenQuestion[] = [
  { rule: 'INFO-1', property: 'name', aspect: 'empty', question: 'an empty name' },
  { rule: 'INFO-1', property: 'description', aspect: 'empty', question: 'an empty description' },
  { rule: 'INFO-2', property: 'name', aspect: 'length', question: 'names over 100 characters' },
  { rule: 'INFO-2', property: 'description', aspect: 'length', question: 'descriptions over 100 characters' },
  { rule: 'INFO-3', property: 'name', aspect: 'characters', question: 'names with line breaks, control or invisible format characters, U+0000 or lone surrogates' },
  { rule: 'INFO-3', property: 'description', aspect: 'characters', question: 'descriptions with line breaks, control or invisible format characters or U+0000' },
];

/** Why an INFO rule does not apply to a spec that answers every question it asks. */
export const ANSWERED_BY_THE_SPEC = 'the spec answers what it asks (its schema bounds or patterns the texts): CREATE-1 and CREATE-2 judge those cases';

/** Why CREATE-4 does not apply to a spec whose NewCategory forbids other properties. */
export const OTHER_PROPERTIES_FORBIDDEN = 'the spec\'s NewCategory forbids properties it does not define (additionalProperties: false); CREATE-2 sends one, which must get 400';

/** Why CREATE-4 does not apply to a spec whose NewCategory names its other properties so that none can be the run's own. */
export const NO_UNDEFINED_PROPERTY_NAME = 'the spec\'s NewCategory takes no property name the suite can make its own (its propertyNames or patternProperties refuse every one it tries)';
