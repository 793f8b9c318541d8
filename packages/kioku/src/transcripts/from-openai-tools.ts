import { z } from 'zod';
import type { ToolDefinition } from './transcript.js';

/** OpenAI `tools` (function format, or the legacy `functions` list). */
export const openAIToolsSchema = z.array(
  z.union([
    z.looseObject({
      type: z.literal('function'),
      function: z.looseObject({
        name: z.string(),
        description: z.string().nullish(),
        parameters: z.record(z.string(), z.unknown()).nullish(),
      }),
    }),
    z.looseObject({
      name: z.string(),
      description: z.string().nullish(),
      parameters: z.record(z.string(), z.unknown()).nullish(),
    }),
  ]),
);

interface FunctionDefinition {
  name: string;
  description?: string | null | undefined;
  parameters?: Record<string, unknown> | null | undefined;
}

/** Converts validated OpenAI tool definitions; a tool without parameters takes an empty object. */
export function fromOpenAITools(tools: z.output<typeof openAIToolsSchema>): ToolDefinition[] {
  return tools.map((tool) => {
    const fn = ('function' in tool ? tool.function : tool) as FunctionDefinition;
    const definition: ToolDefinition = {
      name: fn.name,
      inputSchema: fn.parameters ?? { type: 'object', properties: {} },
    };
    if (fn.description) definition.description = fn.description;
    return definition;
  });
}
