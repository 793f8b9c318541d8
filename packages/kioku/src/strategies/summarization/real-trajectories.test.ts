import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { beforeAll, expect, it } from 'vitest';
import { validateHistory } from '../../messages/validate-history.js';
import { describeWithTrajectories, trajectoriesDir } from '../../test/trajectories.js';
import { createBytesCounter } from '../../tokens/bytes-counter.js';
import { loadTranscripts } from '../../transcripts/load-transcripts.js';
import type { Transcript } from '../../transcripts/transcript.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { extractFacts } from './facts/extract-facts.js';
import { factChecker } from './facts/fact-checker.js';
import { securityInvestigationPrompt } from './prompts/security-investigation-prompt.js';
import { summarization } from './summarization.js';
import { isSummarizeEdit } from './summarize-edit.js';
import { isSummaryMessage, summaryText } from './summary-message.js';

/** A summarizer that keeps the first 60 characters of each message it reads: it drops most facts. */
const forgetful = new MockLanguageModelV4({
  doGenerate: async (options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
    const prompt = options.prompt
      .flatMap((message) =>
        message.role === 'user'
          ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
          : [],
      )
      .join('\n');
    const text = prompt
      .split(/^### /m)
      .slice(1)
      .map((block) => `- ${block.replace(/\s+/g, ' ').slice(0, 60)}`)
      .join('\n')
      .slice(0, Math.max(200, prompt.length / 5));
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: {
          total: prompt.length / 4,
          noCache: undefined,
          cacheRead: undefined,
          cacheWrite: undefined,
        },
        outputTokens: { total: text.length / 4, text: undefined, reasoning: undefined },
      },
      warnings: [],
    };
  },
});

describeWithTrajectories('summarization on the SOC investigations (SecRL)', () => {
  let runs: Transcript[];
  beforeAll(async () => {
    const { transcripts } = await loadTranscripts([`${trajectoriesDir}/SecRL`]);
    runs = transcripts.filter((transcript) => transcript.format === 'excytin-agent');
  });

  it('keeps every replayed prompt valid and every IOC of what it replaced, whatever the summarizer drops', async () => {
    const counter = createBytesCounter();
    let compactions = 0;
    let repaired = 0;
    for (const run of runs) {
      const strategy = summarization({
        model: forgetful,
        prompt: securityInvestigationPrompt,
        trigger: { inputTokens: 3000 },
        minSliceTokens: 300,
      });
      let state = strategy.initialState();
      const calls = run.messages.flatMap((message, index) => (message.role === 'assistant' ? [index] : []));
      for (const length of calls) {
        const messages = run.messages.slice(0, length);
        const result = await strategy.apply({
          messages,
          counter,
          budget: { contextWindow: 1_000_000 },
          state,
        });
        state = result.state;
        expect(validateHistory(result.messages)).toEqual([]);
        const kept = new Set(result.messages);
        for (const index of pinnedIndexes(messages))
          expect(kept.has(messages[index] as ModelMessage)).toBe(true);
        const edit = result.edits.find(isSummarizeEdit);
        if (edit === undefined) continue;
        const present = factChecker(summaryText(result.messages.find(isSummaryMessage) as ModelMessage));
        const facts = extractFacts(edit.messageIndexes.map((index) => messages[index] as ModelMessage));
        expect(facts.filter((fact) => !present(fact))).toEqual([]);
        if (edit.fresh) {
          compactions += 1;
          repaired += edit.facts?.repaired ?? 0;
        }
      }
    }
    expect(compactions).toBeGreaterThan(20);
    expect(repaired).toBeGreaterThan(100);
  });
});
