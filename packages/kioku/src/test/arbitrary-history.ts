import type { ModelMessage, ToolResultPart } from 'ai';
import fc from 'fast-check';

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim() !== '');

/** One step of an agent: an assistant message with 0–3 parallel tool calls and their results. */
const step = (stepIndex: number) =>
  fc
    .record({ thought: text, calls: fc.array(text, { maxLength: 3 }), userFollowUp: fc.option(text) })
    .map(({ thought, calls, userFollowUp }): ModelMessage[] => {
      const ids = calls.map((_, i) => `call_${stepIndex}_${i}`);
      const assistant: ModelMessage = {
        role: 'assistant',
        content: [
          { type: 'text', text: thought },
          ...ids.map((toolCallId) => ({
            type: 'tool-call' as const,
            toolCallId,
            toolName: 'bash',
            input: { command: 'ls' },
          })),
        ],
      };
      const results: ModelMessage[] = calls.map((output, i) => ({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: ids[i] ?? '',
            toolName: 'bash',
            output: { type: 'text', value: output },
          },
        ],
      }));
      const followUp: ModelMessage[] = userFollowUp === null ? [] : [{ role: 'user', content: userFollowUp }];
      return [assistant, ...results, ...followUp];
    });

/** Random histories a provider accepts: a system prompt, a task, then agent steps with parallel tool calls. */
export const validHistory = fc
  .record({ system: fc.option(text), task: text, steps: fc.integer({ min: 0, max: 12 }) })
  .chain(({ system, task, steps }) =>
    fc
      .tuple(...Array.from({ length: steps }, (_, i) => step(i)))
      .map((stepMessages): ModelMessage[] => [
        ...(system === null ? [] : [{ role: 'system' as const, content: system }]),
        { role: 'user', content: task },
        ...stepMessages.flat(),
      ]),
  );

const maxLines = 400;
const widths = [12, 48, 150] as const;
/** Per width: 400 numbered lines, and where each line ends, so a big text is a cheap slice. */
const bases = widths.map((width) => {
  const lines = Array.from({ length: maxLines }, (_, i) => `${i}: ${'ab cd '.repeat(width / 6)}`);
  const ends: number[] = [];
  let end = -1;
  for (const line of lines) {
    end += line.length + 1;
    ends.push(end);
  }
  return { text: lines.join('\n'), ends };
});

/** `lines` (1–400) lines of one of three widths: a big command output without big random strings. */
const bigText = (lines: number, width: 0 | 1 | 2): string => {
  const base = bases[width] ?? { text: '', ends: [] };
  return base.text.slice(0, base.ends[Math.min(lines, maxLines) - 1] ?? 0);
};

const width = fc.constantFrom(0 as const, 1 as const, 2 as const);

/**
 * Tool outputs of every `ToolResultOutput` type, small and huge, and placeholders left by earlier masking
 * (marked ones carry `providerOptions.kioku.placeholder` here; `agentHistory` moves it to the part).
 */
const toolOutput: fc.Arbitrary<ToolResultPart['output']> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 60 }).map((value) => ({ type: 'text' as const, value })) },
  {
    weight: 3,
    arbitrary: fc
      .record({ lines: fc.integer({ min: 1, max: maxLines }), width })
      .map(({ lines, width }) => ({ type: 'text' as const, value: bigText(lines, width) })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 200 }).map((rows) => ({
      type: 'json' as const,
      value: Array.from({ length: rows }, (_, id) => ({ id, host: `10.0.0.${id % 255}`, event: 'login' })),
    })),
  },
  { weight: 1, arbitrary: text.map((value) => ({ type: 'error-text' as const, value })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 300 }).map((lines) => ({
      type: 'error-text' as const,
      value: `Traceback (most recent call last):\n${bigText(lines, 1)}`,
    })),
  },
  { weight: 1, arbitrary: text.map((message) => ({ type: 'error-json' as const, value: { message } })) },
  {
    weight: 1,
    arbitrary: fc.option(text, { nil: undefined }).map((reason) => ({
      type: 'execution-denied' as const,
      ...(reason === undefined ? {} : { reason }),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ lines: fc.integer({ min: 0, max: 300 }), image: fc.boolean() })
      .map(({ lines, image }) => ({
        type: 'content' as const,
        value: [
          { type: 'text' as const, text: bigText(lines, 1) },
          ...(image
            ? [
                {
                  type: 'file' as const,
                  mediaType: 'image/png',
                  data: { type: 'data' as const, data: 'iVBORw0KGgo=' },
                },
              ]
            : []),
        ],
      })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { type: 'text' as const, value: '[bash output omitted: 212 lines, 8,431 characters]' },
      {
        type: 'text' as const,
        value: '[cleared]',
        providerOptions: { kioku: { placeholder: true } },
      },
      {
        type: 'text' as const,
        value: '[read_file output omitted: 40 lines, 2,000 characters]',
        providerOptions: { kioku: { placeholder: true } },
      },
    ),
  },
);

