import fc from 'fast-check';
import { parseJson } from '../json/parse.js';
import { jsonText } from '../json/write.js';
import { answeredBy, nodeOf, takesOtherProperties, writableProperties, type SchemaNode, type TextAspect } from '../spec/schema-node.js';
import type { JsonSchema, SpecModel } from '../spec/types.js';
import type { Validators } from '../spec/validators.js';
import { extremeMarkers, MARKER_FORMATS, type MarkerFormat } from './markers.js';
import { boundaryCases } from './schema/boundaries.js';
import { canonicalValue, unknownValues, validValue } from './schema/valid-value.js';
import { applyCase, pointerOf, type ValueCase } from './schema/value-case.js';
import { violationArbitrary, violationCases, type ViolationOptions } from './schema/violations.js';

/** Where a body breaks the spec's NewCategory, as the spec's validator says: JSON pointers and lines (see spec/validators.ts). */
export type BodyJudge = (body: unknown) => readonly { readonly pointer: string; readonly line: string }[];

/** A NewCategory as the suite sends it: a JSON object, its int64 values beyond 2^53 as bigints (json/write.ts). */
export type Body = Readonly<Record<string, unknown>>;

/**
 * What a valid and an invalid NewCategory are, as the loaded spec says: the bodies every check sends are made here.
 * A plain valid body (its required properties, as plain as the schema allows), valid bodies drawn over every writable
 * property, the schema's boundary values and its violations one at a time, and where the run's marker goes: the most
 * readable form of marker that a property takes (name, where it can), so that a bound or pattern of the spec never
 * makes a marker invalid. `judge` is the spec's own validator, which has the last word on every body.
 */
export class NewCategoryBodies {
  readonly node: SchemaNode;
  /** The properties a client sends, in the spec's order. */
  readonly properties: readonly string[];
  /** Those of them a Category shows as they were sent: all but the write-only ones (a secret is not shown back). */
  readonly echoed: readonly string[];
  /** The spec's `default` of each of those that has one: what a server assumes when the property is not sent. */
  readonly defaults: ReadonlyMap<string, unknown>;
  /** The property markers go in, and their form; undefined when no property takes any form of marker. */
  readonly marking?: { readonly property: string; readonly format: MarkerFormat };
  /** Valid bodies over every writable property, the optional ones now and then; undefined when none can be made. */
  readonly arbitrary?: fc.Arbitrary<Body>;
  /** The values at the edges of what the schema allows, one place at a time (see boundaryCases). */
  readonly boundaries: readonly ValueCase[];
  /** One violation at a time of each constraint the schema states (see violationCases). */
  readonly violations: readonly ValueCase[];
  /** Violations drawn at random around those (see violationArbitrary); undefined when the schema states none. */
  readonly randomViolations?: fc.Arbitrary<ValueCase>;
  /** Writable properties the generators leave out, and why (see unknownValues). */
  readonly unexercised: readonly { readonly property: string; readonly why: string }[];
  private readonly plain?: Body;

  /** `options`: what the run holds a server to beyond what every server must refuse (formats, with --assert-formats). */
  constructor(schema: JsonSchema, private readonly judge: BodyJudge, options: ViolationOptions = {}) {
    this.node = nodeOf(schema);
    const writable = writableProperties(this.node);
    this.properties = writable.map(([key]) => key);
    this.echoed = writable.filter(([, child]) => !child.writeOnly).map(([key]) => key);
    this.defaults = new Map(writable.filter(([key, child]) => this.echoed.includes(key) && child.default !== undefined).map(([key, child]) => [key, child.default]));
    const plain = canonicalValue({ ...this.node, types: new Set(['object']) })?.value;
    if (plain !== undefined && this.problems(plain).length === 0) this.plain = plain as Body;
    const marking = this.plain && this.fitMarking(writable);
    if (marking) this.marking = marking;
    const valid = validValue({ ...this.node, types: new Set(['object']) });
    // The spec's validator has the last word: a value the converter got wrong is never sent as valid.
    if (valid) this.arbitrary = valid.filter((body) => this.problems(body).length === 0) as fc.Arbitrary<Body>;
    this.boundaries = this.plain ? boundaryCases(this.node).filter((c) => this.problems(applyCase(this.plain, c)).length === 0) : [];
    this.violations = this.plain ? violationCases(this.node, [], options).filter((c) => this.breaksOnlyAt(c)) : [];
    const random = this.plain && violationArbitrary(this.node, options);
    if (random) this.randomViolations = random;
    this.unexercised = writable.flatMap(([property, child]) => {
      const why = unknownValues(child);
      return why && !this.node.object.required.includes(property) ? [{ property, why }] : [];
    });
  }

  /** What is wrong with a body, in the spec's words; empty when it is a valid NewCategory. */
  problems(body: unknown): string[] {
    return this.judge(body).map((v) => v.line);
  }

