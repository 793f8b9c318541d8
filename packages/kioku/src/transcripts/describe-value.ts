/**
 * Says briefly what a JSON value is, for the `found` part of an error: `a number (3)`, `a string of
 * 52,428,800 characters`, `an object with keys role, content`. Never serialises large values.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    if (value.length === 0) return 'an empty string';
    if (value.length <= 40) return `the string ${JSON.stringify(value)}`;
    return `a string of ${value.length.toLocaleString('en-US')} characters`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `a ${typeof value} (${value})`;
  if (Array.isArray(value)) {
    return value.length === 0
      ? 'an empty array'
      : `an array of ${value.length.toLocaleString('en-US')} items`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object';
    const shown = keys.slice(0, 6).join(', ');
    return `an object with keys ${shown}${keys.length > 6 ? ', …' : ''}`;
  }
  return typeof value;
}
