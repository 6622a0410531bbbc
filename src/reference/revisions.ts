import type { OpenAPIV3 } from 'openapi-types';
import { exactInteger } from '../json/exact-integer.js';
import { parseJson } from '../json/parse.js';
import type { IncomingMessage } from 'node:http';
import { conformant, isRefusal, refuse, type Behaviour, type NewCategoryRecord, type Refusal, type Route, type Store } from './behaviour.js';
import { byId } from './by-id.js';
import { fault, type Fault } from './faults/fault.js';

/**
 * A revision of the contract's spec that an API goes through (a bound on a name, a new property, a new parameter, a
 * new base path), with a reference that keeps it and faults that break what it revised: selftest runs the suite with
 * the revised spec against each, so that the suite is shown to follow the spec it is given. Each server is written by
 * hand (never from the spec's schemas), as a team would write theirs.
 */
export interface Revision {
  readonly id: string;
  /** What changes, as a team would say it. */
  readonly story: string;
  /** Revises the bundled spec, as written (its `$ref`s unresolved), in place. */
  readonly revise: (doc: OpenAPIV3.Document) => void;
  /** How a server that keeps the revised spec differs from the reference. */
  readonly patch: (base: Behaviour) => Partial<Behaviour>;
  /** Where it serves the operations' paths, when not at `/v1`. */
  readonly basePath?: string;
  /** Servers that keep all of the revised spec but one revised part. */
  readonly faults: readonly Fault[];
  /** How the revised spec is written: in one file (the default), or split over files (see split-spec.ts). */
  readonly layout?: 'split';
  /**
   * The options the suite runs with against it and its faults, where they are not the defaults: a revision that
   * only a team that asks for it is held to (formats, with --assert-formats).
   */
  readonly settings?: { readonly assertFormats?: boolean };
}

type Schema = OpenAPIV3.SchemaObject;

/** A schema of the spec's components, to revise. */
const component = (doc: OpenAPIV3.Document, name: string) => (doc.components?.schemas ?? {})[name] as Schema;
/** A property of a component's schema, to revise. */
const property = (doc: OpenAPIV3.Document, schema: string, name: string) => (component(doc, schema).properties ?? {})[name] as Schema;
const categories = (doc: OpenAPIV3.Document) => doc.paths['/categories'] as OpenAPIV3.PathItemObject;

/** A validation added to a behaviour's: the base's refusal first, then this step's. */
const validating = (base: Behaviour, check: (category: NewCategoryRecord, body: Record<string, unknown>) => NewCategoryRecord | ReturnType<typeof refuse>) =>
  (body: unknown) => {
    const category = base.validate(body);
    return isRefusal(category) ? category : check(category, body as Record<string, unknown>);
  };

const codePoints = (text: string) => [...text].length;

/** Names of 2 to 50 characters, counted as JSON Schema counts them (code points), or as `count` says. */
const boundedName = (min: number, max: number, count: (text: string) => number = codePoints) => (category: NewCategoryRecord) => {
  const length = count(category.name);
  return length < min || length > max ? refuse('invalid_name', `Names have ${min} to ${max} characters.`) : category;
};

const NAME_PATTERN = /^[A-Za-z0-9 ]+$/;

/** No property but name and description; a name of 1 to 60 characters without control characters; a description of at most 200. */
function closedAndBounded(category: NewCategoryRecord, body: Record<string, unknown>) {
  if (Object.keys(body).some((k) => k !== 'name' && k !== 'description')) return refuse('unknown_property', 'Only name and description are taken.');
  if (codePoints(category.name) < 1 || codePoints(category.name) > 60 || /[\u0000-\u001f\u007f]/.test(category.name)) return refuse('invalid_name', 'Names have 1 to 60 printable characters.');
  if (category.description !== undefined && codePoints(category.description) > 200) return refuse('invalid_description', 'Descriptions have at most 200 characters.');
  return category;
}

/** A description that may be null: stored and shown as null. */
const nullableDescription = (base: Behaviour) => (body: unknown) => {
  const b = body as Record<string, unknown> | null;
  if (b && typeof b === 'object' && !Array.isArray(b) && b['description'] === null) {
    const { description: _none, ...rest } = b;
    const category = base.validate(rest);
    // Kept as sent: the record's description is a text or absent, but for a revision that lets it be null.
    return isRefusal(category) ? category : { ...category, description: null } as unknown as NewCategoryRecord;
  }
  return base.validate(body);
};

/** The body with an integer `priority` read exactly from its text (beyond 2^53 too), as a bigint. */
function exactPriority(raw: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || typeof (value as Record<string, unknown>)['priority'] !== 'number') return value;
  const document = parseJson(raw);
  const exact = exactInteger(document.numberSource(document.value as object, 'priority') ?? String((value as Record<string, unknown>)['priority']));
  return exact.kind === 'integer' ? { ...value, priority: exact.value } : value;
}

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** A priority (an int64) and tags (at most 5 distinct texts of at most 20 characters), each optional. */
function priorityAndTags(category: NewCategoryRecord, body: Record<string, unknown>, { tagsBounded = true } = {}) {
  const { priority, tags } = body;
  const kept: Record<string, unknown> = { ...category };
  if (priority === undefined) kept['priority'] = 0n;
  else {
    const integer = typeof priority === 'bigint' ? priority : typeof priority === 'number' && Number.isInteger(priority) ? BigInt(priority) : undefined;
    if (integer === undefined || integer < INT64.min || integer > INT64.max) return refuse('invalid_priority', 'The priority is a 64-bit integer.');
    kept['priority'] = integer;
  }
  if (tags !== undefined) {
    const texts = Array.isArray(tags) && tags.every((t) => typeof t === 'string' && codePoints(t) <= 20) ? tags as string[] : undefined;
    if (!texts || new Set(texts).size !== texts.length || (tagsBounded && texts.length > 5)) return refuse('invalid_tags', 'Tags are at most 5 distinct texts of at most 20 characters.');
    kept['tags'] = texts;
  }
  return kept as NewCategoryRecord;
}

