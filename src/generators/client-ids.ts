import fc from 'fast-check';

/** Id columns narrower than int64 that a server may honour a client's id in: smallint and integer. */
export type IdColumn = 'int16' | 'int32';

/** An `id` a client sends with a NewCategory (MODEL-3), as data. */
export type ClientId =
  | { readonly kind: 'int64'; readonly value: bigint }
  | { readonly kind: 'free small'; readonly column: IdColumn; readonly offset: number }
  | { readonly kind: 'existing'; readonly index: number }
  | { readonly kind: 'numeric string'; readonly value: bigint }
  | { readonly kind: 'string'; readonly value: string };

/** Far from 0 in both directions, where no counter reaches: a coincidence with an assigned id would be a false failure. */
const farInt64 = fc.oneof(fc.bigInt(2n ** 40n, 2n ** 63n - 1n), fc.bigInt(-(2n ** 63n), -(2n ** 40n)));

/** Client-supplied ids: random int64 values, free ids in the int16 and int32 ranges, ids of existing categories, strings. */
export const clientId: fc.Arbitrary<ClientId> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('int64' as const), value: farInt64 }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('free small' as const), column: fc.constantFrom<IdColumn>('int16', 'int32'), offset: fc.nat({ max: 1_000_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('existing' as const), index: fc.nat() }) },
  fc.record({ kind: fc.constant('numeric string' as const), value: farInt64 }),
  fc.record({ kind: fc.constant('string' as const), value: fc.string({ minLength: 1, maxLength: 12 }) }),
);
