import type { LanguageModel } from 'ai';
import type { SubAgentMemory } from '../agents/sub-agent-memory.js';
import { IntrospectionError } from '../errors/introspection-error.js';
import { formatPastKnowledge } from './format-past-knowledge.js';
import { type IntrospectionReport, introspect } from './introspect.js';
import type { Memory, RecalledMemory } from './memory.js';

/** Options of {@link subAgentMemoryHooks}. */
export interface SubAgentMemoryHooksOptions {
  memory: Memory;
  /** The model that introspects after each run (may be cheaper than the sub-agent's). */
  model: LanguageModel;
  /**
   * The names learned claims must be about (e.g. the tables and columns the sub-agent queries), read once
   * per introspection: a claim naming none of them is refused (see `guardLearnedClaim`). When reading
   * them fails (throws, or gives anything but a non-empty list of names), nothing is learned and the
   * failure is reported: claims are never stored without the check.
   */
  vocabulary?: () => Promise<readonly string[]>;
  /** Told what each introspection did (learned, or failed without writing anything). */
  onIntrospection?: (report: IntrospectionReport) => void;
}

/**
 * kioku's learning memory as a sub-agent's memory: before a run, the memories recalled for its request
 * go into its system prompt as a "Past knowledge" block; after it, one introspection call stores new
 * claims and scores the recalled ones (+1 helpful, −1 harmful, deleted below the memory's threshold).
 * An introspection failure is reported, never thrown.
 *
 * @example
 * subAgent({ name: 'logs_run', …, memory: subAgentMemoryHooks({ memory, model }) });
 */
export function subAgentMemoryHooks({
  memory,
  model,
  vocabulary,
  onIntrospection,
}: SubAgentMemoryHooksOptions): SubAgentMemory {
  return {
    async recall({ request }) {
      const recalled = await memory.recall({ request });
      return { prompt: formatPastKnowledge(recalled), recalled };
    },
    async learn({ request, messages, recalled, abortSignal }) {
      let names: readonly string[] | undefined;
      try {
        names = vocabulary === undefined ? undefined : checkedVocabulary(await vocabulary());
      } catch (error) {
        // Without the names, claims cannot be checked: nothing is learned (never learned without the
        // check), and that is reported.
        const message = `reading the vocabulary failed: ${error instanceof Error ? error.message : String(error)}`;
        onIntrospection?.({
          success: false,
          error: new IntrospectionError({ kind: 'learn-error', message, cause: error }),
        });
        return;
      }
      const report = await introspect({
        memory,
        model,
        request,
        messages,
        recalled: recalled as RecalledMemory[],
        ...(names === undefined ? {} : { vocabulary: names }),
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
      onIntrospection?.(report);
    },
  };
}

// What a vocabulary reader gave, when it is a list of names; it comes from an engine's metadata at run
// time, so it is checked here, not trusted to its type.
function checkedVocabulary(names: unknown): readonly string[] {
  if (!Array.isArray(names)) {
    throw new TypeError(`expected a list of names, got ${names === null ? 'null' : typeof names}`);
  }
  const position = names.findIndex((name) => typeof name !== 'string' || name.trim() === '');
  if (position !== -1) {
    throw new TypeError(
      `expected a list of names, item ${position} is ${JSON.stringify(names[position]) ?? 'undefined'}`,
    );
  }
  if (names.length === 0) throw new TypeError('expected a list of names, got an empty list');
  return names as readonly string[];
}
