import { z } from 'zod';

const cacheControl = z.looseObject({ type: z.string(), ttl: z.string().optional() });

const textPart = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl.nullish(),
});
const refusalPart = z.looseObject({
  type: z.literal('refusal'),
  refusal: z.string(),
  cache_control: cacheControl.nullish(),
});
const imagePart = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.union([z.string(), z.looseObject({ url: z.string() })]),
  cache_control: cacheControl.nullish(),
});

const toolCall = z.looseObject({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  }),
});

const base = { cache_control: cacheControl.nullish(), name: z.string().nullish() };

/** One OpenAI chat-completions message, as agents record them (extra keys allowed and ignored). */
export const openAIChatMessageSchema = z.discriminatedUnion('role', [
  z.looseObject({
    ...base,
    role: z.enum(['system', 'developer']),
    content: z.union([z.string(), z.array(textPart)]),
  }),
  z.looseObject({
    ...base,
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart]))]),
  }),
  z.looseObject({
    ...base,
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, refusalPart]))]).nullish(),
    tool_calls: z.array(toolCall).nullish(),
    /** DeepSeek's (and vLLM's, OpenRouter's `reasoning`) chain of thought, sent back in tool-use turns. */
    reasoning_content: z.string().nullish(),
    function_call: z.looseObject({ name: z.string(), arguments: z.string().nullish() }).nullish(),
  }),
  z.looseObject({
    ...base,
    role: z.literal('tool'),
    content: z.union([z.string(), z.array(textPart)]).nullish(),
    tool_call_id: z.string(),
  }),
  z.looseObject({
    ...base,
    role: z.literal('function'),
    name: z.string(),
    content: z.string().nullish(),
  }),
]);

/** A validated OpenAI chat-completions message. */
export type OpenAIChatMessage = z.output<typeof openAIChatMessageSchema>;
