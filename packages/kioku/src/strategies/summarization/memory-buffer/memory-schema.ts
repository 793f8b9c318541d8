import { z } from 'zod';

/**
 * What the memory buffer asks a model for (extraction and consolidation alike). Built on first use
 * (`z.lazy`): building zod schemas is work `import('kioku')` should not pay for.
 */
export const memorySchema = z.lazy(() =>
  z.object({
    entities: z
      .array(
        z.object({
          name: z
            .string()
            .min(1)
            .describe('The name exactly as written: a person, account, host, file, service, ticket…'),
          type: z.string().describe('What it is, in one or two words (user account, host, file, service…)'),
          note: z.string().describe('Its role in the conversation, in one short sentence'),
        }),
      )
      .describe('Entities the conversation is about'),
    decisions: z
      .array(z.string().min(1))
      .describe('Decisions made and conclusions reached, one short sentence each'),
    constraints: z
      .array(z.string().min(1))
      .describe("The user's requirements and instructions, in the user's words where possible"),
  }),
);

/** A model's answer: entities, decisions, constraints. */
export type MemoryExtraction = z.infer<typeof memorySchema>;

/** One entity in the memory. */
export type MemoryEntity = MemoryExtraction['entities'][number];
