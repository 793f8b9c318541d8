import { z } from 'zod';
import { alertSeverities } from './alert.js';

/** What the model writes for an alert (structured output): a title, a description, severity, attributes. */
export const alertSummarySchema = z.object({
  title: z
    .string()
    .min(1)
    .max(200)
    .describe('A short title: what happened, where (e.g. "LSASS memory read on MKT01")'),
  description: z
    .string()
    .min(1)
    .max(4000)
    .describe('Two to five sentences: what the alert reports, the entities involved, why it may matter'),
  severity: z.enum(alertSeverities).describe('How bad it looks from the alert alone'),
  attributes: z
    .record(z.string().min(1).max(100), z.string().max(1000))
    .describe(
      'Key facts as name → value: host, user, process, command line, rule, source address, cloud account…',
    ),
});

/** Title, description, severity and attributes of an alert, as the model (or the fallback) wrote them. */
export type AlertSummary = z.infer<typeof alertSummarySchema>;
