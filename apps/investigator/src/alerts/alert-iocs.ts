import { extractIndicators } from 'kioku';
import type { AlertIoc } from './alert.js';

const hashKinds = new Set(['md5', 'sha1', 'sha256']);
/** Fields holding identifiers (`id`, `TenantId`, `SystemAlertId`, `arn`, `ProcessGuid`…), whose hex is not a file hash. */
const identifierField = /(?:^|[a-z_])(?:id|guid|uuid|arn)$/i;

/**
 * The indicators of compromise in an alert, found without a model by kioku's extractor over every key and
 * string value of the parsed alert (so JSON escapes such as `\\` or `\u002e` do not hide them), each once.
 * Hex strings in identifier fields (`id`, `accountId`, `arn`, `…Guid`) are not taken as file hashes.
 */
export function alertIocs(value: unknown): AlertIoc[] {
  const texts: Array<{ text: string; field: string }> = [];
  const walk = (node: unknown, field: string) => {
    if (typeof node === 'string') texts.push({ text: node, field });
    else if (typeof node === 'number') texts.push({ text: String(node), field });
    else if (Array.isArray(node)) for (const item of node) walk(item, field);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        texts.push({ text: key, field: '' });
        walk(item, key);
      }
    }
  };
  walk(value, '');
  const seen = new Set<string>();
  const found: AlertIoc[] = [];
  for (const { text, field } of texts) {
    for (const ioc of extractIndicators(text)) {
      if (hashKinds.has(ioc.kind) && identifierField.test(field)) continue;
      const key = `${ioc.kind}:${ioc.value.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(ioc);
    }
  }
  return found;
}
