import { type Tool, tool } from 'ai';
import { z } from 'zod';

/** The most characters `alert_json` returns in one call. */
export const maxAlertJsonPage = 8000;

/**
 * The chat's `alert_json` tool: any field of the alert's raw JSON by path (`detail.service.action`,
 * `Entities.0.Address`, or a JSON pointer such as `/detail/id`), as JSON text paged by character offset,
 * with the keys of an object. The system prompt holds only a bounded view of a large alert; this reads the
 * rest. It reads only this alert.
 *
 * @example
 * const alertJson = alertJsonTool({ raw: alert.raw });
 */
export function alertJsonTool({ raw }: { raw: string }): Tool {
  let parsed: unknown;
  const root = () => {
    parsed ??= JSON.parse(raw.replace(/^\uFEFF/, '')) as unknown;
    return parsed;
  };
  return tool({
    description:
      "Reads the alert's raw JSON: the value at a path (dotted, e.g. detail.service.action or Entities.0.Address; or a JSON pointer, e.g. /detail/id; empty for the whole alert) as JSON text, at most 8,000 characters per call from `offset`, with the next offset when there is more and the keys of an object.",
    inputSchema: z.object({
      path: z.string().max(1000).default('').describe('Where in the alert; empty for the whole alert.'),
      offset: z.number().int().min(0).default(0).describe('Character offset in the value’s JSON text.'),
      limit: z.number().int().min(1).max(maxAlertJsonPage).default(4000),
    }),
    execute: async ({ path, offset, limit }) => {
      const segments = path.startsWith('/')
        ? path
            .slice(1)
            .split('/')
            .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
        : path === ''
          ? []
          : path.split('.');
      let value = root();
      for (const [index, segment] of segments.entries()) {
        const here = segments.slice(0, index).join('.') || 'the alert';
        if (Array.isArray(value) && /^\d+$/.test(segment) && Number(segment) < value.length)
          value = value[Number(segment)];
        else if (
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.hasOwn(value, segment)
        ) {
          value = (value as Record<string, unknown>)[segment];
        } else {
          const choices = Array.isArray(value)
            ? `an array of ${value.length} items (indexes 0–${value.length - 1})`
            : typeof value === 'object' && value !== null
              ? `keys ${Object.keys(value).slice(0, 50).join(', ')}`
              : `a ${typeof value}`;
          throw new Error(`no ${JSON.stringify(segment)} in ${here}: it has ${choices}`);
        }
      }
      const text = JSON.stringify(value, null, 1) ?? 'null';
      const end = Math.min(text.length, offset + limit);
      const keys =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? `; keys: ${Object.keys(value).slice(0, 100).join(', ')}`
          : Array.isArray(value)
            ? `; ${value.length} items`
            : '';
      return [
        `${path || 'the alert'}: ${text.length} characters of JSON${keys}. Characters ${offset}–${end}${end < text.length ? `; more from offset ${end}` : ' (the end)'}:`,
        text.slice(offset, end),
      ].join('\n');
    },
  });
}
