import { describe, expect, it } from 'vitest';
import { openAiToolsNamespace } from './openai-tools-namespace.js';

describe('openAiToolsNamespace', () => {
  it('writes tools as a TypeScript namespace with comments, optional fields and enums', () => {
    const text = openAiToolsNamespace([
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
});
