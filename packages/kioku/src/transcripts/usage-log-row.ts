import { z } from 'zod';

/** One row of an OpenHands per-call usage log (`*per_call_usage.jsonl`): one LLM call of one instance. */
export const usageLogRowSchema = z.looseObject({
  instance_id: z.string(),
  call_idx: z.number().int().nonnegative(),
  n_messages_in_prompt: z.number().int().positive(),
  prompt_tokens: z.number(),
  completion_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  cost: z.number().nullish(),
  timestamp: z.number().nullish(),
  prompt_chars: z.number().nullish(),
});

/** A validated usage-log row, with the line it came from. */
export type UsageLogRow = z.output<typeof usageLogRowSchema> & { file: string; line: number };
