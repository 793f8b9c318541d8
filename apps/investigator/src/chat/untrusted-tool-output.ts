import type { Tool, ToolSet } from 'ai';
import { markUntrusted } from '../untrusted/index.js';

/** The text of a tool's output: a sub-agent's answer, an MCP result's text parts, a string, or JSON. */
function outputText(output: unknown): unknown {
  if (typeof output === 'string') return output;
  if (typeof output === 'object' && output !== null) {
    if ('text' in output && typeof output.text === 'string') return output.text;
    if ('content' in output && Array.isArray(output.content)) {
      const texts = output.content
        .map((part: unknown) =>
          typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string'
            ? part.text
            : JSON.stringify(part),
        )
        .join('\n');
      return texts;
    }
  }
  return output;
}

/**
 * Every tool of a set with its output handed to the model inside an `<untrusted-data source="<tool>
 * output">` block (what a sub-agent answered, what an MCP server returned, rows, lookups), so nothing a
 * tool returns reads as an instruction. What the tool returns to the caller (progress, reports) is
 * unchanged.
 *
 * @example
 * const tools = untrustedToolOutput((await registry.resolve()).tools);
 */
export function untrustedToolOutput(tools: ToolSet): ToolSet {
  const marked: ToolSet = {};
  for (const [name, original] of Object.entries(tools)) {
    marked[name] = {
      ...original,
      toModelOutput: ({ output }: { output: unknown }) => ({
        type: 'text',
        value: markUntrusted({ source: `${name} output`, content: outputText(output) }),
      }),
    } as Tool;
  }
  return marked;
}