  /** The properties whose values break the spec's NewCategory in a body (a required one it lacks included). */
  brokenProperties(body: unknown): Set<string> {
    return new Set(this.judge(body).map((v) => /^\/([^/]*)/.exec(v.pointer)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~')).filter((k) => k !== undefined));
  }

  /** What is wrong with a body's bytes: not JSON at all, or {@link problems}; empty for a valid NewCategory's. */
  textProblems(raw: string): string[] {
    try {
      return this.problems(JSON.parse(raw) as unknown);
    } catch {
      return ['not JSON'];
    }
  }

  /**
   * A valid NewCategory, as plain as the spec allows, carrying the marker (where a property takes one) and the given
   * properties over it. Whether the result is valid is the caller's to ask ({@link problems}) when it sets any.
   */
  valid(marker?: string, set: Body = {}): Body {
    if (!this.plain) throw new Error('the spec\'s NewCategory has no valid value the generators can make');
    const marked = marker !== undefined && this.marking ? { [this.marking.property]: marker } : {};
    return { ...this.plain, ...marked, ...set };
  }

  /** Whether a valid NewCategory can be made at all: the checks that send one are not judged otherwise. */
  get canMakeValid(): boolean {
    return this.plain !== undefined;
  }

  /**
   * The body of a boundary or a violation, with the marker where a property takes it: not where the case changes
   * (a name missing carries its marker in the description, as the bundled spec's has it).
   */
  bodyOf(valueCase: ValueCase, marker: string): unknown {
    return applyCase(this.marked(this.valid(), valueCase.path[0], marker), valueCase);
  }

  /**
   * A plain valid body with these properties set, and the marker where a property takes it: in the marker's property,
   * unless a value set there already carries it or replaces it (then in another property that takes it, if any).
   */
  with(set: Body, marker: string): Body {
    const property = this.marking?.property;
    const carried = property !== undefined && typeof set[property] === 'string' && (set[property] as string).includes(marker);
    const touched = property !== undefined && Object.hasOwn(set, property) ? property : undefined;
    return carried ? this.valid(undefined, set) : this.marked({ ...this.valid(), ...set }, touched, marker);
  }

  /** A marker of the chosen form as long as any the run makes: for judging, before the run, what the checks will send. */
  get longestMarker(): string {
    return this.marking ? extremeMarkers(this.marking.format)[1] as string : '';
  }

  /** The body with the marker in the marker's property, or, where `touched` is that property, in another that takes it. */
  private marked(body: Body, touched: string | undefined, marker: string): Body {
    if (!this.marking) return body;
    const slot = this.marking.property !== touched ? this.marking.property : this.otherMarkerProperty(touched, marker);
    return slot === undefined ? body : { ...body, [slot]: marker };
  }

  /** Whether a body may carry properties the spec does not define (CREATE-4). */
  get undefinedPropertiesAllowed(): boolean {
    return takesOtherProperties(this.node);
  }

  /** Whether the spec says, for this property, what the contract leaves open about a text (see answeredBy). */
  decides(property: string, aspect: TextAspect): boolean {
    const child = this.node.object.properties[property];
    return child !== undefined && answeredBy(child, aspect) !== undefined;
  }

  /** A violation that breaks the schema at its place only, with the marker put where it goes. */
  private breaksOnlyAt(valueCase: ValueCase): boolean {
    const at = pointerOf(valueCase.path);
    const found = this.judge(this.bodyOf(valueCase, this.longestMarker));
    return found.length > 0 && found.every((v) => v.pointer === at || v.pointer.startsWith(`${at}/`));
  }

  /**
   * The property markers go in and their form: the first writable string property (name first, then the required
   * ones) that takes the first form of MARKER_FORMATS whose markers it takes at their shortest and longest.
   */
  private fitMarking(writable: readonly [string, SchemaNode][]): { readonly property: string; readonly format: MarkerFormat } | undefined {
    const strings = writable.filter(([, child]) => child.types.has('string')).map(([key]) => key);
    const order = [...strings.filter((k) => k === 'name'), ...strings.filter((k) => k !== 'name' && this.node.object.required.includes(k)),
      ...strings.filter((k) => k !== 'name' && !this.node.object.required.includes(k))];
    for (const property of order) {
      const format = MARKER_FORMATS.find((f) => extremeMarkers(f).every((marker) => this.takes(property, marker)));
      if (format) return { property, format };
    }
    return undefined;
  }

  /** Another property a marker of the chosen form fits, for a case that changes the marker's own. */
  private otherMarkerProperty(except: string | undefined, marker: string): string | undefined {
    return this.properties.find((p) => p !== except && this.node.object.properties[p]?.types.has('string') && this.takes(p, marker));
  }

  /** Whether a property takes this text: a plain body with it there is valid there. */
  private takes(property: string, text: string): boolean {
    const at = pointerOf([property]);
    return this.judge({ ...this.plain, [property]: text }).every((v) => v.pointer !== at && !v.pointer.startsWith(`${at}/`));
  }
}

/**
 * The spec's NewCategory bodies, judged by its validator as they are sent (see NewCategoryBodies): what the suites'
 * worker sends, and what `rules --spec` says of them.
 */
export function newCategoryBodies(spec: SpecModel, validators: Validators, options: ViolationOptions = {}): NewCategoryBodies {
  return new NewCategoryBodies(spec.schemas.NewCategory, (body) => {
    // As sent: written as JSON (int64 beyond 2^53 exactly), then read back with its exact numbers.
    const document = parseJson(jsonText(body));
    return validators.NewCategory.violations(document.value, document);
  }, options);
}
