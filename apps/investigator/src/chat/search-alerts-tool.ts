import { type Tool, tool } from 'ai';
import { z } from 'zod';
import type { AlertStore } from '../alerts/index.js';

/**
 * The chat's `search_alerts` tool: earlier alerts by text and/or exact attributes, newest first, as
 * short records (id, time, status and verdict, severity, title, indicators). It reads only: it is given
 * the store's `search`, nothing that writes.
 *
 * @example
 * const searchAlerts = searchAlertsTool({ search: (input) => alerts.search(input) });
 */
export function searchAlertsTool({ search }: Pick<AlertStore, 'search'>): Tool {
  return tool({
    description:
      'Searches earlier alerts (text in the title, description, attributes or raw alert, and/or attributes with exact values), newest first. Use it to see whether a host, user or indicator appeared before and how those alerts were concluded.',
    inputSchema: z.object({
      text: z.string().min(1).optional().describe('Text to look for, e.g. a host name, user or IP.'),
      attributes: z
        .record(z.string(), z.string())
        .optional()
        .describe('Attributes the alert must have with exactly these values, e.g. {"host": "MKT01"}.'),
      limit: z.number().int().min(1).max(20).default(10),
    }),
    execute: async ({ text, attributes, limit }) => {
      if (text === undefined && attributes === undefined) {
        throw new Error('search_alerts needs text, attributes or both');
      }
      const found = await search({ text, attributes, limit });
      if (found.length === 0) return 'No alert matches.';
      return found
        .map((alert) =>
          [
            `${alert.id} · ${alert.createdAt.toISOString()} · ${alert.status}${alert.resolution === undefined ? '' : ` (${alert.resolution.conclusion}: ${alert.resolution.reason})`} · ${alert.severity}`,
            `  ${alert.title}`,
            ...(alert.iocs.length === 0
              ? []
              : [
                  `  indicators: ${alert.iocs
                    .slice(0, 20)
                    .map((ioc) => ioc.value)
                    .join(
                      ', ',
                    )}${alert.iocs.length > 20 ? ` and ${alert.iocs.length - 20 + alert.iocsOmitted} more` : ''}`,
                ]),
          ].join('\n'),
        )
        .join('\n');
    },
  });
}
