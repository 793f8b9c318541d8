import { createHash } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { Prompt, TokenCounter } from '../tokens/token-counter.js';
import { messageDigest } from './message-digest.js';

/** An Anthropic `cache_control` marker on a message (`ttl` `'1h'` for the long lifetime). */
export interface CacheControlMarker {
  type: string;
  ttl?: string;
}

/** One block of a prompt as a provider caches it: the tool definitions, or one message. */
export interface PromptBlock {
  /** Identifies the prompt prefix ending with this block: equal keys mean equal prefixes. */
  key: string;
  /** Tokens from the start of the prompt to the end of this block. */
  end: number;
  /** The Anthropic cache breakpoint the message carries (`providerOptions.anthropic.cacheControl`). */
  cacheControl?: CacheControlMarker;
}

/** A prompt laid out in token positions, the input of a `CachePolicy`. */
export interface PromptLayout {
  /** The tool definitions (when sent), then each message, in the order providers cache them. */
  blocks: PromptBlock[];
  /** All prompt tokens, including the request overhead that follows the last block. */
  promptTokens: number;
  /** The model's answer as the next prompt will hold it, when known (DeepSeek caches it too). */
  completion?: PromptBlock;
}

/** Options of {@link layoutPrompt}. */
export interface LayoutPromptOptions {
  counter: TokenCounter;
  /** The assistant message the call produced, if known. */
  completion?: ModelMessage | undefined;
}

/** Memo of prefix keys; histories share prefixes, so most chain steps repeat. Cleared when large. */
const chained = new Map<string, string>();
const chainedLimit = 200_000;

/**
 * Lays a prompt out as cacheable blocks with token positions from `counter` (prefix sums of
 * `countTools` and `countMessage`) and content keys that ignore `providerOptions`, so that moving a cache
 * marker does not change what a prefix is.
 *
 * @example
 * const layout = layoutPrompt({ messages, tools }, { counter });
 * layout.blocks.at(-1)?.end; // tokens up to the end of the last message
 */
export function layoutPrompt(prompt: Prompt, { counter, completion }: LayoutPromptOptions): PromptLayout {
  const blocks: PromptBlock[] = [];
  let key = '';
  let end = 0;
  if (prompt.tools !== undefined && prompt.tools.length > 0) {
    end = counter.countTools(prompt.tools);
    key = chain(key, messageDigest(prompt.tools));
    blocks.push({ key, end });
  }
  for (const message of prompt.messages) {
    end += counter.countMessage(message);
    key = chain(key, messageDigest(message));
    const cacheControl = cacheControlOf(message);
    blocks.push(cacheControl === undefined ? { key, end } : { key, end, cacheControl });
  }
  const promptTokens = Math.max(end, counter.countPrompt(prompt));
  const layout: PromptLayout = { blocks, promptTokens };
  if (completion !== undefined) {
    layout.completion = {
      key: chain(key, messageDigest(completion)),
      end: end + counter.countMessage(completion),
    };
  }
  return layout;
}

function cacheControlOf(message: ModelMessage): CacheControlMarker | undefined {
  const marker = message.providerOptions?.anthropic?.cacheControl;
  if (typeof marker !== 'object' || marker === null || !('type' in marker)) return undefined;
  const { type, ttl } = marker as { type: unknown; ttl?: unknown };
  if (typeof type !== 'string') return undefined;
  return typeof ttl === 'string' ? { type, ttl } : { type };
}

function chain(previous: string, digest: string): string {
  const joined = `${previous}|${digest}`;
  let key = chained.get(joined);
  if (key === undefined) {
    key = createHash('sha1').update(joined).digest('base64');
    if (chained.size >= chainedLimit) chained.clear();
    chained.set(joined, key);
  }
  return key;
}
