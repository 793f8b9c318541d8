import type { ModelMessage } from 'ai';

/** A tool the agent offered the model, as JSON Schema (what the provider was sent). */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the tool's input. */
  inputSchema: Record<string, unknown>;
}

/** What a provider billed for one call, as recorded in the transcript. Absent fields were not recorded. */
export interface RecordedUsage {
  /** All prompt tokens of the call, cached or not (OpenAI `prompt_tokens` convention). */
  promptTokens: number;
  completionTokens?: number;
  /** Prompt tokens read from the provider's cache (Anthropic `cache_read_input_tokens`, DeepSeek `prompt_cache_hit_tokens`, OpenAI `cached_tokens`). */
  cacheReadTokens?: number;
  /** Prompt tokens written to the cache (Anthropic `cache_creation_input_tokens`). */
  cacheWriteTokens?: number;
  /** What the call cost in USD, when the recorder computed it. */
  cost?: number;
}

/** One LLM call the agent made: its prompt is `messages.slice(0, messageCount)` of the transcript. */
export interface RecordedCall {
  /** How many of the transcript's messages (from the start) were in the prompt of this call. */
  messageCount: number;
  /** The model the call went to, as recorded (e.g. `deepseek-chat`, `claude-3-5-sonnet-20241022`). */
  model?: string;
  usage?: RecordedUsage;
  /** Seconds since the epoch, when recorded (the cache lifetime depends on it). */
  timestamp?: number;
}

/** One agent run read from a file, in the AI SDK's message model. */
export interface Transcript {
  /** The importer that read it, e.g. `mini-swe-agent`. */
  format: string;
  /** The file it came from. */
  file: string;
  /** An id for the run inside the file (task id, instance id, index). */
  id: string;
  /** The model the agent used, when the file says. */
  model?: string;
  messages: ModelMessage[];
  /** The tool definitions the agent sent, when the file has them. */
  tools?: ToolDefinition[];
  /** The LLM calls the agent made, in order, when the file lets us reconstruct them. */
  calls: RecordedCall[];
  /**
   * Why the prompts of its calls cannot be rebuilt, when the file does not record what the agent was sent
   * (a tau2-bench solo agent's ticket and tools): `messages` hold its actions and what they returned, but
   * not its instructions. Commands that count or price prompts (`kioku analyze`, `kioku tokens`) skip such
   * a run with this reason; next-tool prediction, which reads only the actions, uses it.
   */
  promptMissing?: string;
}
