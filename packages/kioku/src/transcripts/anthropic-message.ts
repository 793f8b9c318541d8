import { z } from 'zod';

const cacheControl = z.looseObject({ type: z.string(), ttl: z.string().optional() }).nullish();

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string(), cache_control: cacheControl });
const imageBlock = z.looseObject({
  type: z.literal('image'),
  source: z.union([
    z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
    z.looseObject({ type: z.literal('url'), url: z.string() }),
  ]),
  cache_control: cacheControl,
});
const toolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
  cache_control: cacheControl,
});
const toolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock]))]).optional(),
  is_error: z.boolean().nullish(),
  cache_control: cacheControl,
});
const thinkingBlock = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().nullish(),
});
const redactedThinkingBlock = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });
const documentBlock = z.looseObject({
  type: z.literal('document'),
  source: z.union([
    z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
    z.looseObject({ type: z.literal('text'), media_type: z.string().nullish(), data: z.string() }),
    z.looseObject({ type: z.literal('url'), url: z.string() }),
    z.looseObject({ type: z.literal('content'), content: z.union([z.string(), z.array(textBlock)]) }),
    z.looseObject({ type: z.literal('file'), file_id: z.string() }),
  ]),
  title: z.string().nullish(),
  context: z.string().nullish(),
  cache_control: cacheControl,
});
/** A tool Anthropic runs itself (web search, web fetch, code execution). */
const serverToolUseBlock = z.looseObject({
  type: z.literal('server_tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
  cache_control: cacheControl,
});
/** The block types of server tools' results, which come back in the assistant's own message. */
export const serverToolResultTypes = [
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
] as const;
const serverToolResultBlock = z.looseObject({
  type: z.enum(serverToolResultTypes),
  tool_use_id: z.string(),
  content: z.unknown(),
  cache_control: cacheControl,
});

/** A content block of an Anthropic Messages API message. */
export const anthropicBlockSchema = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
  documentBlock,
  serverToolUseBlock,
  serverToolResultBlock,
]);

/** An Anthropic Messages API request body (`system`, `messages`, `tools`), extra keys ignored. */
export const anthropicRequestSchema = z.looseObject({
  model: z.string().nullish(),
  system: z.union([z.string(), z.array(textBlock)]).nullish(),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(['user', 'assistant']),
        content: z.union([z.string(), z.array(anthropicBlockSchema)]),
      }),
    )
    .min(1),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        description: z.string().nullish(),
        input_schema: z.record(z.string(), z.unknown()).nullish(),
      }),
    )
    .nullish(),
});

/** A validated Anthropic content block. */
export type AnthropicBlock = z.output<typeof anthropicBlockSchema>;
/** A validated Anthropic Messages API request body. */
export type AnthropicRequest = z.output<typeof anthropicRequestSchema>;
