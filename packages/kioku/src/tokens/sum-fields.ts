/** The keys of `T` whose values are numbers. */
export type NumericKeys<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T];

/**
 * The field-by-field sums of `records` over the numeric fields `keys` (each 0 when there are none): the
 * one way kioku adds up usages, bills and replay totals.
 *
 * @example
 * sumFields(bills, ['inputTokens', 'cost']); // { inputTokens: 1200, cost: 0.0036 }
 */
export function sumFields<T, K extends NumericKeys<T>>(
  records: Iterable<T>,
  keys: readonly K[],
): Record<K, number> {
  const sums = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const record of records) {
    for (const key of keys) sums[key] += record[key] as number;
  }
  return sums;
}
