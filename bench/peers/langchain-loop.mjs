// LangChain.js' real agent loop (`createAgent` from `langchain`) over a recorded run: a scripted chat
// model answers each call with the recorded assistant message, the tools return the recorded outputs,
// and the prompt the model receives at each call is captured and turned into AI SDK messages.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { ClearToolUsesEdit, contextEditingMiddleware, createAgent, tool } from 'langchain';

/** A chat model that answers with the recorded steps in order and keeps the messages of every call. */
class ScriptedChatModel extends BaseChatModel {
  constructor(steps, prompts) {
    super({});
    this.steps = steps;
    this.prompts = prompts;
  }
  _llmType() {
    return 'scripted';
  }
  bindTools() {
    return this;
  }
  async _generate(messages) {
    this.prompts.push(messages);
    const step = this.steps[this.prompts.length - 1];
    const message =
      step === undefined
        ? new AIMessage({ content: 'Done.' })
        : new AIMessage({
            content: step.text,
            // As the provider integrations parse them (`@langchain/anthropic`, `@langchain/openai`).
            tool_calls: step.calls.map((call) => ({
              id: call.id,
              name: call.name,
              args: call.input,
              type: 'tool_call',
            })),
          });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

/** LangChain messages as AI SDK `ModelMessage`s, one tool message per `ToolMessage`. */
export function toModelMessages(messages) {
  return messages.map((message) => {
    const type = message._getType();
    const text = typeof message.content === 'string' ? message.content : message.text;
    if (type === 'system') return { role: 'system', content: text };
    if (type === 'human') return { role: 'user', content: text };
    if (type === 'ai') {
      const content = text === '' ? [] : [{ type: 'text', text }];
      for (const call of message.tool_calls ?? []) {
        content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args });
      }
      return { role: 'assistant', content };
    }
    if (type === 'tool') {
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.tool_call_id,
            toolName: message.name,
            output: { type: 'text', value: text },
          },
        ],
      };
    }
    throw new Error(`unexpected LangChain message type ${type}`);
  });
}

/**
 * Runs `script` (from `recordedSteps`) through `createAgent`, with `contextEditingMiddleware` and a
 * `ClearToolUsesEdit` triggered at `triggerTokens` (keep 3, LangChain's defaults otherwise) when given,
 * else with no middleware. Returns the prompt of every model call as AI SDK messages, system first.
 */
export async function runLangChainAgent(script, { triggerTokens } = {}) {
  const prompts = [];
  const tools = script.toolNames.map((name) =>
    tool(
      async (_input, config) => {
        const id = config.toolCall?.id;
        const output = script.steps.find((step) => step.outputs.has(id))?.outputs.get(id);
        if (output === undefined) throw new Error(`${script.id}: no recorded output for tool call ${id}`);
        return output;
      },
      {
        name,
        description: `Replays the recorded outputs of ${name}.`,
        schema: { type: 'object', properties: {}, additionalProperties: true },
      },
    ),
  );
  const middleware =
    triggerTokens === undefined
      ? []
      : [
          contextEditingMiddleware({
            edits: [new ClearToolUsesEdit({ trigger: { tokens: triggerTokens } })],
          }),
        ];
  const agent = createAgent({
    model: new ScriptedChatModel(script.steps, prompts),
    tools,
    systemPrompt: script.system,
    middleware,
  });
  await agent.invoke(
    { messages: [new HumanMessage(script.task)] },
    { recursionLimit: 2 * script.steps.length + 10 },
  );
  return prompts.map(toModelMessages);
}
