import { describe, expect, it } from 'vitest';
import { deepSeekV32Template } from './deepseek-v32-template.js';

// The first step of mini-swe-agent's marshmallow-code__marshmallow-1343 run (deepseek-chat).
const thought =
  "I'll start by exploring the codebase to understand the structure and locate the relevant files. Let me first check the current directory and see what's available.";

describe('deepSeekV32Template', () => {
  const template = deepSeekV32Template();

  it('writes tool calls as DSML invokes with raw string parameters and JSON for the rest', () => {
    const rendered = template.renderMessage({
      role: 'assistant',
      content: [
        { type: 'text', text: thought },
        {
          type: 'tool-call',
          toolCallId: 'call_00_oKj1',
          toolName: 'bash',
          input: { command: 'pwd && ls -la', n: 3 },
        },
      ],
    });
    expect(rendered.pieces.map((piece) => piece.text).join('')).toBe(
      `${thought}\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="bash">\n` +
        '<｜DSML｜parameter name="command" string="true">pwd && ls -la</｜DSML｜parameter>\n' +
        '<｜DSML｜parameter name="n" string="false">3</｜DSML｜parameter>\n' +
        '</｜DSML｜invoke>\n</｜DSML｜function_calls>' +
        '\n\n<function_results>\n</function_results>\n\n',
    );
    // <｜end▁of▁sentence｜> and the </think> after the results.
    expect(rendered.specialTokens).toBe(2);
    expect(rendered.toolCalls).toBe(1);
  });

  it('wraps each tool result and marks user turns with their special tokens', () => {
    const result = template.renderMessage({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_00_oKj1',
          toolName: 'bash',
          output: { type: 'text', value: '<returncode>0</returncode>' },
        },
      ],
    });
    expect(result.pieces.map((piece) => piece.text)).toEqual([
      '\n<result><returncode>0</returncode></result>',
    ]);
    expect(result.toolResults).toBe(1);
    expect(template.renderMessage({ role: 'user', content: 'hi' }).specialTokens).toBe(3);
    expect(template.renderRequest().specialTokens).toBe(1);
  });

  it('lists tool schemas as Python-style JSON inside the tool block', () => {
    const text = template.renderTools([
      {
        name: 'bash',
        description: 'Execute a bash command',
        inputSchema: { type: 'object', required: ['command'] },
      },
    ]);
    expect(text).toContain(
      '<functions>\n{"name": "bash", "description": "Execute a bash command", "parameters": {"type": "object", "required": ["command"]}}\n</functions>',
    );
    expect(text.startsWith('\n\n## Tools\n')).toBe(true);
  });

  it('writes the reasoning sent back in a deepseek-reasoner tool turn before the answer, with </think>', () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: { command: 'ls' } } as const;
    const without = template.renderMessage({
      role: 'assistant',
      content: [{ type: 'text', text: thought }, call],
    });
    const withReasoning = template.renderMessage({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'The user wants the files listed.' },
        { type: 'text', text: thought },
        call,
      ],
    });
    expect(withReasoning.pieces[0]).toEqual({ kind: 'text', text: 'The user wants the files listed.' });
    expect(withReasoning.pieces.slice(1)).toEqual(without.pieces);
    expect(withReasoning.specialTokens).toBe(without.specialTokens + 1);
  });
});
