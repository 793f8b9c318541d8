import { generateText, type LanguageModel, type ModelMessage, NoObjectGeneratedError, Output } from 'ai';
import { MemoryBufferError } from '../../../errors/memory-buffer-error.js';
import type { TokenCounter } from '../../../tokens/token-counter.js';
import { checkCount } from '../../internal/check-option.js';
import type { Strategy, StrategyEdit } from '../../strategy.js';
import { extractFacts } from '../facts/extract-facts.js';
import { cutText } from '../hierarchical/cut-text.js';
import { renderMessage } from '../hierarchical/render-message.js';
import { isSummaryMessage } from '../summary-message.js';
import { addUsage, noUsage, type SummaryUsage } from '../summary-usage.js';
import { isMemoryBlock, memoryBlock, renderMemory } from './memory-block.js';
import { emptyMemory, type MemoryItems } from './memory-items.js';
import { memoryConsolidationPrompt, memoryExtractionPrompt } from './memory-prompts.js';
import { type MemoryExtraction, memorySchema } from './memory-schema.js';
import { mergeMemory } from './merge-memory.js';
import { trimMemory } from './trim-memory.js';

/** Options of {@link memoryBuffer}. */
export interface MemoryBufferOptions {
  /** The extraction model (structured output); it may be small and cheap. */
  model: LanguageModel;
  /** Extract once this many new messages have come since the last extraction; default 10. */
  every?: number;
  /** Most tokens of the memory block; beyond, it is consolidated; default 800. */
  maxTokens?: number;
  /**
   * How an oversized memory is consolidated: `'model'` (default: one call rewrites it, then the oldest
   * items go if it is still too large) or `'deterministic'` (the oldest items go; no call).
   */
  consolidation?: 'model' | 'deterministic';
  /** The extraction call's instructions; default `memoryExtractionPrompt`. */
  instructions?: string;
  /** A message is cut to this many characters in the extraction prompt; default 6,000. */
  maxMessageCharacters?: number;
  /** Retries of each call; default 2. */
  maxRetries?: number;
  /** Most milliseconds one call may take before it is aborted; default 120,000. */
  timeoutMs?: number;
  /** Aborts the calls (the caller's signal); combined with `timeoutMs`. */
  abortSignal?: AbortSignal;
  /** The strategy's name; default `'memory-buffer'`. */
  name?: string;
}

/** What the memory buffer remembers between calls (plain JSON). */
export interface MemoryBufferState {
  /** Messages of the history already read (extraction covers `messages.slice(0, processed)`). */
  readonly processed: number;
  readonly memory: MemoryItems;
  /** Consolidations made so far. */
  readonly consolidations: number;
}

/** The edit the memory buffer reports at every call: its block, inserted after the task. */
export interface MemoryBufferEdit extends StrategyEdit {
  kind: 'insert-memory';
  /** True on a call that updated the memory. */
  fresh: boolean;
  /** The extraction and consolidation calls of this call; only when `fresh`. */
  usage?: SummaryUsage;
  /** Whether this call consolidated the memory. */
  consolidated?: boolean;
}

/**
 * Memory buffering: every `every` new messages, one model call with structured output (validated by a zod
 * schema) extracts entities, decisions and constraints, and the deterministic extractors add the IOCs
 * and the user's instructions (as constraints). They are kept as ONE compact pinned user message (opening
 * with `=== Memory: entities, decisions, constraints ===`) inserted right after the task, which every
 * strategy keeps, so it survives every compaction. When the block passes `maxTokens` it is consolidated
 * (one call, or deterministic trimming). Put it before a summarization in a `pipeline`. A failed call
 * throws `MemoryBufferError` and changes nothing.
 *
 * @example
 * const strategy = pipeline(memoryBuffer({ model: cheapModel }), summarization({ model: cheapModel }));
 */
