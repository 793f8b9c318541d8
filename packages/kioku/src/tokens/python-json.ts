/**
 * JSON as Python's `json.dumps(value, ensure_ascii=False)` writes it (`", "` and `": "` separators), which
 * is how Python-served chat templates embed tool schemas and arguments.
 */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pythonJson(item)}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
