import { describe, expect, it } from 'vitest';
import { openAIToolsNamespace } from './openai-tools-namespace.js';

describe('openAIToolsNamespace', () => {
  it('writes tools as a TypeScript namespace with comments, optional fields and enums', () => {
    const text = openAIToolsNamespace([
      {
        name: 'str_replace_editor',
        description: 'Edit files',
        inputSchema: {
          type: 'object',
          properties: {
            command: { type: 'string', enum: ['view', 'create'], description: 'The command' },
            view_range: { type: 'array', items: { type: 'integer' } },
          },
          required: ['command'],
        },
      },
      { name: 'finish', inputSchema: { type: 'object', properties: {} } },
    ]);
    expect(text).toBe(
      '# Tools\n\n## functions\n\nnamespace functions {\n\n// Edit files\ntype str_replace_editor = (_: {\n' +
        '// The command\ncommand: "view" | "create",\nview_range?: number[],\n}) => any;\n\n' +
        'type finish = () => any;\n\n} // namespace functions',
    );
  });

  it('writes titles, multi-line descriptions, defaults and nested $ref schemas as OpenAI does', () => {
    // The shape pydantic gives tau2-bench's book_reservation: titles everywhere, items by $ref.
    const text = openAIToolsNamespace([
      {
        name: 'book',
        description: 'Book a flight.\n\nOnly when asked.',
        inputSchema: {
          $defs: {
            Flight: {
              type: 'object',
              title: 'Flight',
              properties: { number: { type: 'string', title: 'Number', description: "Such as 'HAT001'." } },
              required: ['number'],
            },
          },
          type: 'object',
          properties: {
            flights: {
              type: 'array',
              title: 'Flights',
              items: { anyOf: [{ $ref: '#/$defs/Flight' }, { type: 'object', additionalProperties: true }] },
            },
            insurance: { type: 'string', enum: ['yes', 'no'], default: 'no' },
            seats: { type: ['integer', 'null'], default: 1 },
          },
          required: ['flights'],
        },
      },
    ]);
    expect(text).toBe(
      '# Tools\n\n## functions\n\nnamespace functions {\n\n' +
        '// Book a flight.\n// \n// Only when asked.\ntype book = (_: {\n' +
        "// Flights\n//\nflights: {\n    // Number\n    //\n    // Such as 'HAT001'.\n" +
        '    number: string,\n    } | {\n    }[],\n' +
        'insurance?: "yes" | "no", // default: no\n' +
        'seats?: number | null, // default: 1\n' +
        '}) => any;\n\n} // namespace functions',
    );
  });

  it('writes a $ref cycle as any instead of recursing forever', () => {
    const text = openAIToolsNamespace([
      {
        name: 'tree',
        inputSchema: {
          $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } },
          type: 'object',
          properties: { root: { $ref: '#/$defs/Node' } },
        },
      },
    ]);
    expect(text).toContain('child?: any');
  });
});
