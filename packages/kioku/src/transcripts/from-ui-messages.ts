import type { JSONValue } from '@ai-sdk/provider';
import type {
  AssistantContent,
  FilePart,
  ModelMessage,
  TextPart,
  ToolContent,
  ToolResultPart,
  UserContent,
} from 'ai';

/** A UI message part as `useChat` stores it (only the fields the conversion reads). */
export interface UiPart {
  type: string;
  text?: string | undefined;
  mediaType?: string | undefined;
  filename?: string | undefined;
  url?: string | undefined;
  providerMetadata?: Record<string, Record<string, JSONValue>> | undefined;
  toolCallId?: string | undefined;
  toolName?: string | undefined;
  state?: string | undefined;
  input?: unknown | undefined;
  output?: unknown | undefined;
  errorText?: string | undefined;
  providerExecuted?: boolean | undefined;
  dynamic?: boolean | undefined;
  approval?: { approved?: boolean | undefined; reason?: string | undefined } | undefined;
}

/** A UI message as `useChat` stores it: an id, a role and parts. */
export interface UiMessage {
  role: 'system' | 'user' | 'assistant';
  parts: UiPart[];
}

/**
 * Converts AI SDK `UIMessage`s to `ModelMessage`s the way the AI SDK's `convertToModelMessages` does
 * without tools (a test checks the two agree), but synchronously, as importers are: system text joined;
 * user text and files; each assistant step (split at `step-start`) as an assistant message of text,
 * reasoning, files and tool calls, followed by a tool message with the results of the tools the client
 * ran (outputs as text or JSON, errors as `error-text`, denials). Data and source parts are not sent to
 * a model and are left out.
 */
export function fromUiMessages(messages: readonly UiMessage[]): ModelMessage[] {
  const converted: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      const text = message.parts.filter((part) => part.type === 'text');
      const providerOptions = Object.assign({}, ...text.map((part) => part.providerMetadata ?? {}));
      converted.push({
        role: 'system',
        content: text.map((part) => part.text ?? '').join(''),
        ...(Object.keys(providerOptions).length > 0 ? { providerOptions } : {}),
      });
    } else if (message.role === 'user') {
      const content: UserContent = message.parts.flatMap(
        (part): Array<TextPart | FilePart> =>
          part.type === 'text' ? [textPart(part)] : part.type === 'file' ? [filePart(part)] : [],
      );
      converted.push({ role: 'user', content });
    } else {
      let step: UiPart[] = [];
      for (const part of message.parts) {
        if (part.type === 'step-start') {
          converted.push(...assistantStep(step));
          step = [];
        } else step.push(part);
      }
      converted.push(...assistantStep(step));
    }
  }
  return converted;
}

function assistantStep(parts: readonly UiPart[]): ModelMessage[] {
  const content: Exclude<AssistantContent, string> = [];
  const tools = parts.filter(isToolPart);
  for (const part of parts) {
    if (part.type === 'text') content.push(textPart(part));
    else if (part.type === 'reasoning') {
      content.push({
        type: 'reasoning',
        text: part.text ?? '',
        ...(part.providerMetadata == null ? {} : { providerOptions: part.providerMetadata }),
      });
    } else if (part.type === 'file') content.push(filePart(part));
    else if (isToolPart(part) && part.state !== 'input-streaming') {
      const toolName = toolNameOf(part);
      content.push({
        type: 'tool-call',
        toolCallId: part.toolCallId ?? '',
        toolName,
        input: part.input,
        ...(part.providerExecuted === undefined ? {} : { providerExecuted: part.providerExecuted }),
      });
      if (
        part.providerExecuted === true &&
        (part.state === 'output-available' || part.state === 'output-error')
      ) {
        content.push(toolResult(part, part.state === 'output-error' ? 'json' : 'none'));
      }
    }
  }
  const results: ToolContent = [];
  for (const part of tools) {
    if (part.state === 'approval-responded' && part.approval?.approved === false) {
      const output = {
        type: 'execution-denied' as const,
        ...(part.approval.reason === undefined ? {} : { reason: part.approval.reason }),
      };
      results.push({
        type: 'tool-result',
        toolCallId: part.toolCallId ?? '',
        toolName: toolNameOf(part),
        output,
      });
    }
    if (part.providerExecuted === true) continue;
    if (part.state === 'output-denied') {
      const value = part.approval?.reason ?? 'Tool call execution denied.';
      results.push({
        type: 'tool-result',
        toolCallId: part.toolCallId ?? '',
        toolName: toolNameOf(part),
        output: { type: 'error-text', value },
      });
    } else if (part.state === 'output-available' || part.state === 'output-error') {
      results.push(toolResult(part, part.state === 'output-error' ? 'text' : 'none'));
    }
  }
  return [
    ...(content.length > 0 ? [{ role: 'assistant' as const, content }] : []),
    ...(results.length > 0 ? [{ role: 'tool' as const, content: results }] : []),
  ];
}

function toolResult(part: UiPart, errorMode: 'none' | 'text' | 'json'): ToolResultPart {
  const toolName = toolNameOf(part);
  const base = { type: 'tool-result' as const, toolCallId: part.toolCallId ?? '', toolName };
  if (errorMode === 'text') return { ...base, output: { type: 'error-text', value: part.errorText ?? '' } };
  if (errorMode === 'json')
    return { ...base, output: { type: 'error-json', value: (part.errorText ?? null) as JSONValue } };
  if (part.type === 'dynamic-tool' && part.dynamic === false) {
    return {
      ...base,
      output: { type: 'text', value: 'Tool output omitted because the tool is no longer available.' },
    };
  }
  return typeof part.output === 'string'
    ? { ...base, output: { type: 'text', value: part.output } }
    : {
        ...base,
        output: { type: 'json', value: JSON.parse(JSON.stringify(part.output ?? null)) as JSONValue },
      };
}

function textPart(part: UiPart): TextPart {
  return {
    type: 'text',
    text: part.text ?? '',
    ...(part.providerMetadata == null ? {} : { providerOptions: part.providerMetadata }),
  };
}

function filePart(part: UiPart): FilePart {
  return {
    type: 'file',
    mediaType: part.mediaType ?? 'application/octet-stream',
    ...(part.filename === undefined ? {} : { filename: part.filename }),
    data: { type: 'url', url: new URL(part.url ?? '') },
    ...(part.providerMetadata == null ? {} : { providerOptions: part.providerMetadata }),
  };
}

function isToolPart(part: UiPart): boolean {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}

function toolNameOf(part: UiPart): string {
  return part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length);
}
