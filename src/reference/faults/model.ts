import { refuse, type Behaviour, type StoredCategory } from '../behaviour.js';
import { fault } from './fault.js';

/** Bugs in the Category model and in id assignment. */
export const modelFaults = [
  fault('id-as-string', 'MODEL-1',
    'Ids are serialized as strings to protect JavaScript clients from 64-bit integers.',
    (base) => ({ present: (category) => ({ ...base.present(category), id: String(category.id) }) })),
  fault('id-beyond-int64', 'MODEL-1',
    'Ids come from an unsigned 64-bit sequence that starts at 2^63, beyond the int64 range.',
    (base) => ({
      store: async (store, category, body) => {
        const stored = await base.store(store, category, body);
        stored.id = 2n ** 63n + BigInt(stored.id);
        return stored;
      },
    })),
  fault('description-null', 'MODEL-1',
    'Categories without a description are serialized with "description": null.',
    (base) => ({ present: (category) => ({ description: null, ...base.present(category) }) })),
  fault('name-renamed-title', 'MODEL-1',
    'The serializer shared with the admin UI writes the name as "title", so Categories come without "name".',
    (base) => ({
      present: (category) => {
        const { name, ...rest } = base.present(category);
        return { ...rest, title: name };
      },
    })),
  fault('client-id-int32-honoured', 'MODEL-3',
    'Mass assignment copies the body\'s id into an INT column: ids that fit 32 bits are honoured, larger ones fail validation.',
    (base) => ({
      validate: (body) => {
        const id = (body as { id?: unknown } | null)?.id;
        if (typeof id === 'number' && Math.abs(id) >= 2 ** 31) return refuse('invalid_id', 'The id is out of range.');
        return base.validate(body);
      },
      store: honouringClientIds(base, () => true),
    })),
  fault('client-id-int16-honoured', 'MODEL-3',
    'The legacy categories table has a SMALLINT id, and mass assignment honours a client\'s id when it fits and is free.',
    (base) => ({ store: honouringClientIds(base, (id) => Number.isInteger(id) && id >= 1 && id < 2 ** 15) })),
  fault('client-id-numeric-string-honoured', 'MODEL-3',
    'The validator refuses a number id as read-only, but a string passes its type check, and the ORM casts it into the INT ' +
    'column: "4242" is honoured when it fits and is free.',
    (base) => ({
      validate: (body) => (typeof (body as { id?: unknown } | null)?.id === 'number' ? refuse('read_only', 'The id is read-only.') : base.validate(body)),
      store: honouringClientIds(base, (id) => id >= -(2 ** 31) && id < 2 ** 31, castFromString),
    })),
  fault('ids-tinyint', 'HTTP-1',
    'The id column is an unsigned TINYINT: once 255 categories exist, every insert fails with 500.',
    (base) => ({
      store: async (store, category, body) => {
        if (store.nextId > 255n) throw new Error('Out of range value for column \'id\'');
        return base.store(store, category, body);
      },
    })),
  fault('id-racy-counter', 'MODEL-2',
    'The next id is read as count + 1 before an await and written after it, so concurrent creates share ids.',
    () => ({
      store: async (store, category) => {
        const id = BigInt(store.categories.size + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const stored: StoredCategory = { id, ...category };
        store.categories.set(`${id}:${Math.random()}`, stored);
        return stored;
      },
    })),
  fault('client-id-honoured', 'MODEL-3',
    'The create handler spreads the request body into the new record, so a client id overrides the assigned one.',
    (base) => ({
      store: async (store, category, body) => {
        const stored = await base.store(store, category, body);
        const id = (body as { id?: unknown }).id;
        if (typeof id === 'number' || typeof id === 'string') {
          store.categories.delete(String(stored.id));
          stored.id = id;
          store.categories.set(String(stored.id), stored);
        }
        return stored;
      },
    }), ['MODEL-1', 'MODEL-2', 'LIST-2']),
];

/** A store that takes a numeric id from the request body when `fits` says the column holds it and it is free. */
function honouringClientIds(base: Behaviour, fits: (id: number) => boolean, read: (sent: unknown) => number | undefined = asNumber): Behaviour['store'] {
  return async (store, category, body) => {
    const id = read((body as { id?: unknown }).id);
    if (id === undefined || !fits(id) || store.categories.has(String(id))) return base.store(store, category, body);
    const stored: StoredCategory = { id: BigInt(id), ...category };
    store.categories.set(String(id), stored);
    return stored;
  };
}

/** An id sent as a number. */
function asNumber(sent: unknown): number | undefined {
  return typeof sent === 'number' ? sent : undefined;
}

/** An id sent as a string of digits, as an ORM casts it into an integer column. */
function castFromString(sent: unknown): number | undefined {
  return typeof sent === 'string' && /^-?\d{1,15}$/.test(sent) ? Number(sent) : undefined;
}
