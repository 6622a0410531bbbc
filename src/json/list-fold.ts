import { extensionOf, type JsonDocument } from './parse.js';

/**
 * Something worked out over every item of a list document (its ids, its invalid items), kept per document, that a
 * list which grew at its end (see parseJsonExtending) takes over from the list it extends and completes with its added
 * items only. Lists are read again and again as a run creates categories, and against a target of 100,000
 * categories going over every item of every read was most of what the run did between requests. The state passes
 * to the extension (the earlier document no longer has one, and works it out again if asked), so one list's state
 * is held once, however often it grew.
 */
export class ListFold<S> {
  private readonly states = new WeakMap<JsonDocument, S>();

  constructor(
    /** The state of no item. */
    private readonly empty: () => S,
    /** Adds `items[from]` and after (indexes into the whole list) to the state. */
    private readonly add: (state: S, items: readonly unknown[], from: number, document: JsonDocument) => void,
  ) {}

  /** The state over every item of `document`, whose value is an array. */
  of(document: JsonDocument): S {
    const known = this.states.get(document);
    if (known !== undefined) return known;
    const extension = extensionOf(document);
    const earlierState = extension && this.states.get(extension.earlier);
    let state: S;
    let from = 0;
    if (extension && earlierState !== undefined) {
      this.states.delete(extension.earlier);
      state = earlierState;
      from = extension.from;
    } else {
      state = this.empty();
    }
    this.add(state, document.value as readonly unknown[], from, document);
    this.states.set(document, state);
    return state;
  }
}
