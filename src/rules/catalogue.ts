/**
 * The rule catalogue: the one place where rule ids, levels and requirements are defined. Ids are public and
 * stable (reports, expected-failure lists and CI scripts refer to them); a test snapshots this table so that
 * none drifts. Each rule's checks live in `suites/<area>.suite.ts` and `suites/<area>.generated.suite.ts` (the
 * area is the id's prefix); the rules judged on every response have an audit in `src/checks/audits/<id>.ts`, and
 * the closing check every suite ends with for LIST-2 is `src/checks/closing/list-2.ts` (test/rules/where.test.ts
 * holds every rule to this). The list suite, which runs last, also probes AUTH-1 and AUTH-2 at the end of the run.
 *
 * A source "contract §N" cites section N of the contract, spec/CONTRACT.md (this project's own document, shipped
 * in the package); "contract §4.2 rule 1" is rule 1 of its section 4.2. test/docs.test.ts holds every such
 * citation to a section and rule that the document has.
 */

/** The contract the sources cite as "contract §N", relative to the package root. */
export const CONTRACT_DOCUMENT = 'spec/CONTRACT.md';

/** MUST failures make the verdict non-conformant; SHOULD failures are warnings; INFO never fails. */
export type Level = 'MUST' | 'SHOULD' | 'INFO';

/** One requirement of the contract, as the suite checks it. */
export interface Rule<Id extends string = string> {
  /** Stable public id, `AREA-n`. */
  readonly id: Id;
  readonly level: Level;
  /** One sentence: what a conformant server does. */
  readonly requirement: string;
  /** Where the requirement comes from: the contract's sections (`CONTRACT_DOCUMENT`), or the standard it relies on. */
  readonly source: string;
}

const rule = <const Id extends string>(id: Id, level: Level, requirement: string, source: string): Rule<Id> => ({ id, level, requirement, source });

