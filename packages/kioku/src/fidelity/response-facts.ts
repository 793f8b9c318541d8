import type { ModelMessage } from 'ai';
import { messageStrings } from '../strategies/summarization/facts/message-strings.js';
import type { DistinctiveFact } from './distinctive-fact.js';
import { extractDistinctiveFacts } from './extract-distinctive-facts.js';

/** The distinctive facts of one answer of the agent, where it wrote them. */
export interface ResponseFacts {
  /** Facts of its text parts. */
  text: DistinctiveFact[];
  /** Facts of its reasoning parts (a reasoning model's thinking: half of what it uses can appear only there). */
  reasoning: DistinctiveFact[];
  /** Each tool call, in order, with the facts of its arguments (string values, numbers too). */
  toolCalls: { toolName: string; facts: DistinctiveFact[] }[];
}

/**
 * The distinctive facts of an agent's answer (`extractDistinctiveFacts`): those of its text, those of its
 * reasoning (what a reasoning model drew on from tool outputs often appears only there) and, per tool
 * call, those of its arguments' values, each argument value read on its own. A string answer is all text.
 *
 * @example
 * const { toolCalls } = responseFacts(assistantMessage);
 * toolCalls.map((call) => call.facts.length);
 */
export function responseFacts(response: ModelMessage): ResponseFacts {
  if (typeof response.content === 'string') {
    return { text: extractDistinctiveFacts(response.content), reasoning: [], toolCalls: [] };
  }
  const text: DistinctiveFact[] = [];
  const reasoning: DistinctiveFact[] = [];
  const toolCalls: ResponseFacts['toolCalls'] = [];
  for (const part of response.content) {
    if (part.type === 'text') text.push(...extractDistinctiveFacts(part.text));
    if (part.type === 'reasoning') reasoning.push(...extractDistinctiveFacts(part.text));
    if (part.type !== 'tool-call') continue;
    const values = messageStrings({ role: 'assistant', content: [part] }, { scalars: true });
    const facts = new Map<string, DistinctiveFact>();
    for (const value of values) {
      for (const fact of extractDistinctiveFacts(value))
        if (!facts.has(fact.value)) facts.set(fact.value, fact);
    }
    toolCalls.push({ toolName: part.toolName, facts: [...facts.values()] });
  }
  return { text, reasoning, toolCalls };
}
