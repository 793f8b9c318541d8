import { extractIndicators } from 'kioku/strategies';
import { type AlertIoc, maxAlertIocs } from './alert.js';

const hashKinds = new Set(['md5', 'sha1', 'sha256']);
/** Fields holding identifiers (`id`, `TenantId`, `SystemAlertId`, `arn`, `ProcessGuid`…), whose hex is not a file hash. */
const identifierField = /(?:^|[a-z_])(?:id|guid|uuid|arn)$/i;
/** A product token with its version (`Edg/126.0.0.0`, `Chrome/126.0.6478.127`): the version is no address. */
const productVersion = /\b[A-Za-z][\w.-]*\/\d+(?:\.\d+){1,3}\b/g;
/** A cloud resource name or ARN (`organizations/1/sources/2/findings/<hex>`, `arn:aws:…`): a name, not indicators. */
const resourceName =
  /(?:\b(?:organizations|projects|folders|sources|findings|detectors|subscriptions|resourceGroups)\/[\w.-]+|\barn:aws[\w-]*:[^\s"]*)/gi;
/** The most text read from one alert for IOCs (an alert is at most 1 MiB by default; this bounds a larger one). */
const maxText = 4 * 1024 * 1024;

/** The IOCs of an alert, at most {@link maxAlertIocs}, and how many more distinct ones there were. */
export interface AlertIocs {
  iocs: AlertIoc[];
  omitted: number;
}

/**
 * The indicators of compromise in an alert, found without a model by kioku's extractor over every key and
 * string value of the parsed alert (so JSON escapes such as `\\` or `\u002e` do not hide them), each once,
 * at most {@link maxAlertIocs} (the rest counted in `omitted`). Not taken: hex in identifier fields (`id`,
 * `accountId`, `arn`, `…Guid`) or in cloud resource names (a finding's name) as file hashes, and the
 * version of a product token (`Edg/126.0.0.0`) as an address. Iterative, and bounded in the text it reads.
 */
export function alertIocs(value: unknown): AlertIocs {
  const seen = new Set<string>();
  const iocs: AlertIoc[] = [];
  let omitted = 0;
  let read = 0;
  const stack: Array<{ node: unknown; field: string }> = [{ node: value, field: '' }];
  const scan = (text: string, field: string) => {
    if (read >= maxText) return;
    const bounded = text.slice(0, maxText - read);
    read += bounded.length;
    const cleaned = bounded.replace(productVersion, blank).replace(resourceName, blank);
    const identifier = identifierField.test(field);
    for (const ioc of extractIndicators(cleaned)) {
      if (identifier && hashKinds.has(ioc.kind)) continue;
      const key = `${ioc.kind}:${ioc.value.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (iocs.length < maxAlertIocs) iocs.push(ioc);
      else omitted += 1;
    }
  };
  while (stack.length > 0) {
    const { node, field } = stack.pop() as { node: unknown; field: string };
    if (typeof node === 'string') scan(node, field);
    else if (typeof node === 'number') scan(String(node), field);
    else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) stack.push({ node: node[index], field });
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        stack.push({ node: item, field: key });
        stack.push({ node: key, field: '' });
      }
    }
  }
  return { iocs, omitted };
}

function blank(match: string): string {
  return ' '.repeat(match.length);
}
