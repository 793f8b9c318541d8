/**
 * Where a store lives when no location is given: `KIOKU_STORE` if set, else the directory `./.kioku`
 * (relative to the working directory).
 */
export function defaultStoreLocation(): string {
  const fromEnvironment = process.env.KIOKU_STORE;
  return fromEnvironment === undefined || fromEnvironment === '' ? './.kioku' : fromEnvironment;
}
