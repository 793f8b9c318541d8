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
export function layoutPrompt(prompt: Prompt, options: LayoutPromptOptions): PromptLayout {
  return layoutPromptAfter(prompt, options, undefined);
}

/** A prompt laid out before: the prompt and its layout. */
export interface LaidOutPrompt {
  prompt: Prompt;
  layout: PromptLayout;
}

/**
 * {@link layoutPrompt}, taking from `previous` (laid out by the same counter) the blocks of the messages
 * both prompts start with (the same objects, after the same tools): a block depends only on the blocks
 * before it and its message, whose count and digest are kept by object. A sequence of prompts that each
 * grow the one before is laid out in the time of its new messages.
 */
export function layoutPromptAfter(
  prompt: Prompt,
  { counter, completion }: LayoutPromptOptions,
  previous: LaidOutPrompt | undefined,
): PromptLayout {
  const blocks: PromptBlock[] = [];
  let key = '';
  let end = 0;
  const { tools } = prompt;
  if (tools !== undefined && tools.length > 0) {
    end = counter.countTools(tools);
    key = chain(key, messageDigest(tools));
    blocks.push({ key, end });
  }
  let from = 0;
  if (previous !== undefined && previous.prompt.tools === tools) {
    const before = previous.prompt.messages;
    const limit = Math.min(before.length, prompt.messages.length);
    while (from < limit && before[from] === prompt.messages[from]) from += 1;
    const offset = blocks.length;
    const last = previous.layout.blocks[offset + from - 1];
    if (from > 0 && last !== undefined) {
      for (let index = offset; index < offset + from; index += 1) {
        blocks.push(previous.layout.blocks[index] as PromptBlock);
      }
      key = last.key;
      end = last.end;
    } else {
      from = 0;
    }
  }
  for (let index = from; index < prompt.messages.length; index += 1) {
    const message = prompt.messages[index] as ModelMessage;
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
