// A scripted summarizer for the benchmarks: an AI SDK mock model that summarizes badly on purpose. It
// answers with the first sentence of each message it is shown, cut to 60 characters, so most IOCs and
// instructions of the slice are dropped and fact preservation has to repair them.
import { MockLanguageModelV4 } from 'ai/test';

const maxSentence = 60;

/** The first sentence of each `### heading` block of a summarizer prompt, cut to 60 characters. */
export function droppingSummary(prompt) {
  const blocks = prompt.split(/^### /m).slice(1);
  const lines = blocks.map((block) => {
    const [heading, ...body] = block.split('\n');
    const text = body.join(' ').replace(/\s+/g, ' ').trim();
    const sentence = text.split(/(?<=[.!?])\s/)[0] ?? '';
    return `- ${heading}: ${sentence.slice(0, maxSentence)}`;
  });
  // A summary is shorter than what it replaces: at most a fifth of the prompt.
  return lines.join('\n').slice(0, Math.max(200, Math.floor(prompt.length / 5))) || 'Nothing happened.';
}

/** The mock model; `state.calls` counts its calls. */
export function droppingSummarizer() {
  const state = { calls: 0 };
  const model = new MockLanguageModelV4({
    modelId: 'scripted-dropping-summarizer',
    doGenerate: async (options) => {
      state.calls += 1;
      const prompt = options.prompt
        .filter((message) => message.role === 'user')
        .flatMap((message) => message.content.filter((part) => part.type === 'text').map((part) => part.text))
        .join('\n');
      const text = droppingSummary(prompt);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: {
            total: Math.ceil(prompt.length / 4),
            noCache: undefined,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: Math.ceil(text.length / 4), text: undefined, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, state };
}
