import { describe, expect, it } from 'vitest';
import { textActions } from './text-actions.js';

describe('textActions', () => {
  it("reads ReAct's Action: name[args], over lines, and LangChain's Action / Action Input", () => {
    expect(textActions('Thought: look it up\nAction: search[kioku memory]')).toEqual([
      { tool: 'search', input: { input: 'kioku memory' } },
    ]);
    expect(
      textActions('Thought: tables first.\n\nAction: execute[\n-- which tables\nSHOW TABLES;\n]'),
    ).toEqual([{ tool: 'execute', input: { input: '-- which tables\nSHOW TABLES;' } }]);
    expect(textActions('Action: lookup\nAction Input: {"id": 7}')).toEqual([
      { tool: 'lookup', input: { id: 7 } },
    ]);
  });

  it('reads the last fenced command block, its first word the tool', () => {
    expect(textActions('First I list them.\n\n```bash\nls -la src | head\n```')).toEqual([
      { tool: 'ls', input: { command: 'ls -la src | head' } },
    ]);
    expect(
      textActions('An example:\n```\nfoo\n```\nNow:\n```\nedit 1:1\nprint(1)\nend_of_edit\n```'),
    ).toEqual([{ tool: 'edit', input: { command: 'edit 1:1\nprint(1)\nend_of_edit' } }]);
  });

  it('finds none in an answer or in thoughts only', () => {
    expect(textActions('The account is nathans.')).toEqual([]);
    expect(textActions('Thought: the action taken was wrong.')).toEqual([]);
  });
});