/** Every rule, in the order reports list them. */
export const RULES = [
  rule('AUTH-1', 'MUST',
    'A request with no credential gets 401 with an Error body, on every operation the spec lists, pets included.',
    'contract §5, §4.1 rule 3, §4.2 rule 3'),
  rule('AUTH-2', 'MUST',
    'A request with an invalid credential gets 401 with an Error body, on every operation: a wrong key; the valid key ' +
    'altered (a character added, removed or changed, its letter case changed, truncated, written in the other base64 ' +
    'alphabet); an empty token; another scheme (Basic, Token, none) carrying the valid key; the valid key sent anywhere ' +
    'but the Authorization header (where it is a query parameter or a body field the operation does not define, a 400 ' +
    'with an Error refuses it too).',
    'contract §5'),
  rule('AUTH-3', 'MUST',
    'The valid key in the documented form `Authorization: Bearer <key>` is accepted.',
    'contract §5 rule 1'),
  rule('AUTH-4', 'MUST',
    'A request rejected with 401 has no effect: an unauthenticated or wrongly authenticated POST creates nothing.',
    'contract §5, §4.2'),
  rule('AUTH-5', 'SHOULD',
    'Authentication is decided before the body is read: an unauthenticated POST with an invalid or empty body, or a ' +
    'body of another media type, gets 401, not 400 or 415.',
    'contract §5 rules 2 and 3 (the key is judged on every request, whatever its body)'),
  rule('AUTH-6', 'SHOULD',
    'A 401 carries a `WWW-Authenticate` challenge for the Bearer scheme.',
    'RFC 6750 §3'),
  rule('AUTH-7', 'SHOULD',
    'The scheme name is matched case-insensitively: `bearer <key>` is accepted.',
    'RFC 9110 §11.1'),
  rule('LIST-1', 'MUST',
    'With a valid key, GET /categories answers 200 with a JSON array whose every item is a Category; so it does with ' +
    'any value the spec allows of a query or header parameter it declares, written in the style the spec states, and ' +
    'a value it does not allow, or a required one left out, gets 400 with an Error.',
    'contract §4.1 rule 1, §4.2 rule 2'),
  rule('LIST-2', 'MUST',
    'The list is complete and faithful: every category created during the run appears with the id and every ' +
    'NewCategory property of its 201 response; nothing is paged or truncated, also after the run has created dozens.',
    'contract §4.1 rule 2'),
  rule('CREATE-1', 'MUST',
    'A NewCategory the spec calls valid gets 201 with a Category that shows every property sent, equal to what was ' +
    'sent (integers exactly, arrays and objects in depth, a date-time as the instant it names), and a service-assigned id; valid includes each bound the spec ' +
    'states, exactly, and, where it bounds nothing, any non-empty name of up to 100 characters in any script, with ' +
    'combining marks, emoji, inner or outer spaces, quotes and other metacharacters, with or without a non-empty ' +
    'description of up to 100 characters, and a name already in use; and so it does with any value the spec allows of ' +
    'a query or header parameter the create declares. A case the contract leaves open (INFO-1 to INFO-3), or a body ' +
    'nested deep, with many properties or long numbers, may be refused with a 4xx; taken with 201, it too shows what ' +
    'was sent.',
    'contract §2, §4.2 rule 1'),
  rule('CREATE-2', 'MUST',
    'An invalid request gets 400 with an Error body and creates nothing: a body with name missing (or present only ' +
    'inside a `__proto__` member), a property of another JSON type, a value past a bound, against a pattern or outside ' +
    'an enum of the spec\'s schema, or a property it forbids; a body that is not a JSON object; malformed JSON; an empty ' +
    'body; a query or header parameter the spec declares for the create, left out where required or against its schema.',
    'contract §4.2 rule 2'),
  rule('CREATE-3', 'MUST',
    'The media type the spec names for the create\'s body (`application/json` for the bundled spec), with a ' +
    '`charset=utf-8` parameter in either spelling (`; charset=utf-8`, `;charset=UTF-8`), is accepted exactly like it ' +
    'without.',
    'contract §4.2 rule 4, RFC 8259'),
  rule('CREATE-4', 'SHOULD',
    'Properties the spec does not define are ignored, not rejected (where its NewCategory does not forbid them).',
    'contract §2 (the schema does not forbid them)'),
  rule('MODEL-1', 'MUST',
    'Every Category in every response matches the spec\'s Category schema, integers checked exactly: for the bundled ' +
    'spec, `id` present and an integer within the int64 range, `name` a string, `description` a string when present, ' +
    'never null.',
    'contract §2'),
  rule('MODEL-2', 'MUST',
    'Ids are unique: no two categories share an id, including categories created concurrently.',
    'contract §2'),
  rule('MODEL-3', 'MUST',
    'The id is the service\'s to assign: an `id` sent by the client is ignored or the request is rejected with 400; ' +
    'it never becomes the new category\'s id and never replaces an existing category.',
    'contract §2'),
  rule('ERROR-1', 'MUST',
'Every 400 and 401 response, and every other 4xx the run meets, carries an Error: a JSON object with `code` (string), ' +
    '`message` (string), `status` (integer), which a spec may add to but not take from; where the spec documents a schema ' +
    'for that status, it keeps that schema too.',
    'contract §7 ("every error response body is an Error object")'),
  rule('ERROR-2', 'MUST',
    '`Error.status` equals the response\'s HTTP status.',
    'contract §7'),
  rule('MEDIA-1', 'MUST',
    'Every response with a body is served as a JSON media type the spec documents for its operation and status ' +
    '(`application/json` for the bundled spec; a vendor `+json` type or `application/problem+json` where a spec says ' +
    'so), or, for a status it documents no JSON body for, as `application/json` or a JSON type it documents for the ' +
    'operation\'s other statuses (media types compared case-insensitively, parameters allowed); and the body is one ' +
    'complete, well-formed JSON value.',
    'contract §4, RFC 8259'),
  rule('HTTP-1', 'MUST',
    'Every response status is one the spec or the contract documents for its operation (no 5xx, no redirect, no undocumented 4xx ' +
    'outside the INFO cases), and every request gets a complete response within the deadline on a connection that ' +
    'is not reset. A 429 is waited out and retried; one that persists leaves its check unjudged, since the contract ' +
    'shows no rate limits.',
    'contract §4, §7'),
  rule('INFO-1', 'INFO',
    'Observation: how an empty name or an empty description is answered (201, or 400 with an Error).',
    'contract §8: length bounds not shown'),
  rule('INFO-2', 'INFO',
    'Observation: how names and descriptions over 100 characters (1,000, 4,000 and 65,535 UTF-8 bytes) are answered (201, or 400 or 413 with an Error).',
    'contract §8: length bounds not shown'),
  rule('INFO-3', 'INFO',
    'Observation: how names and descriptions with line ends (CR LF, CR, LF, line or paragraph separators), control ' +
    'characters, invisible format characters (soft hyphens, zero-width, bidirectional controls) or U+0000, and names ' +
    'with lone surrogates, are answered (201, or 400 with an Error).',
    'contract §2: a name and a description are strings; which characters they may hold is not stated'),
  rule('INFO-4', 'INFO',
    'Observation: how query parameters the spec does not declare are answered on the list (ignored with 200, or 400 ' +
    'with an Error), and what one it declares does to the list, which no schema states.',
    'contract §4.1 rule 2'),
  rule('INFO-5', 'INFO',
    'Observation: how a valid JSON body with a wrong or missing Content-Type is answered (201, 400 or 415).',
    'contract §4.2 rule 4: a SHOULD on the client'),
] as const satisfies readonly Rule[];

/**
 * A rule id of the catalogue: what suites, audits, faults and expectations write where they name a rule, so that a
 * misspelt id does not compile (test/rules/rule-id.test.ts holds it).
 */
export type RuleId = (typeof RULES)[number]['id'];

const BY_ID = new Map<string, Rule>(RULES.map((r) => [r.id, r]));

/** The rule with this id; throws for an unknown id, which is a bug in a suite, never a user error. */
export function ruleById(id: string): Rule {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown rule id ${id}`);
  return found;
}

/** The area of a rule id: `AUTH-2` → `AUTH`. */
export function areaOf(ruleId: string): string {
  return ruleId.replace(/-[^-]*$/, '');
}
