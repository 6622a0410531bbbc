import { fault } from './fault.js';

/** Bugs in the list. */
export const listFaults = [
  fault('list-wrapped', 'LIST-1',
    'The list is wrapped in an envelope, {"items": [...]}, as the team\'s other APIs do.',
    () => ({ listing: (items) => ({ items }) })),
  fault('list-paged', 'LIST-2',
    'The list endpoint applies a default page size of 20 and says so nowhere.',
    () => ({ listing: (items) => items.slice(0, 20) })),
  fault('list-newest-100', 'LIST-2',
    'The list query orders by id descending with LIMIT 100, a guard someone added against large responses.',
    () => ({ listing: (items) => items.slice(-100) })),
  fault('list-capped-200', 'LIST-2',
    'The list query carries LIMIT 200, the ORM\'s default cap, which nobody noticed while the table was small.',
    () => ({ listing: (items) => items.slice(0, 200) })),
  fault('list-stale-cache', 'LIST-2',
    'The list is served from a cache that is refreshed only every 30 seconds.',
    () => {
      let cached: { at: number; items: unknown } | undefined;
      return {
        listing: (items) => {
          if (!cached || Date.now() - cached.at > 30_000) cached = { at: Date.now(), items };
          return cached.items;
        },
      };
    }),
  fault('list-drops-description', 'LIST-2',
    'The list query selects only id and name, so descriptions are missing from the list.',
    () => ({ listing: (items) => items.map(({ description: _, ...rest }) => rest) })),
];
