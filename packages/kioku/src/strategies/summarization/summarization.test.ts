import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SummarizationError } from '../../errors/summarization-error.js';
import { validateHistory } from '../../messages/validate-history.js';
import { agentHistory } from '../../test/arbitrary-history.js';
import { hangingModel } from '../../test/hanging-model.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { pin } from '../internal/pin.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { observationMasking } from '../observation-masking/observation-masking.js';
import { pipeline } from '../pipeline/pipeline.js';
import { compactHistory } from './compact-history.js';
import { generalPrompt } from './prompts/general-prompt.js';
import { securityInvestigationPrompt } from './prompts/security-investigation-prompt.js';
import { summarization } from './summarization.js';
import { isSummarizeEdit, summaryUsageOf } from './summarize-edit.js';
import { isSummaryMessage, summaryMarker, summaryText } from './summary-message.js';

type Reply = string | Error | LanguageModelV4Content[] | ((prompt: string) => string | Error);

/** A summarizer answering each call with the next scripted reply (the last one repeats); records the prompts. */
function scriptedSummarizer(...replies: Reply[]) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
      const prompt = promptText(options);
      prompts.push(prompt);
      let reply = replies[Math.min(prompts.length, replies.length) - 1] ?? '';
      if (typeof reply === 'function') reply = reply(prompt);
      if (reply instanceof Error) throw reply;
      return {
        content: typeof reply === 'string' ? [{ type: 'text', text: reply }] : reply,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 500, noCache: 500, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 40, text: 40, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, prompts };
}

