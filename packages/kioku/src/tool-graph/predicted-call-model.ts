import type {
  LanguageModelV4,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';

/** The call a {@link predictedCallModel} answers with, and the graph's probability for it. */
export interface PredictedCall {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
  probability: number;
}

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const finishReason: LanguageModelV4FinishReason = { unified: 'tool-calls', raw: undefined };

/**
 * A language model that answers one step with a predicted tool call and calls nothing: what
 * `toolGraphPrepareStep` puts in place of the step's model when the graph is confident. The step reports
 * no tokens and `providerMetadata.kioku = { predicted: true, probability, tool }`.
 */
export function predictedCallModel(call: PredictedCall): LanguageModelV4 {
  const providerMetadata = {
    kioku: { predicted: true, probability: call.probability, tool: call.toolName },
  };
  const toolCall: LanguageModelV4ToolCall = {
    type: 'tool-call',
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: JSON.stringify(call.input),
  };
  return {
    specificationVersion: 'v4',
    provider: 'kioku.tool-graph',
    modelId: 'predicted-call',
    supportedUrls: {},
    doGenerate: async () => ({
      content: [toolCall],
      finishReason,
      usage,
      providerMetadata,
      warnings: [],
    }),
    doStream: async () => {
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        toolCall,
        { type: 'finish', finishReason, usage, providerMetadata },
      ];
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
