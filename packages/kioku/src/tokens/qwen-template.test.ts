import { describe, expect, it } from 'vitest';
import { createQwenCounter } from './qwen-counter.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

describe('qwen counter', () => {
  const counter = createQwenCounter();
  const count = (text: string) => vocabularyTokenizer('qwen2.5').count(text);

  it('counts a chat as the Qwen chat template writes it', () => {
    const counted = counter.countPrompt({
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'List the files.' },
      ],
    });
    expect(counted).toBe(
      count(
        '<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nList the files.<|im_end|>\n<|im_start|>assistant\n',
      ),
    );
  });

  it('counts tool calls and results in <tool_call> and <tool_response> blocks', () => {
    const counted = counter.countPrompt({
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: { command: 'ls -la' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'bash',
              output: { type: 'text', value: 'README.md' },
            },
          ],
        },
      ],
    });
    expect(counted).toBe(
      count(
        '<|im_start|>assistant\n<tool_call>\n{"name": "bash", "arguments": {"command": "ls -la"}}\n</tool_call><|im_end|>\n' +
          '<|im_start|>user\n<tool_response>\nREADME.md\n</tool_response><|im_end|>\n<|im_start|>assistant\n',
      ),
    );
  });

  it('is labelled an estimate until measured against billed usage', () => {
    expect(counter.exact).toBe(false);
    expect(counter.family).toBe('qwen');
  });
});
