import { z } from 'zod';

/** The structured answer `introspect` asks the model for. */
export const introspectionSchema = z.object({
  claims: z
    .array(z.string())
    .describe('Reusable technical knowledge learned in this run, one short self-contained sentence each'),
  helpfulMemoryIds: z
    .array(z.number().int())
    .describe('Ids of past knowledge the agent used and that contributed to a correct result'),
  harmfulMemoryIds: z
    .array(z.number().int())
    .describe('Ids of past knowledge that was wrong and caused errors or wasted work'),
});

/** The model's answer to an introspection. */
export type Introspection = z.infer<typeof introspectionSchema>;
