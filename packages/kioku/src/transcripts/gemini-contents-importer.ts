import type { AssistantContent, FilePart, JSONValue, ModelMessage, TextPart, ToolResultPart } from 'ai';
import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { formatLocation } from '../json/format-json-path.js';
import { conversationTranscript } from './conversation-transcript.js';
import { type GeminiPart, geminiRequestSchema } from './gemini-content.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parseShape } from './parse-shape.js';
import type { ToolDefinition } from './transcript.js';

/**
 * Reads Gemini `generateContent` conversations (`{systemInstruction?, contents: [{role: 'user' | 'model',
 * parts}], tools?}`). `functionCall` parts become tool calls; `functionResponse` parts become a `tool`
 * message, matched to their call by `id` when present, else to the oldest unanswered call of that name.
 *
 * @example
 * const [run] = geminiContentsImporter().read(JSON.parse(body), { file: 'request.json' });
 */
export function geminiContentsImporter(): Importer {
  return {
    format: 'gemini-contents',
    expected:
      'a Gemini generateContent request: {systemInstruction?, contents: [{role: "user" | "model", parts: [{text} | {functionCall} | {functionResponse}]}], tools?}',
    detect(value) {
      if (!isRecord(value) || !Array.isArray(value.contents)) return 0;
      const first: unknown = value.contents[0];
      return isRecord(first) && Array.isArray(first.parts) ? 0.95 : 0.6;
    },
    read(value, { file, lines }) {
      const request = parseShape(geminiRequestSchema, value, { file, lines });
      const messages: ModelMessage[] = [];
      const pending: Array<{ id: string; name: string }> = [];
      const system = request.systemInstruction;
      if (system !== undefined && system !== null) {
        messages.push({
          role: 'system',
          content: typeof system === 'string' ? system : system.parts.map((p) => p.text).join('\n'),
        });
      }
      request.contents.forEach((content, index) => {
        if (content.role === 'model') {
          messages.push({ role: 'assistant', content: modelContent(content.parts, index, pending) });
          return;
        }
        const responses = content.parts.flatMap((part, partIndex) =>
          part.kind === 'response' ? [toolResult(part, index, partIndex)] : [],
        );
        if (responses.length > 0) messages.push({ role: 'tool', content: responses });
        const others = content.parts.filter((part) => part.kind !== 'response');
        if (others.length > 0 || responses.length === 0) {
          messages.push({ role: 'user', content: others.flatMap(userPart) });
        }
      });
      const model = request.model?.replace(/^models\//, '') || undefined;
      const tools = request.tools?.flatMap((tool) =>
        (tool.functionDeclarations ?? []).map((declaration): ToolDefinition => {
          const definition: ToolDefinition = {
            name: declaration.name,
            inputSchema: declaration.parametersJsonSchema ?? declaration.parameters ?? { type: 'object' },
          };
          if (declaration.description) definition.description = declaration.description;
          return definition;
        }),
      );
      return [conversationTranscript({ format: 'gemini-contents', file, model, messages, tools })];

      function toolResult(
        response: Extract<GeminiPart, { kind: 'response' }>,
        index: number,
        partIndex: number,
      ): ToolResultPart {
        const byId = response.id === undefined ? -1 : pending.findIndex((call) => call.id === response.id);
        const position = byId === -1 ? pending.findIndex((call) => call.name === response.name) : byId;
        const call = pending[position];
        if (call === undefined) {
          throw new TranscriptFormatError({
            file,
            location: formatLocation(['contents', index, 'parts', partIndex, 'functionResponse'], lines),
            expected: 'a response to a functionCall in an earlier model message',
            found: `a response to ${JSON.stringify(response.id ?? response.name)}, which no earlier model message calls`,
          });
        }
        pending.splice(position, 1);
        return {
          type: 'tool-result',
          toolCallId: call.id,
          toolName: call.name,
          output: { type: 'json', value: (response.response ?? null) as JSONValue },
        };
      }
    },
  };
}

function modelContent(
  parts: readonly GeminiPart[],
  index: number,
  pending: Array<{ id: string; name: string }>,
): AssistantContent {
  return parts.flatMap((part, partIndex): Exclude<AssistantContent, string> => {
    if (part.kind === 'call') {
      const id = part.id || `call-${index}-${partIndex}`;
      pending.push({ id, name: part.name });
      return [{ type: 'tool-call', toolCallId: id, toolName: part.name, input: part.args }];
    }
    if (part.kind === 'text') return [{ type: part.thought ? 'reasoning' : 'text', text: part.text }];
    return [];
  });
}

function userPart(part: GeminiPart): Array<TextPart | FilePart> {
  switch (part.kind) {
    case 'text':
      return [{ type: 'text', text: part.text }];
    case 'data':
      return [{ type: 'file', mediaType: part.mediaType, data: part.data }];
    case 'file':
      return [
        {
          type: 'file',
          mediaType: part.mediaType,
          data: URL.canParse(part.uri) ? new URL(part.uri) : part.uri,
        },
      ];
    default:
      return [];
  }
}