/** A webhookSecret of 8 to 64 characters and a weight above `least` (0) and at most 1000.5, each optional, kept. */
function secretAndWeight(category: NewCategoryRecord, body: Record<string, unknown>, least: number) {
  const { webhookSecret: secret, weight } = body;
  if (secret !== undefined && (typeof secret !== 'string' || codePoints(secret) < 8 || codePoints(secret) > 64)) return refuse('invalid_secret', 'The webhookSecret has 8 to 64 characters.');
  const weighs = typeof weight === 'number' && (least === 0 ? weight > 0 : weight >= least) && weight <= 1000.5;
  if (weight !== undefined && !weighs) return refuse('invalid_weight', 'The weight is above 0 and at most 1000.5.');
  return { ...category, ...(secret !== undefined ? { webhookSecret: secret } : {}), ...(weight !== undefined ? { weight } : {}) } as NewCategoryRecord;
}

/** The children a NewCategory may have: at most 5. */
const MOST_CHILDREN = 5;

/**
 * The children of a create's body, each a NewCategory of its own with children of its own, read to any depth but
 * `deepest` (the spec sets none); a refusal for any that is not one. Undefined where the body has none.
 */
function childrenOf(value: unknown, deepest = Infinity, depth = 1): NewCategoryRecord[] | ReturnType<typeof refuse> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MOST_CHILDREN) return refuse('invalid_children', `Children are a list of at most ${MOST_CHILDREN} categories.`);
  if (value.length > 0 && depth > deepest) return refuse('too_deep', 'Categories nest one level deep.');
  const children: NewCategoryRecord[] = [];
  for (const child of value) {
    const category = conformant.validate(child);
    if (isRefusal(category)) return category;
    const own = childrenOf((child as Record<string, unknown>)['children'], deepest, depth + 1);
    if (own !== undefined && !Array.isArray(own)) return own;
    children.push(own === undefined ? category : { ...category, children: own });
  }
  return children;
}

/** Categories with children read to `deepest` (see childrenOf). */
const withChildren = (base: Behaviour, deepest = Infinity) => validating(base, (category, body) => {
  const children = childrenOf(body['children'], deepest);
  return children === undefined || Array.isArray(children) ? { ...category, ...(children ? { children } : {}) } : children;
});

/** Each child (and theirs) with an id of its own, from the store's sequence: a child is a category too. */
function withChildIds(store: Store, children: unknown): unknown {
  if (!Array.isArray(children)) return children;
  return children.map((child: unknown) => (typeof child === 'object' && child !== null && !Array.isArray(child)
    ? { id: store.nextId++, ...child, ...('children' in child ? { children: withChildIds(store, child.children) } : {}) } : child));
}

/** Each child (and theirs) without a description. */
function withoutDescriptions(children: unknown): unknown {
  return Array.isArray(children) ? children.map(({ description: _dropped, children: own, ...rest }: Record<string, unknown>) => ({ ...rest, ...(own === undefined ? {} : { children: withoutDescriptions(own) }) })) : children;
}

/** A homepage is an absolute URI, as a server that checks the format reads it. */
const homepageChecked = (category: NewCategoryRecord, body: Record<string, unknown>) => {
  const { homepage } = body;
  if (homepage === undefined) return category;
  return typeof homepage === 'string' && URL.canParse(homepage) ? { ...category, homepage } : refuse('invalid_homepage', 'The homepage is an absolute URI.');
};

/** The limit of the list: a whole number from 1 to 100, or absent. */
const LIMIT = /^(?:[1-9]\d?|100)$/;

/** The vendor media type of the revisions that name one for the create's body. */
const VENDOR_TYPE = 'application/vnd.petstore.v1+json';

