import { extractIndicators } from 'kioku';
import type { AlertIoc } from './alert.js';

/**
 * The indicators of compromise in an alert, found without a model by kioku's extractor over every key and
 * string value of the parsed alert (so JSON escapes such as `\\` or `\u002e` do not hide them), each once.
 */
export function alertIocs(value: unknown): AlertIoc[] {
  const texts: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') texts.push(node);
    else if (typeof node === 'number') texts.push(String(node));
    else if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        texts.push(key);
        walk(item);
      }
    }
  };
  walk(value);
  const seen = new Set<string>();
  const found: AlertIoc[] = [];
  for (const text of texts) {
    for (const ioc of extractIndicators(text)) {
      const key = `${ioc.kind}:${ioc.value.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(ioc);
    }
  }
  return found;
}