function promptText(options: LanguageModelV4CallOptions): string {
  return options.prompt
    .filter((message) => message.role === 'user')
    .flatMap((message) => message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
    .join('\n');
}

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const system: ModelMessage = { role: 'system', content: 'You are a SOC analyst.' };
const task: ModelMessage = { role: 'user', content: 'Triage alert 42: suspicious sign-in to host ws-7.' };

/**
 * An investigation: 10 query steps with IOCs in their outputs, a follow-up instruction after the 3rd and
 * a follow-up question after the 9th.
 */
function investigation(steps = 10): ModelMessage[] {
  return [
    system,
    task,
    ...Array.from({ length: steps }, (_, i) => [
      ...toolStep({
        id: `q${i}`,
        toolName: 'query_logs',
        input: { sql: `SELECT * FROM SigninLogs WHERE step = ${i}` },
        output: `${outputLines(20)}\nSource IP 203.0.113.${i + 1} connected to c2-${i}.example.net`,
        thought: `Checking sign-ins, step ${i}.`,
      }),
      ...(i === 2 ? [{ role: 'user' as const, content: 'Do not isolate the host before we confirm.' }] : []),
      ...(i === 8 ? [{ role: 'user' as const, content: 'Continue with the next host.' }] : []),
    ]).flat(),
  ];
}

describe('summarization', () => {
  it('replaces the oldest ~70% by one summary message after the task, and reports the call', async () => {
    const { model, prompts } = scriptedSummarizer(
      'The analyst queried sign-ins for ws-7; nothing confirmed yet.',
    );
    const strategy = summarization({ model, trigger: { inputTokens: 100 }, preserveFacts: false });
    const messages = investigation();
    const {
      messages: output,
      edits,
      state,
    } = await strategy.apply({
      messages,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(validateHistory(output)).toEqual([]);
    expect(output.slice(0, 2)).toEqual([system, task]);
    expect(output[0]).toBe(system);
    expect(output[1]).toBe(task);
    expect(output[2]).toEqual({
      role: 'user',
      content: `${summaryMarker}\nThe analyst queried sign-ins for ws-7; nothing confirmed yet.`,
      providerOptions: { kioku: { summary: true } },
    });
    expect(output.slice(3)).toEqual(messages.slice(messages.length - output.length + 3));
    expect(output.filter(isSummaryMessage)).toHaveLength(1);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('### tool result (query_logs)');
    const [edit] = edits;
    expect(edit && isSummarizeEdit(edit)).toBe(true);
    expect(edit).toMatchObject({
      strategy: 'summarization',
      kind: 'summarize',
      fresh: true,
      estimated: false,
      usage: { inputTokens: 500, outputTokens: 40, calls: 1 },
    });
    expect(summaryUsageOf(edits)).toEqual({ inputTokens: 500, outputTokens: 40, calls: 1 });
    expect(state.compactions).toBe(1);
    const replaced = edit?.messageIndexes ?? [];
    expect(replaced[0]).toBe(2);
    const before = counter.countPrompt({ messages });
    const kept = before - counter.countPrompt({ messages: messages.slice(replaced.at(-1) ?? 0) });
    expect(kept / before).toBeGreaterThan(0.55);
  });

  it("prices an 'estimated' summary by the summary-cost model: the prompt and the slice in, the cap out, facts preserved", async () => {
    const strategy = summarization({
      model: 'estimated',
      trigger: { inputTokens: 100 },
      maxSummaryTokens: 200,
    });
    expect(strategy.needsModel).toBe(false);
    const messages = investigation();
    const { messages: output, edits } = await strategy.apply({
      messages,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(validateHistory(output)).toEqual([]);
    const [edit] = edits;
    expect(edit && isSummarizeEdit(edit) && edit.estimated && edit.fresh).toBe(true);
    const replaced = (edit?.messageIndexes ?? []).map((index) => messages[index] as ModelMessage);
    const sliceTokens = replaced.reduce((sum, message) => sum + counter.countMessage(message), 0);
    expect(edit?.usage).toEqual({
      inputTokens: counter.countText(generalPrompt) + sliceTokens,
      outputTokens: 200,
      calls: 1,
    });
    const text = summaryText(output.find(isSummaryMessage) as ModelMessage) ?? '';
    expect(text).toMatch(/^\[Estimated summary: a placeholder of about 200 tokens/);
    // The live code's fact preservation runs on it: the slice's IOCs and the user's instruction stand.
    expect(text).toContain('203.0.113.1');
    expect(text).toContain('Do not isolate the host before we confirm.');
  });

  it('appends the IOCs and instructions a summary dropped under Preserved facts', async () => {
    const { model } = scriptedSummarizer('Sign-ins were checked.');
    const strategy = summarization({
      model,
      trigger: { inputTokens: 100 },
      prompt: securityInvestigationPrompt,
    });
    const { messages: output, edits } = await strategy.apply({
      messages: investigation(),
      counter,
      budget,
      state: strategy.initialState(),
    });
    const summary = output.find(isSummaryMessage)?.content as string;
    expect(summary).toContain('Preserved facts (verbatim from the summarized messages):');
    expect(summary).toContain('  - Do not isolate the host before we confirm.');
    // Each address with the host its log line named.
    expect(summary).toContain(
      '- IPv4 addresses: 203.0.113.1 (with c2-0.example.net), 203.0.113.2 (with c2-1.example.net)',
    );
    expect(summary).toContain('- Identifiers: SigninLogs');
    expect(summary).toContain('c2-0.example.net');
    const edit = edits.find(isSummarizeEdit);
    expect(edit?.facts?.repaired).toBe(edit?.facts?.extracted);
    expect(edit?.facts?.present).toBe(0);
  });

  it('caps preserved facts on IOC-dense outputs: the prompt fits the window, the top facts survive', async () => {
    // 60 log dumps of 150 distinct addresses, hashes and hosts each; one host and one hash in every dump.
    const dump = (step: number) =>
      Array.from({ length: 150 }, (_, i) => {
        const n = step * 150 + i;
        return `${n} 10.${n >> 16}.${(n >> 8) & 255}.${n & 255} host-${n}.corp.example.com ${n.toString(16).padStart(8, '0').repeat(4)}`;
      }).join('\n');
    const messages: ModelMessage[] = [
      system,
      task,
      ...Array.from({ length: 60 }, (_, i) => [
        ...toolStep({
          id: `d${i}`,
          toolName: 'query_logs',
          output: `${dump(i)}\nbeacon from 198.51.100.77 to evil-c2.example.org, sample ${'ab12'.repeat(16)}`,
        }),
        ...(i === 5
          ? [{ role: 'user' as const, content: 'Do not isolate the host before we confirm.' }]
          : []),
        ...(i === 50 ? [{ role: 'user' as const, content: 'Continue with the next host.' }] : []),
      ]).flat(),
    ];
    const contextWindow = Math.round(counter.countPrompt({ messages }) * 0.55);
    const window = { contextWindow, reservedOutputTokens: 1000 };
    const { model } = scriptedSummarizer('The analyst reviewed sign-in dumps.');
    const capped = summarization({
      model,
      trigger: { inputTokens: 100 },
      maxPreservedFactsTokens: 1_000_000,
    });
    const { messages: output, edits } = await capped.compact({
      messages,
      counter,
      budget: window,
      state: capped.initialState(),
    });
    expect(counter.countPrompt({ messages: output })).toBeLessThanOrEqual(contextWindow - 1000);
    const summary = output.find(isSummaryMessage)?.content as string;
    expect(summary).toContain('  - Do not isolate the host before we confirm.');
    expect(summary).toContain('198.51.100.77');
    expect(summary).toContain('evil-c2.example.org');
    expect(summary).toContain('ab12'.repeat(16));
    expect(summary).toMatch(/- Left out for space: \d+ more/);
    const facts = edits.find(isSummarizeEdit)?.facts;
    expect(facts?.dropped).toBeGreaterThan(1000);
    expect((facts?.repaired ?? 0) + (facts?.dropped ?? 0)).toBe(facts?.extracted);

    // An explicit cap holds whatever the window leaves.
    const fixed = summarization({
      model,
      trigger: { inputTokens: 100 },
      maxSummaryTokens: 200,
      maxPreservedFactsTokens: 400,
    });
    const result = await fixed.compact({ messages, counter, budget, state: fixed.initialState() });
    const text = summaryText(result.messages.find(isSummaryMessage) as ModelMessage);
    expect(counter.countText(text)).toBeLessThanOrEqual(
      counter.countText('The analyst reviewed sign-in dumps.') + 400 + 2,
    );
  });

  it('lets preserved facts grow into half the room the window leaves by default', async () => {
    // 30 dumps of 40 addresses each: 1,200 facts, far more than twice the summary's 200 tokens.
    const dump = (step: number) =>
      Array.from({ length: 40 }, (_, i) => `10.0.${step}.${i + 1} sign-in failed`).join('\n');
    const messages: ModelMessage[] = [
      system,
      task,
      ...Array.from({ length: 30 }, (_, i) =>
        toolStep({ id: `d${i}`, toolName: 'query_logs', output: dump(i) }),
      ).flat(),
    ];
    const summarized = 'The analyst reviewed failed sign-ins.';
    const { model } = scriptedSummarizer(summarized);
    const compact = async (window: number) => {
      const strategy = summarization({ model, trigger: { inputTokens: 100 }, maxSummaryTokens: 200 });
      const budget = { contextWindow: window, reservedOutputTokens: 0 };
      const { messages: output, edits } = await strategy.compact({
        messages,
        counter,
        budget,
        state: strategy.initialState(),
      });
      const summary = output.find(isSummaryMessage) as ModelMessage;
      const kept = counter.countPrompt({ messages: output }) - counter.countMessage(summary);
      const section = counter.countText(summaryText(summary)) - counter.countText(summarized);
      return { section, kept, summary, facts: edits.find(isSummarizeEdit)?.facts, prompt: output };
    };
    // A wide window: every address fits in half of what it leaves, far beyond 2 × maxSummaryTokens.
    const wide = await compact(100_000);
    expect(wide.section).toBeGreaterThan(2 * 200 + 2);
    expect(wide.facts?.dropped).toBe(0);
    expect(wide.section).toBeLessThanOrEqual((100_000 - wide.kept) / 2);
    // A tighter one: the section takes about half of what the kept messages and the summary leave.
    const window = wide.kept + 3_000;
    const tight = await compact(window);
    expect(tight.facts?.dropped).toBeGreaterThan(0);
    expect(tight.section).toBeGreaterThan(2 * 200 + 2);
    expect(tight.section).toBeLessThanOrEqual((window - tight.kept) / 2 + 2);
    expect(counter.countPrompt({ messages: tight.prompt })).toBeLessThanOrEqual(window);
  });

  it('lists an address seen on two machines with both', async () => {
    const messages: ModelMessage[] = [
      system,
      { role: 'user', content: 'Triage alert 43 on ws-7 and db-2.' },
      ...toolStep({
        id: 'a',
        toolName: 'query_logs',
        output: `ws-7.corp.example.com 10.0.0.5 logon\n${outputLines(40)}`,
      }),
      ...toolStep({
        id: 'b',
        toolName: 'query_logs',
        output: `db-2.corp.example.com 10.0.0.5 logon\n${outputLines(40)}`,
      }),
      ...toolStep({ id: 'c', toolName: 'query_logs', output: outputLines(40) }),
      ...toolStep({ id: 'd', toolName: 'query_logs', output: outputLines(40) }),
    ];
    const { model } = scriptedSummarizer('The analyst reviewed logons.');
    const strategy = summarization({ model, trigger: { inputTokens: 100 } });
    const { messages: output } = await strategy.compact({
      messages,
      counter,
      budget,
      state: strategy.initialState(),
    });
    const summary = summaryText(output.find(isSummaryMessage) as ModelMessage);
    expect(summary).toContain('10.0.0.5 (with ws-7.corp.example.com), 10.0.0.5 (with db-2.corp.example.com)');
  });

  it('counts the facts a good summary kept as present, and repairs nothing', async () => {
    const { model } = scriptedSummarizer((prompt) => {
      const ips = [...prompt.matchAll(/203\.0\.113\.\d+/g)].map((match) => match[0]);
      const hosts = [...prompt.matchAll(/c2-\d+\.example\.net/g)].map((match) => match[0]);
      const pairs = [...new Set(ips)].map((ip, index) => `${ip} connected to ${hosts[index]}.`);
      return `User: do not isolate the host before we confirm. Queried SigninLogs. ${pairs.join(' ')}`;
    });
    const strategy = summarization({ model, trigger: { inputTokens: 100 } });
    const { edits } = await strategy.apply({
      messages: investigation(),
      counter,
      budget,
      state: strategy.initialState(),
    });
    const facts = edits.find(isSummarizeEdit)?.facts;
    expect(facts?.repaired).toBe(0);
    expect(facts?.present).toBe(facts?.extracted);
    expect(facts?.extracted).toBeGreaterThan(5);
  });

  it('reuses the summary until the next compaction, which folds it into a new one', async () => {
    const { model, prompts } = scriptedSummarizer(
      'First summary: ws-7 sign-ins.',
      'Second summary: still ws-7.',
    );
    const strategy = summarization({
      model,
      trigger: { inputTokens: 700 },
      minSliceTokens: 200,
      preserveFacts: false,
    });
    const history = investigation(30);
    let state = strategy.initialState();
    let summaries = 0;
    // The agent calls the model before each of its messages, with everything before it.
    const calls = history.flatMap((message, index) => (message.role === 'assistant' ? [index] : []));
    for (const length of calls) {
      const messages = history.slice(0, length);
      const result = await strategy.apply({ messages, counter, budget, state });
      expect(validateHistory(result.messages)).toEqual([]);
      expect(result.messages.filter(isSummaryMessage).length).toBeLessThanOrEqual(1);
      expect(counter.countPrompt({ messages: result.messages })).toBeLessThan(700);
      if (result.state.compactions > state.compactions) summaries += 1;
      else if (state.compactions > 0) {
        expect(result.edits).toEqual([expect.objectContaining({ kind: 'summarize', fresh: false })]);
        expect(summaryUsageOf(result.edits).calls).toBe(0);
      }
      state = result.state;
    }
    expect(summaries).toBe(prompts.length);
    expect(summaries).toBeGreaterThanOrEqual(2);
    expect(prompts[1]).toContain('### previous summary\nFirst summary: ws-7 sign-ins.');
  });

  it('keeps pinned messages verbatim, outside the summary, with their steps', async () => {
    const { model, prompts } = scriptedSummarizer('Summary.');
    const strategy = summarization({ model, trigger: { inputTokens: 100 }, preserveFacts: false });
    const messages = investigation();
    const [call, result] = toolStep({ id: 'pinned', output: 'Verdict: true positive.' });
    const pinnedCall = pin(call);
    const pinnedNote = pin<ModelMessage>({ role: 'user', content: 'Never email the user.' });
    messages.splice(4, 0, pinnedNote, pinnedCall, result);
    const { messages: output } = await strategy.apply({
      messages,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(output.slice(0, 6)).toEqual([system, task, pinnedNote, pinnedCall, result, expect.anything()]);
    expect(isSummaryMessage(output[5] as ModelMessage)).toBe(true);
    expect(output[3]).toBe(pinnedCall);
    expect(prompts[0]).not.toContain('Never email the user.');
    expect(validateHistory(output)).toEqual([]);
  });

  it('summarizes every 21 turns, keeping the last 10', async () => {
    const { model } = scriptedSummarizer('Earlier turns: the user asked about flights.');
    const strategy = summarization({
      model,
      split: { every: 21, keep: 10 },
      minSliceTokens: 0,
      preserveFacts: false,
    });
    const turns: ModelMessage[] = Array.from({ length: 21 }, (_, i): ModelMessage[] => [
      { role: 'user', content: `Question ${i} about my booking, with some detail to summarize.` },
      { role: 'assistant', content: `Answer ${i}.` },
    ]).flat();
    const early = await strategy.apply({
      messages: turns.slice(0, 40),
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(early.edits).toEqual([]);
    const { messages: output } = await strategy.apply({
      messages: turns,
      counter,
      budget,
      state: strategy.initialState(),
    });
    // The first question is the task (pinned); turns 1–10 are summarized; the last 10 turns stay.
    expect(output).toHaveLength(1 + 1 + 20);
    expect(output[0]).toBe(turns[0]);
    expect(isSummaryMessage(output[1] as ModelMessage)).toBe(true);
    expect(output.slice(2)).toEqual(turns.slice(22));
    expect(validateHistory(output)).toEqual([]);
  });

  it('works after observation masking in a pipeline', async () => {
    const { model, prompts } = scriptedSummarizer('Summary of the masked steps.');
    const strategy = pipeline(
      observationMasking({ keep: 2, minTokens: 0 }),
      summarization({ model, trigger: { inputTokens: 100 }, minSliceTokens: 0, preserveFacts: false }),
    );
    const { messages: output } = await strategy.apply({
      messages: investigation(),
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(validateHistory(output)).toEqual([]);
    // Only the two outputs masking kept are whole in what the summarizer reads.
    expect(prompts[0]?.match(/line 19/g)?.length ?? 0).toBeLessThanOrEqual(2);
  });

  it('summarizes map-reduce when the slice does not fit the summarizer', async () => {
    const { model, prompts } = scriptedSummarizer((prompt) =>
      prompt.startsWith('Below are summaries') ? 'Merged summary.' : `Part summary ${prompt.length}.`,
    );
    const strategy = summarization({
      model,
      trigger: { inputTokens: 100 },
      contextWindow: 2500,
      maxSummaryTokens: 150,
      preserveFacts: false,
    });
    const { messages: output, edits } = await strategy.apply({
      messages: investigation(20),
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(prompts.filter((prompt) => prompt.startsWith('Below is part')).length).toBeGreaterThan(1);
    expect(output.find(isSummaryMessage)?.content).toBe(`${summaryMarker}\nMerged summary.`);
    expect(summaryUsageOf(edits).calls).toBe(prompts.length);
    expect(validateHistory(output)).toEqual([]);
  });

  it('compacts now on demand, even below the trigger', async () => {
    const { model } = scriptedSummarizer('Summary on demand.');
    const strategy = summarization({ model, preserveFacts: false });
    const input = { messages: investigation(), counter, budget, state: strategy.initialState() };
    expect((await strategy.apply(input)).edits).toEqual([]);
    const { messages: output, state } = await strategy.compact(input);
    expect(output.filter(isSummaryMessage)).toHaveLength(1);
    expect(state.compactions).toBe(1);
  });

  it('never summarizes the latest user question, nor the results the next call needs', async () => {
    const question: ModelMessage = { role: 'user', content: 'Which IP beaconed first?' };
    const lastStep = toolStep({ id: 'last', toolName: 'query_logs', output: outputLines(40) });
    const histories = {
      'ends with the question': [...investigation(), question],
      'ends with a tool step after the question': [...investigation(), question, ...lastStep],
    };
    for (const [what, messages] of Object.entries(histories)) {
      for (const split of [{ fraction: 0.99 }, { every: 2, keep: 0 }] as const) {
        const { model } = scriptedSummarizer('Sign-ins were checked.');
        const strategy = summarization({ model, split, trigger: { inputTokens: 100 }, preserveFacts: false });
        const input = { messages, counter, budget, state: strategy.initialState() };
        for (const output of [await strategy.apply(input), await strategy.compact(input)]) {
          expect(output.messages, `${what}, ${JSON.stringify(split)}`).toContain(question);
          const tail = messages.slice(messages.indexOf(question) + 1);
          expect(output.messages.slice(output.messages.length - tail.length)).toEqual(tail);
          expect(validateHistory(output.messages)).toEqual([]);
        }
      }
    }
  });

  it('keeps the latest question verbatim when the cut passes it, and folds it once a newer one comes', async () => {
    const { model, prompts } = scriptedSummarizer('Sign-ins were checked.');
    const strategy = summarization({ model, trigger: { inputTokens: 100 }, preserveFacts: false });
    const question: ModelMessage = { role: 'user', content: 'Which IP beaconed first?' };
    const run = (from: number) =>
      Array.from({ length: 8 }, (_, i) => toolStep({ id: `r${from + i}`, output: outputLines(20) })).flat();
    const messages = [system, task, ...run(0), question, ...run(8)];
    const first = await strategy.apply({ messages, counter, budget, state: strategy.initialState() });
    expect(first.messages.slice(0, 4)).toEqual([system, task, question, expect.anything()]);
    expect(isSummaryMessage(first.messages[3] as ModelMessage)).toBe(true);
    expect(prompts[0]).not.toContain('Which IP beaconed first?');
    expect(validateHistory(first.messages)).toEqual([]);

    const next: ModelMessage = { role: 'user', content: 'Now check host ws-9.' };
    const longer = [...messages, next, ...run(16)];
    const second = await strategy.compact({ messages: longer, counter, budget, state: first.state });
    expect(prompts[1]).toContain('Which IP beaconed first?');
    expect(second.messages).not.toContain(question);
    expect(second.messages).toContain(next);
    expect(second.messages.filter(isSummaryMessage)).toHaveLength(1);
    expect(validateHistory(second.messages)).toEqual([]);
  });

  it("passes its timeout and the caller's signal to every summarizer call", async () => {
    const { model, signals } = hangingModel();
    const input = { messages: investigation(), counter, budget };
    const timed = summarization({ model, timeoutMs: 20, maxRetries: 0 });
    const error = await timed
      .compact({ ...input, state: timed.initialState() })
      .catch((caught: unknown) => caught);
    expect(SummarizationError.isInstance(error) && error.message).toMatch(/no answer within 20 ms/);
    const caller = new AbortController();
    caller.abort(new Error('the user went away'));
    const cancelled = summarization({ model, abortSignal: caller.signal, maxRetries: 0 });
    const aborted = await cancelled
      .compact({ ...input, state: cancelled.initialState() })
      .catch((caught: unknown) => caught);
    expect(SummarizationError.isInstance(aborted) && aborted.message).toMatch(/the user went away/);
    expect(signals).toHaveLength(1); // an aborted signal starts no call
  });

  describe('fails clearly and replaces nothing', () => {
    const failures: [string, Reply, string][] = [
      ['an error', new Error('503 Service Unavailable'), 'model-error'],
      ['nothing', '', 'empty'],
      ['the marker alone', `${summaryMarker}\n`, 'empty'],
      [
        'a tool call instead of text',
        [{ type: 'tool-call', toolCallId: 'x', toolName: 'query_logs', input: '{}' }],
        'not-text',
      ],
      ['bytes that are not text', '\u0000\u0001\u0002\ufffd\ufffd garbage \u0003\u0004', 'not-text'],
      ['the same line over and over', 'The host ws-7 is compromised.\n'.repeat(40), 'repetitive'],
      ['more than it replaces', Array.from({ length: 5000 }, (_, i) => `point${i}`).join(' '), 'too-long'],
    ];
    for (const [what, reply, reason] of failures) {
      it(`when the summarizer answers ${what}`, async () => {
        const { model } = scriptedSummarizer(reply);
        const strategy = summarization({ model, trigger: { inputTokens: 100 }, maxRetries: 0 });
        const error = await strategy
          .apply({ messages: investigation(), counter, budget, state: strategy.initialState() })
          .catch((caught: unknown) => caught);
        expect(SummarizationError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ reason });
        if (reason === 'model-error') expect((error as Error).cause).toBeInstanceOf(Error);
      });
    }
  });
});

describe('compactHistory', () => {
  it('compacts once and reports tokens, facts repaired and usage', async () => {
    const { model } = scriptedSummarizer('Sign-ins were checked.');
    const messages = investigation();
    const result = await compactHistory({ messages, counter, model, prompt: securityInvestigationPrompt });
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore * 0.5);
    expect(result.factsRepaired).toBeGreaterThan(5);
    expect(result.summaryUsage).toEqual({ inputTokens: 500, outputTokens: 40, calls: 1 });
    expect(result.summary).toContain('Preserved facts');
    expect(result.replaced.length).toBeGreaterThan(10);
    expect(validateHistory(result.messages)).toEqual([]);
  });
});

describe('summarization on generated histories', () => {
  const { model } = scriptedSummarizer((prompt) => `Summary of ${prompt.length} characters of history.`);

  it('compacting on demand keeps the history valid and every pinned message, or fails clearly', async () => {
    const strategy = summarization({ model, preserveFacts: false });
    await fc.assert(
      fc.asyncProperty(agentHistory(), fc.array(fc.nat(), { maxLength: 4 }), async (generated, picks) => {
        const messages = generated.map((message, index) =>
          picks.some((pick) => pick % generated.length === index) ? pin(message) : message,
        );
        const result = await strategy
          .compact({ messages, counter, budget, state: strategy.initialState() })
          .catch((error: unknown) => error);
        // Folding a slice smaller than any summary fails clearly; anything else must be valid.
        if (SummarizationError.isInstance(result)) {
          expect(result.reason).toBe('too-long');
          return;
        }
        const { messages: output } = result as Awaited<ReturnType<typeof strategy.compact>>;
        expect(validateHistory(output)).toEqual([]);
        const kept = new Set(output);
        for (const index of pinnedIndexes(messages))
          expect(kept.has(messages[index] as ModelMessage)).toBe(true);
        expect(output.filter(isSummaryMessage).length).toBeLessThanOrEqual(1);
        // The latest user message stays, and so does the tool call whose results end the history.
        const question = messages.findLastIndex((message) => message.role === 'user');
        if (question !== -1) expect(kept.has(messages[question] as ModelMessage)).toBe(true);
        if (messages.at(-1)?.role === 'tool') {
          const call = messages.findLastIndex((message) => message.role === 'assistant');
          expect(kept.has(messages[call] as ModelMessage)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  strategyConformance({
    make: () =>
      summarization({ model, trigger: { inputTokens: 60 }, maxSummaryTokens: 40, minSliceTokens: 80 }),
    numRuns: 400,
  });
});