/** The media type of a Content-Type or Accept entry, in lower case, without its parameters. */
const mediaTypeOf = (value: string | undefined) => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A body parser that reads these media types, whatever their parameters, and refuses any other with 415 (Spring's `consumes`). */
const consuming = (base: Behaviour, types: readonly string[]): Behaviour['parse'] => (raw, contentType) =>
  (types.includes(mediaTypeOf(contentType)) ? base.parse(raw, contentType) : refuse('unsupported_media_type', `Send ${types.join(' or ')}.`, 415));

/** Whether an Accept header takes this media type, by name or by a range (`application/*`, `*\/*`); no Accept takes any. */
function acceptable(accept: string | undefined, type: string): boolean {
  if (accept === undefined) return true;
  return accept.split(',').map(mediaTypeOf).some((range) => range === type || range === '*/*' || range === `${type.split('/')[0]}/*`);
}

/** The bodies of 2xx responses served as this Content-Type, errors as the base serves them. */
const servingAs = (base: Behaviour, contentType: string): Behaviour['send'] => (response, status, body, headers = {}) =>
  base.send(response, status, body, status < 300 ? { ...headers, 'content-type': contentType } : headers);

/** An RFC 9457 problem: the Error of a spec whose errors are application/problem+json. */
const problem: Behaviour['errorBody'] = (status, code, message) => ({ type: `https://petstore.example.com/problems/${code}`, title: message, status, detail: message, code, message });

/** Every response of 400 and above served as application/problem+json. */
const servingProblems = (base: Behaviour): Behaviour['send'] => (response, status, body, headers = {}) =>
  base.send(response, status, body, status >= 400 ? { ...headers, 'content-type': 'application/problem+json' } : headers);

/** A content map of the bundled spec's (its one `application/json` entry) under other media types instead. */
function retyped(content: Record<string, OpenAPIV3.MediaTypeObject> | undefined, types: readonly string[]): Record<string, OpenAPIV3.MediaTypeObject> {
  const entry = content?.['application/json'] as OpenAPIV3.MediaTypeObject;
  return Object.fromEntries(types.map((type) => [type, structuredClone(entry)]));
}

/** A refusal the list makes of its query, else the base's. */
const listQuery = (base: Behaviour, refusal: (query: URLSearchParams) => Refusal | undefined): Behaviour['queryRefusal'] =>
  (route, query) => (route === 'listCategories' ? refusal(query) : undefined) ?? base.queryRefusal(route, query);

/** The list's tags (`?tag=dog&tag=cat`): at most `most`, each of 1 to 10 characters. */
function tagsRefusal(query: URLSearchParams, most = 3): Refusal | undefined {
  const tags = query.getAll('tag');
  const fine = tags.length <= most && tags.every((tag) => codePoints(tag) >= 1 && codePoints(tag) <= 10);
  return fine ? undefined : refuse('invalid_tag', 'Give at most 3 tags, each of 1 to 10 characters.');
}

/** How a list-styles server reads its parameters, where a fault reads one otherwise than the spec writes it. */
interface StyleReading {
  /** `?ids=1,2`, as form unexploded; a fault reads it as form exploded (`?ids=1&ids=2`). */
  readonly idsExploded?: boolean;
  /** `?sizes=small|large`, at the pipe; a fault splits it elsewhere. */
  readonly sizesAt?: string;
  /** `?filter[name]=x`; a fault's parser does not know brackets, and ignores those keys. */
  readonly filterIgnored?: boolean;
  /** `X-Fields: id, name`, a list; a fault reads the header as one value. */
  readonly fieldsWhole?: boolean;
}

const SIZES = ['small', 'medium', 'large'];
const FIELDS = ['id', 'name', 'description'];
const WHOLE = /^[1-9]\d*$/;
const WORD = /^[a-z]{1,12}$/;

/** Whether texts are distinct, each one of these values. */
const distinctOf = (values: readonly string[], texts: readonly string[]) => texts.every((t) => values.includes(t)) && new Set(texts).size === texts.length;

/**
 * The list-styles list's query, each parameter read as its style writes it: ids, up to 5 whole numbers from 1 (form,
 * `?ids=1,2`); sizes, each once (pipeDelimited, `?sizes=small|large`); words, up to 3 of a to z (spaceDelimited,
 * `?words=dog%20cat`); filter[name] of up to 20 characters and filter[minId] a whole number from 1, nothing else
 * (deepObject). A parameter given twice is refused.
 */
function stylesRefusal(query: URLSearchParams, reading: StyleReading = {}): Refusal | undefined {
  const items = (name: string, delimiter: string) => {
    const all = query.getAll(name);
    return all.length <= 1 ? (all[0]?.split(delimiter) ?? []) : undefined;
  };
  const ids = reading.idsExploded ? query.getAll('ids') : items('ids', ',');
  const sizes = items('sizes', reading.sizesAt ?? '|');
  const words = items('words', ' ');
  const filter = [...query].flatMap(([key, value]) => {
    const property = /^filter\[(.*)\]$/.exec(key)?.[1];
    return property === undefined || reading.filterIgnored ? [] : [[property, value] as const];
  });
  const fine = ids !== undefined && ids.length <= 5 && ids.every((id) => WHOLE.test(id))
    && sizes !== undefined && distinctOf(SIZES, sizes)
    && words !== undefined && words.length <= 3 && words.every((word) => WORD.test(word))
    && filter.every(([key, value]) => (key === 'name' ? codePoints(value) <= 20 : key === 'minId' && WHOLE.test(value)));
  return fine ? undefined : refuse('invalid_parameter', 'ids: up to 5 whole numbers from 1; sizes: small, medium, large, each once; words: up to 3 of a to z; filter[name] of up to 20 characters, filter[minId] from 1.');
}

/** The list's X-Fields header: a list (`id, name`) of the Category's fields, each once. */
function fieldsRefusal(route: Route, request: IncomingMessage, reading: StyleReading = {}): Refusal | undefined {
  const header = request.headers['x-fields'];
  if (route !== 'listCategories' || typeof header !== 'string') return undefined;
  const fields = reading.fieldsWhole ? [header] : header.split(',').map((f) => f.trim()).filter((f) => f !== '');
  return distinctOf(FIELDS, fields) ? undefined : refuse('invalid_fields', 'X-Fields lists id, name and description, each once.');
}

/** The list-styles reference's steps, reading as `reading` says. */
const styled = (base: Behaviour, reading: StyleReading = {}): Partial<Behaviour> => ({
  queryRefusal: listQuery(base, (query) => stylesRefusal(query, reading)),
  precheck: (route, request, raw) => fieldsRefusal(route, request, reading) ?? base.precheck(route, request, raw),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SOURCES = ['web', 'app', 'import'];

/**
 * A create's X-Request-Id (a uuid; a fault takes a create without one, another any text) and its source in the query
 * (web, app or import; a fault takes any).
 */
function requestIdRefusal(route: Route, request: IncomingMessage, { idOptional = false, idAnyText = false, sourceChecked = true } = {}): Refusal | undefined {
  if (route !== 'createCategory') return undefined;
  const id = request.headers['x-request-id'];
  const fineId = id === undefined ? idOptional : typeof id === 'string' && (idAnyText || UUID.test(id));
  if (!fineId) return refuse('invalid_request_id', 'Send an X-Request-Id that is a uuid.');
  const sources = new URL(request.url ?? '/', 'http://reference').searchParams.getAll('source');
  const fine = !sourceChecked || (sources.length <= 1 && sources.every((source) => SOURCES.includes(source)));
  return fine ? undefined : refuse('invalid_source', 'The source is web, app or import.');
}

/** The request-id-header reference's steps. */
const identified = (base: Behaviour, options: Parameters<typeof requestIdRefusal>[2] = {}): Partial<Behaviour> => ({
  precheck: (route, request, raw) => requestIdRefusal(route, request, options) ?? base.precheck(route, request, raw),
});

/** The list, revised: these parameters, and a 400 documented for it. */
function listTakes(doc: OpenAPIV3.Document, parameters: OpenAPIV3.ParameterObject[]): void {
  const list = categories(doc).get as OpenAPIV3.OperationObject;
  list.parameters = parameters;
  list.responses = { ...list.responses, '400': { $ref: '#/components/responses/BadRequest' } };
}

const revision = (id: string, story: string, revise: Revision['revise'], patch: Revision['patch'], faults: readonly Fault[] = [], basePath?: string,
  layout?: Revision['layout']): Revision => ({ id, story, revise, patch, faults, ...(basePath !== undefined ? { basePath } : {}), ...(layout ? { layout } : {}) });

/** A presented category with its availableFrom written back in the form `write` makes of its ISO text (UTC, milliseconds). */
function withTimestamp(shown: Record<string, unknown>, write: (iso: string) => string): Record<string, unknown> {
  const from = shown['availableFrom'];
  return typeof from === 'string' ? { ...shown, availableFrom: write(new Date(from).toISOString()) } : shown;
}

/** Names of at most 40 characters (code points). */
const nameUpTo40 = (category: NewCategoryRecord) => (codePoints(category.name) > 40 ? refuse('invalid_name', 'Names have at most 40 characters.') : category);

export const REVISIONS: readonly Revision[] = [
  revision('name-bounded', 'Names get bounds: 2 to 50 characters (minLength 2, maxLength 50).',
    (doc) => Object.assign(property(doc, 'NewCategory', 'name'), { minLength: 2, maxLength: 50 }),
    (base) => ({ validate: validating(base, boundedName(2, 50)) }),
    [
      fault('name-bounded/too-long-taken', 'CREATE-2', 'The new maxLength was not added to the validator: a name of 51 characters is stored.',
        () => ({ validate: validating(conformant, boundedName(2, Infinity)) }), ['MODEL-1']),
      fault('name-bounded/too-short-taken', 'CREATE-2', 'The new minLength was not added to the validator: a name of one character is stored.',
        () => ({ validate: validating(conformant, boundedName(1, 50)) }), ['MODEL-1']),
      fault('name-bounded/utf16-counted', 'CREATE-1', 'The validator counts the name\'s length as JavaScript\'s .length does, in UTF-16 units: 50 characters beyond the BMP count as 100, and one counts as 2.',
        () => ({ validate: validating(conformant, boundedName(2, 50, (text) => text.length)) }), ['CREATE-2', 'MODEL-1']),
      fault('name-bounded/graphemes-counted', 'CREATE-2', 'The validator counts grapheme clusters: a name of 51 characters in combining sequences counts as 26, and is stored.',
        // Past 1,000 code units a name is refused before it is segmented, whose cost grows faster than its length
        // (4 s for the text hazards' 65,535 bytes, which blocked the server past the run's deadline).
        () => ({ validate: validating(conformant, boundedName(2, 50, (text) => (text.length > 1000 ? text.length : [...new Intl.Segmenter().segment(text)].length))) }), ['CREATE-1', 'MODEL-1']),
      fault('name-bounded/cut-to-40', 'CREATE-1', 'The names column was narrowed to VARCHAR(40): names of 41 to 50 characters are cut.',
        (base) => ({ store: (store, category, body) => base.store(store, { ...category, name: [...category.name].slice(0, 40).join('') }, body) })),
    ]),
  revision('name-pattern', 'Names take letters, digits and spaces only (pattern ^[A-Za-z0-9 ]+$).',
    (doc) => Object.assign(property(doc, 'NewCategory', 'name'), { pattern: '^[A-Za-z0-9 ]+$' }),
    (base) => ({ validate: validating(base, (c) => (NAME_PATTERN.test(c.name) ? c : refuse('invalid_name', 'Names take letters, digits and spaces.'))) }),
    [
      fault('name-pattern/unchecked', 'CREATE-2', 'The pattern is documented but not enforced: any name is stored.', () => ({ validate: conformant.validate }), ['MODEL-1']),
      fault('name-pattern/letters-only', 'CREATE-1', 'The validator takes letters and spaces only: names with digits are refused.',
        (base) => ({ validate: validating(base, (c) => (/\d/.test(c.name) ? refuse('invalid_name', 'Names take letters and spaces.') : c)) })),
    ]),
  revision('closed-and-bounded', 'NewCategory takes no property it does not define (additionalProperties: false); a name has 1 to 60 characters and no control character (a pattern); a description at most 200, empty allowed (minLength 0).',
    (doc) => {
      Object.assign(property(doc, 'NewCategory', 'name'), { minLength: 1, maxLength: 60, pattern: '^[^\\u0000-\\u001f\\u007f]+$' });
      Object.assign(property(doc, 'NewCategory', 'description'), { minLength: 0, maxLength: 200 });
      // A Category of its own: under allOf, NewCategory's additionalProperties: false would forbid the id too.
      const schemas = doc.components?.schemas ?? {};
      schemas['Category'] = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', format: 'int64' }, ...structuredClone(component(doc, 'NewCategory').properties) } };
      Object.assign(component(doc, 'NewCategory'), { additionalProperties: false });
    },
    (base) => ({ validate: validating(base, closedAndBounded) }),
    [
      fault('closed-and-bounded/extra-ignored', 'CREATE-2', 'Properties the spec does not define are ignored, as before the revision, instead of refused.',
        () => ({ validate: validating(conformant, (c, body) => closedAndBounded(c, { name: body['name'], description: body['description'] })) })),
      fault('closed-and-bounded/empty-description-refused', 'CREATE-1', 'An empty description is refused: the validator says minLength 1 where the spec says 0.',
        (base) => ({ validate: validating(base, (c) => (c.description === '' ? refuse('invalid_description', 'The description is empty.') : c)) })),
    ]),
  revision('description-nullable', 'A description may be null (nullable: true): the client clears it so.',
    (doc) => Object.assign(property(doc, 'NewCategory', 'description'), { nullable: true }),
    (base) => ({ validate: nullableDescription(base) }),
    [fault('description-nullable/null-refused', 'CREATE-1', 'The validator was not updated: a null description is refused with 400.', () => ({ validate: conformant.validate }))]),
  revision('description-required', 'A description is required (required: [name, description]).',
    (doc) => Object.assign(component(doc, 'NewCategory'), { required: ['name', 'description'] }),
    (base) => ({ validate: validating(base, (c) => (c.description === undefined ? refuse('description_required', 'The description is required.') : c)) }),
    [fault('description-required/defaulted', 'CREATE-2', 'A missing description is stored as "" instead of being refused.',
      (base) => ({ validate: (body) => base.validate(typeof body === 'object' && body !== null && !('description' in body) ? { ...body, description: '' } : body) }))]),
  revision('properties-added', 'NewCategory and Category gain an optional priority (int64, 0 when not sent: its default) and optional tags (at most 5 distinct texts of at most 20 characters).',
    (doc) => {
      const schema = component(doc, 'NewCategory');
      schema.properties = {
        ...schema.properties,
        priority: { type: 'integer', format: 'int64', default: 0, description: 'Where the category sorts; any 64-bit integer.' },
        tags: { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 5, uniqueItems: true },
      };
    },
    (base) => ({
      parse: (raw, contentType) => {
        const parsed = base.parse(raw, contentType);
        return isRefusal(parsed) ? parsed : { value: exactPriority(raw, parsed.value) };
      },
      validate: validating(base, (c, body) => priorityAndTags(c, body)),
    }),
    [
      fault('properties-added/priority-dropped', 'CREATE-1', 'The model was updated, the insert was not: priority is never stored.',
        (base) => ({ validate: validating(base, ({ priority: _dropped, ...rest }) => rest as NewCategoryRecord) })),
      fault('properties-added/priority-default-one', 'CREATE-1', 'The database column defaults to 1, not the spec\'s 0: a category created without a priority shows 1.',
        (base) => ({ validate: validating(base, (c, body) => (body['priority'] === undefined ? { ...c, priority: 1n } as NewCategoryRecord : c)) })),
      fault('properties-added/priority-as-string', 'MODEL-1', 'Priorities are serialized as strings to protect JavaScript clients from 64-bit integers.',
        (base) => ({ present: (category) => ({ ...base.present(category), ...(category['priority'] === undefined ? {} : { priority: String(category['priority']) }) }) })),
      fault('properties-added/priority-as-double', 'CREATE-1', 'The body is read with a parser that makes every number a double: 2^63 − 1 is refused as too large, priorities beyond 2^53 come back rounded, and 2^63 passes for 2^63 − 1.',
        () => ({ parse: conformant.parse }), ['CREATE-2']),
      fault('properties-added/priority-not-listed', 'LIST-2', 'The list\'s serializer was not updated: list items come without priority.',
        (base) => ({ listing: (items, query) => base.listing(items.map(({ priority: _omitted, ...rest }) => rest), query) })),
      fault('properties-added/tags-sorted', 'CREATE-1', 'Tags are stored in a sorted set: they come back in another order.',
        (base) => ({ store: (store, category, body) => base.store(store, Array.isArray(category['tags']) ? { ...category, tags: [...category['tags'] as string[]].sort() } : category, body) })),
      fault('properties-added/tags-unbounded', 'CREATE-2', 'The validator checks the tags\' texts but not how many there are: a sixth tag is stored.',
        (base) => ({ validate: validating(conformant, (c, body) => priorityAndTags(c, body, { tagsBounded: false })), parse: base.parse }), ['MODEL-1']),
    ]),
  revision('error-trace-id', 'Every Error carries a traceId (a new required field of Error).',
    (doc) => {
      const schema = component(doc, 'Error');
      schema.required = [...(schema.required ?? []), 'traceId'];
      schema.properties = { ...schema.properties, traceId: { type: 'string', description: 'Identifies the request in the service\'s logs.' } };
    },
    (base) => {
      const errorBody: Behaviour['errorBody'] = (status, code, message) => ({ ...(base.errorBody(status, code, message) as object), traceId: `trace-${status}-${code}` });
      // The pets lookup's 404 too: every Error.
      return { errorBody, pet: (petId) => ({ status: 404, body: errorBody(404, 'not_found', `No pet ${petId}.`) }) };
    },
    [fault('error-trace-id/missing-on-401', 'ERROR-1', 'The authentication middleware writes its own Errors, without the traceId.',
      (base) => ({ errorBody: (status, code, message) => (status === 401 ? conformant.errorBody(status, code, message) : base.errorBody(status, code, message)) }))]),
  revision('secret-and-stamp', 'NewCategory gains a write-only webhookSecret (8 to 64 characters, never shown back) and a weight (a number above 0, at most 1000.5); Category a read-only createdAt.',
    (doc) => {
      const schema = component(doc, 'NewCategory');
      schema.properties = {
        ...schema.properties,
        webhookSecret: { type: 'string', writeOnly: true, minLength: 8, maxLength: 64 },
        weight: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1000.5 },
      };
      const own = component(doc, 'Category').allOf?.[1] as Schema;
      own.properties = { ...own.properties, createdAt: { type: 'string', format: 'date-time', readOnly: true } };
      own.required = [...(own.required ?? []), 'createdAt'];
    },
    (base) => ({
      validate: validating(base, (c, body) => secretAndWeight(c, body, 0)),
      store: (store, category, body) => base.store(store, { ...category, createdAt: new Date().toISOString() }, body),
      present: (category) => {
        const { webhookSecret: _never, ...shown } = base.present(category);
        return shown;
      },
    }),
    [
      fault('secret-and-stamp/stamp-cut-in-list', 'LIST-2', 'The list is served from a search index that keeps timestamps to the second: createdAt comes without its milliseconds there.',
        (base) => ({ listing: (items, query) => base.listing(items.map((item) => ({ ...item, createdAt: String(item['createdAt']).replace(/\.\d+Z$/, 'Z') })), query) })),
      fault('secret-and-stamp/weight-from-1', 'CREATE-1', 'The validator reads "above 0" as "at least 1": a weight below 1 is refused.',
        (base) => ({ validate: validating(base, (c, body) => secretAndWeight(c, body, 1)) })),
    ]),
  revision('auth-error', 'A 401 answers an AuthError: the Error with RFC 6750\'s error and error_description beside its code, message and status; other errors keep the Error.',
    (doc) => {
      const schemas = doc.components?.schemas ?? {};
      schemas['AuthError'] = {
        allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', required: ['error', 'error_description'], properties: { error: { type: 'string' }, error_description: { type: 'string' } } }],
      };
      const unauthorized = doc.components?.responses?.['Unauthorized'] as OpenAPIV3.ResponseObject;
      unauthorized.content = { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } };
    },
    (base) => ({
      errorBody: (status, code, message) => ({ ...(base.errorBody(status, code, message) as object), ...(status === 401 ? { error: 'invalid_token', error_description: message } : {}) }),
    }),
    [fault('auth-error/old-error-on-401', 'ERROR-1', 'The authentication middleware still answers the old Error, without error and error_description.',
      () => ({ errorBody: conformant.errorBody }))]),
  revision('idempotency-key', 'A create needs an Idempotency-Key header (1 to 64 characters), without which it is refused with 400.',
    (doc) => {
      const create = categories(doc).post as OpenAPIV3.OperationObject;
      create.parameters = [{ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 } }];
    },
    (base) => ({
      precheck: (route, request, raw) => {
        const key = request.headers['idempotency-key'];
        const fine = route !== 'createCategory' || (typeof key === 'string' && key.length >= 1 && key.length <= 64);
        return fine ? base.precheck(route, request, raw) : refuse('idempotency_key_required', 'Send an Idempotency-Key of 1 to 64 characters.');
      },
    })),
  revision('list-limit', 'The list takes an optional limit (an integer from 1 to 100), and refuses any other with 400.',
    (doc) => listTakes(doc, [{ name: 'limit', in: 'query', required: false, description: 'The most categories to answer.', schema: { type: 'integer', minimum: 1, maximum: 100 } }]),
    (base) => ({
      queryRefusal: (route, query) => (route === 'listCategories' && query.has('limit') && !LIMIT.test(query.get('limit') ?? '')
        ? refuse('invalid_limit', 'The limit is a whole number from 1 to 100.') : base.queryRefusal(route, query)),
      listing: (items, query) => base.listing(query.has('limit') ? items.slice(0, Number(query.get('limit'))) : items, query),
    }),
    [
      fault('list-limit/unchecked', 'LIST-1', 'The limit is parsed with parseInt and never checked: any value is taken, and what is not a number answers everything.',
        () => ({
          queryRefusal: conformant.queryRefusal,
          listing: (items, query) => {
            const limit = Number.parseInt(query.get('limit') ?? '', 10);
            return conformant.listing(Number.isNaN(limit) ? items : items.slice(0, Math.max(0, limit)), query);
          },
        })),
      fault('list-limit/off-by-one', 'LIST-1', 'The validator checks limit < 100 instead of limit <= 100: the largest limit is refused.',
        (base) => ({ queryRefusal: (route, query) => (query.get('limit') === '100' ? refuse('invalid_limit', 'The limit is below 100.') : base.queryRefusal(route, query)) })),
    ]),
  revision('list-tags', 'The list takes tags, repeated in the query as OpenAPI writes an array by default (?tag=dog&tag=cat: style form, exploded): at most 3, each of 1 to 10 characters; any other is refused with 400.',
    (doc) => listTakes(doc, [{ name: 'tag', in: 'query', schema: { type: 'array', maxItems: 3, items: { type: 'string', minLength: 1, maxLength: 10 } } }]),
    (base) => ({ queryRefusal: listQuery(base, (query) => tagsRefusal(query)) }),
    [
      // LIST-1's: a list asked with values the spec allows is answered with 500 instead of 200; HTTP-1's too, in its own
      // right (a status the spec does not document).
      fault('list-tags/repeated-500', 'LIST-1', 'The query parser makes a repeated name an array, and the filter calls a text method on it: a list asked for two tags or more fails with 500.',
        (base) => ({ queryRefusal: (route, query) => (route === 'listCategories' && query.getAll('tag').length > 1 ? refuse('internal_error', 'tag.trim is not a function', 500) : base.queryRefusal(route, query)) }),
        ['HTTP-1']),
      fault('list-tags/max-items-unchecked', 'LIST-1', 'The tags\' lengths are checked, not how many there are: four tags are taken.',
        () => ({ queryRefusal: listQuery(conformant, (query) => tagsRefusal(query, Infinity)) })),
    ]),
  revision('list-styles', 'The list takes parameters in each style OpenAPI defines for a query: ids (form, not exploded: ?ids=1,2; up to 5 whole numbers from 1), sizes (pipeDelimited: ?sizes=small|large, each once), words (spaceDelimited: up to 3 of a to z), filter (deepObject: ?filter[name]=x&filter[minId]=2, nothing else), and an X-Fields header (a list of id, name, description, each once).',
    (doc) => listTakes(doc, [
      { name: 'ids', in: 'query', style: 'form', explode: false, schema: { type: 'array', maxItems: 5, items: { type: 'integer', minimum: 1 } } },
      { name: 'sizes', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', uniqueItems: true, items: { type: 'string', enum: SIZES } } },
      { name: 'words', in: 'query', style: 'spaceDelimited', explode: false, schema: { type: 'array', maxItems: 3, items: { type: 'string', pattern: '^[a-z]+$', maxLength: 12 } } },
      {
        name: 'filter', in: 'query', style: 'deepObject', explode: true,
        schema: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 20 }, minId: { type: 'integer', minimum: 1 } } },
      },
      { name: 'X-Fields', in: 'header', schema: { type: 'array', uniqueItems: true, items: { type: 'string', enum: FIELDS } } },
    ]),
    (base) => styled(base),
    [
      fault('list-styles/ids-exploded', 'LIST-1', 'The ids are read as the framework\'s default (form, exploded: ?ids=1&ids=2): ?ids=1,2 is one id, "1,2", not a number, and is refused.',
        () => styled(conformant, { idsExploded: true })),
      fault('list-styles/sizes-at-commas', 'LIST-1', 'The sizes are split at commas, as the other lists are: ?sizes=small|large is one size, not one of the three, and is refused.',
        () => styled(conformant, { sizesAt: ',' })),
      fault('list-styles/filter-ignored', 'LIST-1', 'The query parser does not know brackets: filter[name] and filter[minId] are unknown names, ignored, so a filter past its bounds is taken.',
        () => styled(conformant, { filterIgnored: true })),
      fault('list-styles/fields-whole', 'LIST-1', 'X-Fields is read as one value: "id,name" is no field, and is refused.',
        () => styled(conformant, { fieldsWhole: true })),
    ]),
  // The service checks the uuid's format: a team whose servers check formats runs with --assert-formats, which makes a
  // malformed request id an invalid value. Without it, the suite sends request ids that are uuids only (see the
  // Express interop test, which runs without it).
  { ...revision('request-id-header', 'A create requires an X-Request-Id header, a uuid (format: uuid, which the service checks), and takes an optional source in the query (web, app or import); a create without one, with a malformed one or with another source is refused with 400.',
    (doc) => {
      const create = categories(doc).post as OpenAPIV3.OperationObject;
      create.parameters = [
        { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'source', in: 'query', schema: { type: 'string', enum: SOURCES } },
      ];
    },
    (base) => identified(base),
    [
      fault('request-id-header/missing-taken', 'CREATE-2', 'The request id is only logged: a create without one is taken.',
        () => identified(conformant, { idOptional: true })),
      fault('request-id-header/source-unchecked', 'CREATE-2', 'The source is logged as it comes, never checked: a create from any source is taken.',
        () => identified(conformant, { sourceChecked: false })),
      fault('request-id-header/malformed-taken', 'CREATE-2', 'The request id must be there, but its format is documented and not checked: any text is taken.',
        () => identified(conformant, { idAnyText: true })),
    ]),
  settings: { assertFormats: true } },
  revision('openapi-3.1', 'The spec moves to OpenAPI 3.1, and a description may be null, written as type: [string, "null"].',
    (doc) => {
      (doc as { openapi: string }).openapi = '3.1.0';
      Object.assign(property(doc, 'NewCategory', 'description'), { type: ['string', 'null'] });
    },
    (base) => ({ validate: nullableDescription(base) }),
    [fault('openapi-3.1/null-refused', 'CREATE-1', 'The server reads the 3.1 type array as "string": a null description is refused with 400.', () => ({ validate: conformant.validate }))]),
  revision('one-schema', 'One Category schema for requests and responses: its id is required and readOnly, so the client never sends it.',
    (doc) => {
      const create = categories(doc).post as OpenAPIV3.OperationObject;
      const content = (create.requestBody as OpenAPIV3.RequestBodyObject).content['application/json'] as OpenAPIV3.MediaTypeObject;
      content.schema = { $ref: '#/components/schemas/Category' };
      const schemas = doc.components?.schemas ?? {};
      schemas['Category'] = {
        type: 'object', required: ['id', 'name'],
        properties: { id: { type: 'integer', format: 'int64', readOnly: true }, ...component(doc, 'NewCategory').properties },
      };
      delete schemas['NewCategory'];
    },
    () => ({}),
    [fault('one-schema/id-demanded', 'CREATE-1', 'The request validator was generated from the schema without readOnly: a body without an id is refused.',
      (base) => ({ validate: (body) => (typeof body === 'object' && body !== null && !('id' in body) ? refuse('id_required', 'The id is required.') : base.validate(body)) }))]),
  revision('child-categories', 'A category has child categories: NewCategory gains optional children (at most 5 NewCategories, each with children of its own), and Category children that are Categories, each with an id the service assigns.',
    (doc) => {
      const schema = component(doc, 'NewCategory');
      schema.properties = { ...schema.properties, children: { type: 'array', maxItems: MOST_CHILDREN, items: { $ref: '#/components/schemas/NewCategory' } } };
      const own = component(doc, 'Category').allOf?.[1] as Schema;
      own.properties = { ...own.properties, children: { type: 'array', maxItems: MOST_CHILDREN, items: { $ref: '#/components/schemas/Category' } } };
    },
    (base) => ({
      validate: withChildren(base),
      store: (store, category, body) => base.store(store, 'children' in category ? { ...category, children: withChildIds(store, category['children']) } : category, body),
    }),
    [
      fault('child-categories/child-descriptions-dropped', 'CREATE-1', 'The children\'s table has no description column: children are stored without their descriptions.',
        (base) => ({ store: (store, category, body) => base.store(store, 'children' in category ? { ...category, children: withoutDescriptions(category['children']) } : category, body) })),
      fault('child-categories/one-level', 'CREATE-1', 'The service was written for one level of children: a child with children of its own is refused with 400.',
        (base) => ({ validate: withChildren(base, 1) })),
      fault('child-categories/children-unchecked', 'CREATE-2', 'The validator checks the top level only: children are stored as sent, a child without a name among them.',
        () => ({ validate: validating(conformant, (category, body) => (body['children'] === undefined ? category : { ...category, children: body['children'] })) }),
        ['MODEL-1']),
    ]),
  { ...revision('homepage-uri', 'NewCategory gains an optional homepage (format: uri), which the service checks: a team whose servers check formats runs with --assert-formats.',
    (doc) => {
      const schema = component(doc, 'NewCategory');
      schema.properties = { ...schema.properties, homepage: { type: 'string', format: 'uri' } };
    },
    (base) => ({ validate: validating(base, homepageChecked) }),
    [fault('homepage-uri/unchecked', 'CREATE-2', 'The format is documented but not checked: any text is stored as the homepage.',
      () => ({ validate: validating(conformant, (category, body) => (typeof body['homepage'] === 'string' ? { ...category, homepage: body['homepage'] } : homepageChecked(category, body))) }),
      ['MODEL-1'])]),
  settings: { assertFormats: true } },
  revision('base-path', 'The operations move under /api/v1 with new operationIds (getCategories, addCategory); the servers name the host only.',
    (doc) => {
      const item = categories(doc);
      (item.get as OpenAPIV3.OperationObject).operationId = 'getCategories';
      (item.post as OpenAPIV3.OperationObject).operationId = 'addCategory';
      doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([path, value]) => [`/api/v1${path}`, value]));
      doc.servers = (doc.servers ?? []).map((s) => ({ ...s, url: s.url.replace(/\/v1$/, '') }));
    },
    (base) => ({ route: (method, path) => (path.startsWith('/api/v1/') ? base.route(method, path.slice('/api/v1'.length)) : undefined) }),
    [], ''),
  revision('vendor-media-type', `The create takes and answers, and the list answers, the vendor type ${VENDOR_TYPE} (errors stay application/json); ` +
    'the server reads no other body type (415) and answers 406 to a request whose Accept does not take the vendor type.',
    (doc) => {
      const create = categories(doc).post as OpenAPIV3.OperationObject;
      const body = create.requestBody as OpenAPIV3.RequestBodyObject;
      body.content = retyped(body.content, [VENDOR_TYPE]);
      for (const response of [create.responses['201'], (categories(doc).get as OpenAPIV3.OperationObject).responses['200']] as OpenAPIV3.ResponseObject[]) {
        response.content = retyped(response.content, [VENDOR_TYPE]);
      }
    },
    (base) => ({
      precheck: (route, request, raw) => (route !== 'getPet' && !acceptable(request.headers.accept, VENDOR_TYPE)
        ? refuse('not_acceptable', `Accept ${VENDOR_TYPE}.`, 406) : base.precheck(route, request, raw)),
      parse: consuming(base, [VENDOR_TYPE]),
      send: servingAs(base, `${VENDOR_TYPE}; charset=utf-8`),
    }),
    [
      fault('vendor-media-type/json-parser-only', 'CREATE-1', 'The body parser is express.json() with its default type, application/json: a body sent as ' +
        'the vendor type is never read, and the create is refused for want of a name.',
        () => ({ parse: (raw, contentType) => (mediaTypeOf(contentType) === 'application/json' ? conformant.parse(raw, contentType) : { value: {} }) })),
      fault('vendor-media-type/served-as-json', 'MEDIA-1', 'The serializer was not told of the vendor type: categories and the list are served as application/json.',
        () => ({ send: conformant.send })),
    ]),
  revision('problem-json', 'Errors are RFC 9457 problems ({type, title, status, detail}) with the Error\'s code and message as extension members, served as application/problem+json.',
    (doc) => {
      for (const name of ['BadRequest', 'Unauthorized']) {
        const response = doc.components?.responses?.[name] as OpenAPIV3.ResponseObject;
        response.content = retyped(response.content, ['application/problem+json']);
      }
      (doc.components?.schemas ?? {})['Error'] = {
        // RFC 9457's own members only: the contract's code and message are what the server adds, as ERROR-1 holds it to.
        type: 'object', required: ['type', 'title', 'status'],
        properties: { type: { type: 'string', format: 'uri-reference' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } },
      };
    },
    (base) => ({ errorBody: problem, pet: (petId) => ({ status: 404, body: problem(404, 'not_found', `No pet ${petId}.`) }), send: servingProblems(base) }),
    [
      fault('problem-json/plain-json-401', 'MEDIA-1', 'The authentication middleware writes its 401s itself, as application/json: the problem is right, its media type is not.',
        (base) => ({ send: (response, status, body, headers) => (status === 401 ? conformant.send : base.send)(response, status, body, headers) })),
      fault('problem-json/problems-only', 'ERROR-1', 'The framework\'s problem details are served as they come, without the contract\'s code and message, which the spec\'s Error does not name.',
        (base) => ({ errorBody: (status, code, message) => { const { code: _c, message: _m, ...rest } = base.errorBody(status, code, message) as Record<string, unknown>; return rest; } })),
    ]),
  revision('two-media-types', `The create takes its body as application/json; charset=utf-8 (so written) or as ${VENDOR_TYPE}, ` +
    'and refuses any other with 415, which it documents.',
    (doc) => {
      const create = categories(doc).post as OpenAPIV3.OperationObject;
      const body = create.requestBody as OpenAPIV3.RequestBodyObject;
      body.content = retyped(body.content, ['application/json; charset=utf-8', VENDOR_TYPE]);
      create.responses['415'] = { description: 'The body is in a media type the create does not take.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    },
    (base) => ({ parse: consuming(base, ['application/json', VENDOR_TYPE]) }),
    [fault('two-media-types/vendor-refused', 'CREATE-1', 'The controller\'s list of the types it consumes was not updated: a body sent as the vendor type is refused with 415.',
      (base) => ({ parse: (raw, contentType) => (mediaTypeOf(contentType) === VENDOR_TYPE ? refuse('unsupported_media_type', 'Send application/json.', 415) : base.parse(raw, contentType)) }))]),
  revision('statuses-unwritten', 'The spec documents the list\'s 200 and the create\'s 201 only: its 400 and 401 are the contract\'s, unwritten (OpenAPI does not require every status).',
    (doc) => {
      const item = categories(doc);
      (item.get as OpenAPIV3.OperationObject).responses = { '200': (item.get as OpenAPIV3.OperationObject).responses['200'] as OpenAPIV3.ResponseObject };
      (item.post as OpenAPIV3.OperationObject).responses = { '201': (item.post as OpenAPIV3.OperationObject).responses['201'] as OpenAPIV3.ResponseObject };
    },
    () => ({})),
  revision('springdoc-ranges', 'The spec as springdoc-openapi writes it for controllers that name no media type: every response under */*, and schemas named for their classes (CategoryRequest, CategoryResponse, ApiError).',
    (doc) => {
      const renamed: Record<string, string> = { NewCategory: 'CategoryRequest', Category: 'CategoryResponse', Error: 'ApiError' };
      const text = JSON.stringify(doc).replace(/#\/components\/schemas\/(NewCategory|Category|Error)"/g, (_, name: string) => `#/components/schemas/${renamed[name]}"`);
      const revised = JSON.parse(text) as OpenAPIV3.Document;
      const schemas = revised.components?.schemas ?? {};
      revised.components = { ...revised.components, schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [renamed[name] ?? name, schema])) };
      for (const response of [...Object.values(revised.components.responses ?? {}), (revised.paths['/categories']?.get as OpenAPIV3.OperationObject).responses['200'],
        (revised.paths['/categories']?.post as OpenAPIV3.OperationObject).responses['201']] as OpenAPIV3.ResponseObject[]) {
        response.content = retyped(response.content, ['*/*']);
      }
      Object.assign(doc, revised);
    },
    () => ({}),
    [fault('springdoc-ranges/served-as-text', 'MEDIA-1', 'A message converter writes categories as text/plain: */* documents no type, but a JSON body is JSON.',
      (base) => ({ send: servingAs(base, 'text/plain; charset=utf-8') }))]),
  revision('timestamps-reformatted', 'NewCategory gains an optional availableFrom (a date-time), which the service stores as a timestamp and writes back in its own form (microseconds and +00:00, as Python\'s isoformat does).',
    (doc) => {
      const schema = component(doc, 'NewCategory');
      schema.properties = { ...schema.properties, availableFrom: { type: 'string', format: 'date-time' } };
    },
    (base) => ({
      validate: validating(base, (c, body) => {
        const from = body['availableFrom'];
        if (from === undefined) return c;
        return typeof from === 'string' && !Number.isNaN(Date.parse(from)) ? { ...c, availableFrom: from } : refuse('invalid_available_from', 'availableFrom is a date-time.');
      }),
      present: (category) => withTimestamp(base.present(category), (iso) => `${iso.slice(0, 19)}.${iso.slice(20, 23)}000+00:00`),
    }),
    [fault('timestamps-reformatted/seconds-only', 'CREATE-1', 'The timestamp column keeps whole seconds: the milliseconds sent are lost.',
      (base) => ({ present: (category) => withTimestamp(base.present(category), (iso) => `${iso.slice(0, 19)}+00:00`) }))]),
  revision('split-files', 'The spec is split over files, a schema a file (schemas/NewCategory.json…, named by relative $refs), and names get a maxLength of 40 in theirs.',
    (doc) => Object.assign(property(doc, 'NewCategory', 'name'), { maxLength: 40 }),
    (base) => ({ validate: validating(base, nameUpTo40) }),
    [fault('split-files/too-long-taken', 'CREATE-2', 'The bound was added to the schema file, not to the validator: a name of 41 characters is stored.',
      () => ({ validate: conformant.validate }), ['MODEL-1'])],
    undefined, 'split'),
];

/** The revision with this id; an unknown id is a usage error that lists the known ones. */
export function revisionById(id: string): Revision {
  return byId(REVISIONS, id, 'revision');
}