/** Tool inputs: small arguments, a file written through a heredoc, a long SQL query, a raw string. */
const toolInput: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom({ command: 'ls -la' }, { path: 'src/app.py' }, {}) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 10, max: 300 }).map((lines) => ({
      command: `cat > /testbed/module.py << 'EOF'\n${bigText(lines, 1)}\nEOF`,
      timeout: 30,
    })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 80 }).map((columns) => ({
      sql: `SELECT ${Array.from({ length: columns }, (_, i) => `column_${i}`).join(', ')} FROM events`,
      filters: Array.from({ length: columns }, (_, i) => ({ field: `f${i}`, value: i })),
    })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3000 }).map((size) => 'x'.repeat(size)) },
  {
    weight: 1,
    arbitrary: fc.constant({
      command: "cat > big.txt << 'EOF' [… 3,412 characters of input cleared]",
    }),
  },
);

const toolName = fc.constantFrom('bash', 'read_file', 'query', 'search', 'memory');

/** One step of an agent as data; `agentHistory` numbers the calls and turns it into messages. */
const agentStep = fc.record({
  thought: fc.option(text, { nil: undefined }),
  calls: fc.array(fc.record({ toolName, input: toolInput, output: toolOutput }), { maxLength: 3 }),
  /** One tool message holding every result (the AI SDK's way), or one tool message per result. */
  resultsTogether: fc.boolean(),
  /** User messages after the step; several in a row are turns the assistant never answered. */
  followUps: fc.array(text, { maxLength: 2 }),
  /** Which of the step's messages are pinned: none mostly, else the assistant, a result or a follow-up. */
  pin: fc.oneof(
    { weight: 12, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constantFrom('assistant' as const, 'tool' as const, 'followUp' as const) },
  ),
});

const pinned = <T extends ModelMessage>(message: T): T => ({
  ...message,
  providerOptions: { kioku: { pinned: true } },
});

/**
 * Random agent histories a provider accepts, harder than `validHistory`: parallel tool calls answered
 * in one tool message or in several, outputs of every `ToolResultOutput` type up to tens of KB, big tool
 * inputs (heredocs, long SQL), pinned messages, placeholders left by earlier masking, user messages
 * with no assistant reply in between. `maxSteps` bounds the length (default 14).
 */
export const agentHistory = ({ maxSteps = 14 }: { maxSteps?: number } = {}) =>
  fc
    .record({
      system: fc.option(text, { nil: undefined }),
      task: text,
      steps: fc.array(agentStep, { maxLength: maxSteps }),
    })
    .map(({ system, task, steps }): ModelMessage[] => {
      const messages: ModelMessage[] = [];
      if (system !== undefined) messages.push({ role: 'system', content: system });
      messages.push({ role: 'user', content: task });
      steps.forEach((step, stepIndex) => {
        const ids = step.calls.map((_, i) => `call_${stepIndex}_${i}`);
        const content = [
          ...(step.thought === undefined ? [] : [{ type: 'text' as const, text: step.thought }]),
          ...step.calls.map((call, i) => ({
            type: 'tool-call' as const,
            toolCallId: ids[i] ?? '',
            toolName: call.toolName,
            input: call.input,
          })),
        ];
        const assistant: ModelMessage = {
          role: 'assistant',
          content: content.length === 0 ? [{ type: 'text', text: 'Thinking.' }] : content,
        };
        messages.push(step.pin === 'assistant' ? pinned(assistant) : assistant);
        const results = step.calls.map((call, i): ToolResultPart => {
          const part: ToolResultPart = {
            type: 'tool-result',
            toolCallId: ids[i] ?? '',
            toolName: call.toolName,
            output: call.output,
          };
          const { output } = call;
          if (output.type !== 'text' || output.providerOptions === undefined) return part;
          const { providerOptions, ...plain } = output;
          return { ...part, output: plain, providerOptions };
        });
        const toolMessages: ModelMessage[] = step.resultsTogether
          ? results.length === 0
            ? []
            : [{ role: 'tool', content: results }]
          : results.map((result) => ({ role: 'tool', content: [result] }));
        toolMessages.forEach((message, i) => {
          messages.push(step.pin === 'tool' && i === 0 ? pinned(message) : message);
        });
        step.followUps.forEach((followUp, i) => {
          const message: ModelMessage = { role: 'user', content: followUp };
          messages.push(step.pin === 'followUp' && i === 0 ? pinned(message) : message);
        });
      });
      return messages;
    });