export function memoryBuffer({
  model,
  every = 10,
  maxTokens = 800,
  consolidation = 'model',
  instructions = memoryExtractionPrompt,
  maxMessageCharacters = 6000,
  maxRetries = 2,
  timeoutMs = 120_000,
  abortSignal,
  name = 'memory-buffer',
}: MemoryBufferOptions): Strategy<MemoryBufferState> {
  checkCount({ strategy: 'memoryBuffer', option: 'every', value: every, min: 1 });
  checkCount({ strategy: 'memoryBuffer', option: 'maxTokens', value: maxTokens, min: 1 });
  checkCount({
    strategy: 'memoryBuffer',
    option: 'maxMessageCharacters',
    value: maxMessageCharacters,
    min: 1,
  });
  checkCount({ strategy: 'memoryBuffer', option: 'maxRetries', value: maxRetries });
  checkCount({ strategy: 'memoryBuffer', option: 'timeoutMs', value: timeoutMs, min: 1 });
  let memo: { text: string; message: ModelMessage } | undefined;
  const blockFor = (memory: MemoryItems): ModelMessage => {
    const text = renderMemory(memory);
    if (memo?.text !== text) memo = { text, message: memoryBlock(memory) };
    return memo.message;
  };

  const ask = async (
    call: 'extraction' | 'consolidation',
    system: string,
    prompt: string,
  ): Promise<{ output: MemoryExtraction; usage: SummaryUsage }> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const result = await generateText({
        model,
        instructions: system,
        prompt,
        output: Output.object({ schema: memorySchema, name: 'memory' }),
        maxRetries,
        abortSignal: abortSignal === undefined ? timeout : AbortSignal.any([abortSignal, timeout]),
      });
      return {
        output: result.output,
        usage: {
          inputTokens: result.usage.inputTokens ?? 0,
          outputTokens: result.usage.outputTokens ?? 0,
          calls: 1,
        },
      };
    } catch (error) {
      const malformed = NoObjectGeneratedError.isInstance(error);
      const timedOut = timeout.aborted && abortSignal?.aborted !== true;
      throw new MemoryBufferError({
        reason: malformed ? 'malformed-output' : 'model-error',
        call,
        message: timedOut
          ? `the ${call} call gave no answer within ${timeoutMs} ms (timeoutMs)`
          : error instanceof Error
            ? error.message
            : String(error),
        cause: error,
      });
    }
  };

  const consolidate = async (memory: MemoryItems, counter: TokenCounter) => {
    const fits = (candidate: MemoryItems) => counter.countMessage(blockFor(candidate)) <= maxTokens;
    if (fits(memory)) return { memory, usage: noUsage, consolidated: false };
    let usage = noUsage;
    let current = memory;
    if (consolidation === 'model') {
      const { entities, decisions, constraints } = memory;
      const answer = await ask(
        'consolidation',
        memoryConsolidationPrompt.replaceAll('{maxTokens}', String(maxTokens)),
        `<memory>\n${JSON.stringify({ entities, decisions, constraints }, null, 1)}\n</memory>`,
      );
      usage = answer.usage;
      // The user's constraints are kept whatever the model did with them; indicators stay deterministic.
      current = mergeMemory(
        { ...emptyMemory, indicators: memory.indicators },
        { ...answer.output, constraints: [...memory.constraints, ...answer.output.constraints] },
      );
    }
    return { memory: trimMemory(current, fits), usage, consolidated: true };
  };

  return {
    name,
    lossy: false,
    needsModel: true,
    initialState: () => ({ processed: 0, memory: emptyMemory, consolidations: 0 }),
    async apply({ messages, counter, state }) {
      const processed = Math.min(state.processed, messages.length);
      const fresh = messages
        .slice(processed)
        .filter((message) => message.role !== 'system' && !isMemoryBlock(message));
      let next = processed === state.processed ? state : { ...state, processed };
      let usage: SummaryUsage | undefined;
      let consolidated = false;
      if (fresh.length >= every) {
        const current = next.memory;
        const shown = renderMemory(current);
        const rendered = fresh
          .map((message) => cutText(renderMessage(message), maxMessageCharacters))
          .join('\n\n');
        const extracted = await ask(
          'extraction',
          instructions,
          `<memory>\n${shown}\n</memory>\n\n<new-messages>\n${rendered}\n</new-messages>`,
        );
        const facts = extractFacts(fresh.filter((message) => !isSummaryMessage(message)));
        const merged = mergeMemory(current, {
          ...extracted.output,
          constraints: [
            ...facts.filter((fact) => fact.kind === 'instruction').map((fact) => fact.value),
            ...extracted.output.constraints,
          ],
          indicators: facts.filter((fact) => fact.kind !== 'instruction'),
        });
        const result = await consolidate(merged, counter);
        usage = addUsage(extracted.usage, result.usage);
        consolidated = result.consolidated;
        next = {
          processed: messages.length,
          memory: result.memory,
          consolidations: next.consolidations + (consolidated ? 1 : 0),
        };
      }
      const empty =
        next.memory.entities.length +
          next.memory.decisions.length +
          next.memory.constraints.length +
          next.memory.indicators.length ===
        0;
      if (empty) return { messages: messages.slice(), edits: [], state: next };
      const block = blockFor(next.memory);
      const task = messages.findIndex((message) => message.role === 'user');
      const at = task === -1 ? messages.findIndex((message) => message.role !== 'system') : task + 1;
      const position = at === -1 ? messages.length : at;
      const edit: MemoryBufferEdit = {
        strategy: name,
        kind: 'insert-memory',
        messageIndexes: [],
        tokensBefore: 0,
        tokensAfter: counter.countMessage(block),
        fresh: usage !== undefined,
        ...(usage === undefined ? {} : { usage, consolidated }),
      };
      return {
        messages: [...messages.slice(0, position), block, ...messages.slice(position)],
        edits: [edit],
        state: next,
      };
    },
  };
}
