import type { ModelMessage } from 'ai';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { applyCalibration, type Calibration } from './calibration.js';
import type { ChatTemplate } from './chat-template.js';
import type { MediaTokens } from './media-part.js';
import { messageParts } from './message-parts.js';
import type { Rendered, RenderedMessage } from './rendered-message.js';
import type { TokenCounter } from './token-counter.js';
import { emptyFeatures, type TokenFeatures } from './token-features.js';
import type { Tokenizer } from './tokenizer.js';

/** A counter that also shows the uncalibrated features behind its counts (what calibration fits). */
export interface CalibratableCounter extends TokenCounter {
  readonly calibration: Calibration;
  /** Features of one message; cached per message object like `countMessage` (do not mutate them). */
  messageFeatures(message: ModelMessage): TokenFeatures;
  toolFeatures(tools: readonly ToolDefinition[]): TokenFeatures;
  requestFeatures(): TokenFeatures;
}

/** Options of {@link createTemplateCounter}. */
export interface TemplateCounterOptions {
  family: string;
  exact: boolean;
  /** Called lazily, on the first count, so that building a counter does not load a vocabulary. */
  tokenizer: () => Tokenizer;
  template: ChatTemplate;
  calibration: Calibration;
  /** What images and documents cost by the provider's rules; default: only their placeholder text. */
  mediaTokens?: MediaTokens | undefined;
}

/**
 * Builds a counter from a tokenizer, a chat template and a calibration. Each message is rendered and
 * tokenized once: its count is cached in a `WeakMap` keyed by the message object, so counting a history
 * that grows by one message tokenizes only that message (messages are treated as immutable: a message
 * changed in place keeps its old count). Counts are rounded per message; `countPrompt` is
 * exactly the request's count plus `countTools` (when tools are given) plus the sum of `countMessage`.
 */
export function createTemplateCounter({
  family,
  exact,
  tokenizer,
  template,
  calibration,
  mediaTokens,
}: TemplateCounterOptions): CalibratableCounter {
  const featureCache = new WeakMap<ModelMessage, TokenFeatures>();
  const countCache = new WeakMap<ModelMessage, number>();
  // Keyed by content: agents often rebuild the tool list for every request.
  const toolCache = new Map<string, number>();
  let request: TokenFeatures | undefined;
  let requestCount: number | undefined;

  function measure(rendered: Rendered): TokenFeatures {
    const features = emptyFeatures();
    features.specialTokens = rendered.specialTokens;
    const count = tokenizer();
    for (const piece of rendered.pieces) {
      const tokens = count.count(piece.text);
      if (piece.kind === 'text') features.textTokens += tokens;
      else if (piece.kind === 'toolCall') features.toolCallTokens += tokens;
      else features.toolResultTokens += tokens;
    }
    return features;
  }

  function messageFeatures(message: ModelMessage): TokenFeatures {
    let features = featureCache.get(message);
    if (features === undefined) {
      const rendered = template.renderMessage(message);
      features = measure(rendered);
      features[roleFeature[rendered.role]] = 1;
      features.toolCalls = rendered.toolCalls;
      features.toolResults = rendered.toolResults;
      if (mediaTokens !== undefined && typeof message.content !== 'string') {
        for (const media of messageParts(message).media) features.mediaTokens += mediaTokens(media);
      }
      featureCache.set(message, features);
    }
    return features;
  }

  function toolFeatures(tools: readonly ToolDefinition[]): TokenFeatures {
    const features = emptyFeatures();
    if (tools.length === 0) return features;
    features.toolSchemaTokens = tokenizer().count(template.renderTools(tools));
    features.toolSets = 1;
    return features;
  }

  function countMessage(message: ModelMessage): number {
    let count = countCache.get(message);
    if (count === undefined) {
      count = Math.max(0, Math.round(applyCalibration(messageFeatures(message), calibration)));
      countCache.set(message, count);
    }
    return count;
  }

  function countTools(tools: readonly ToolDefinition[]): number {
    const key = JSON.stringify(tools);
    let count = toolCache.get(key);
    if (count === undefined) {
      count = Math.max(0, Math.round(applyCalibration(toolFeatures(tools), calibration)));
      if (toolCache.size >= maxCachedToolLists) toolCache.clear();
      toolCache.set(key, count);
    }
    return count;
  }

  function requestFeatures(): TokenFeatures {
    if (request === undefined) {
      request = measure(template.renderRequest());
      request.requests = 1;
    }
    return request;
  }

  return {
    family,
    exact,
    additive: true,
    calibration,
    countMessage,
    countTools,
    countPrompt({ messages, tools }) {
      requestCount ??= Math.max(0, Math.round(applyCalibration(requestFeatures(), calibration)));
      let total = requestCount + (tools === undefined ? 0 : countTools(tools));
      for (const message of messages) total += countMessage(message);
      return total;
    },
    countText(text) {
      // Scaled like message text: for a stand-in vocabulary the scale is what makes it an estimate.
      return Math.round(tokenizer().count(text) * calibration.textScale);
    },
    messageFeatures,
    toolFeatures,
    requestFeatures,
  };
}

const maxCachedToolLists = 64;

const roleFeature = {
  system: 'systemMessages',
  user: 'userMessages',
  assistant: 'assistantMessages',
  tool: 'toolMessages',
} as const satisfies Record<RenderedMessage['role'], keyof TokenFeatures>;
